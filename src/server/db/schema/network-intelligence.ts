import { bigint, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { networks } from './tenancy.ts';

/**
 * A network's settings of benchmarks and early warning: the written-premium limits of its agencies'
 * size bands (ascending whole dollars) and the loss ratio (percent) above which a rising loss ratio
 * warns. A network without a row uses the defaults of `shared/domain/benchmarks.ts`.
 */
export const networkIntelligenceSettings = pgTable('network_intelligence_settings', {
  networkUuid: uuid('network_uuid')
    .primaryKey()
    .references(() => networks.uuid),
  sizeBandLimits: bigint('size_band_limits', { mode: 'number' }).array().notNull(),
  lossRatioThreshold: numeric('loss_ratio_threshold', { precision: 5, scale: 2 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

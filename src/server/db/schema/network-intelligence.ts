import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
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

/**
 * A user's monthly digest by e-mail (decision 071): off, when the month's data is complete (every
 * expected carrier report arrived, the monthly close's rule), or on a day of the month (1 to 28).
 * A user without a row has the digest off.
 */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userUuid: uuid('user_uuid')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['off', 'complete', 'day'] }).notNull(),
    day: integer('day'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'digest_settings_day',
      sql`(${t.mode} = 'day') = (${t.day} is not null) and (${t.day} is null or ${t.day} between 1 and 28)`,
    ),
  ],
);

/**
 * The digest job table (decision 071): one row per user and month, created pending by the scheduler
 * and claimed with `for update skip locked`, so several server processes send each digest once.
 */
export const digestRuns = pgTable(
  'digest_runs',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month the digest reports (its first day). */
    period: date('period').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('digest_runs_user_period').on(t.userUuid, t.period),
    index('digest_runs_pending').on(t.status, t.period),
  ],
);

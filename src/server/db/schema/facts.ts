import { money } from './columns.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './tenancy.ts';
import { carriers, linesOfBusiness } from './dimensions.ts';

/**
 * Agency codes (sub-codes): the code an agency is known by at a carrier. A sub-code may hang under a
 * parent code (an associated sub agency).
 */
export const agencyCodes = pgTable(
  'agency_codes',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentUuid: uuid('parent_uuid'),
    /** 'feed' when the carrier's data feed knows the code, 'manual' when an agency created it by hand. */
    origin: text('origin', { enum: ['feed', 'manual'] })
      .notNull()
      .default('feed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.uuid] }),
    uniqueIndex('agency_codes_code_uidx').on(t.agencyUuid, t.carrierUuid, t.code),
    uniqueIndex('agency_codes_uuid_uidx').on(t.uuid),
  ],
);

/**
 * The months a carrier reported for an agency. A month absent here is missing data, which is what
 * marks a report "incomplete".
 */
export const carrierReportedMonths = pgTable(
  'carrier_reported_months',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    /** First day of the month reported. */
    month: date('month', { mode: 'string' }).notNull(),
    networkUuid: uuid('network_uuid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.carrierUuid, t.month] }),
    index('carrier_reported_months_network_idx').on(t.networkUuid, t.month),
    // A network's latest reported month per carrier (the planning tool's reporting dates).
    index('carrier_reported_months_network_carrier_idx').on(t.networkUuid, t.carrierUuid, t.month),
  ],
);

/**
 * Monthly production per agency x carrier x standard type (x sub-code where known) x month. `source`
 * is 'feed' (carrier download) or 'manual' (typed in by the agency).
 */
export const productionFacts = pgTable(
  'production_facts',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    networkUuid: uuid('network_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    lineUuid: uuid('line_uuid')
      .notNull()
      .references(() => linesOfBusiness.uuid),
    agencyCodeUuid: uuid('agency_code_uuid'),
    month: date('month', { mode: 'string' }).notNull(),
    source: text('source').notNull().default('feed'),
    /**
     * How many months before `month` the amounts also cover: 0 for a month of its own. A manual entry
     * after a missing month is the difference of two snapshots further apart (decision 014), so it
     * covers the gap too; a period that starts inside that span leaves it out.
     */
    gapMonths: smallint('gap_months').notNull().default(0),
    writtenPremium: money('written_premium'),
    newWrittenPremium: money('new_written_premium'),
    earned: money('earned'),
    incurred: money('incurred'),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.id] }),
    uniqueIndex('production_facts_grain_uidx').on(
      t.agencyUuid,
      t.carrierUuid,
      t.lineUuid,
      t.month,
      t.source,
      sql`coalesce(${t.agencyCodeUuid}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('production_facts_agency_month_idx').on(t.agencyUuid, t.month),
    index('production_facts_network_month_idx').on(t.networkUuid, t.month),
    index('production_facts_spans_idx')
      .on(t.networkUuid, t.month)
      .where(sql`${t.gapMonths} > 0`),
  ],
);

/**
 * Monthly commission per agency x carrier x line x month. The line is a standard type where the
 * carrier's statement maps that far, otherwise a broad line.
 */
export const commissionFacts = pgTable(
  'commission_facts',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    networkUuid: uuid('network_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    lineUuid: uuid('line_uuid')
      .notNull()
      .references(() => linesOfBusiness.uuid),
    month: date('month', { mode: 'string' }).notNull(),
    source: text('source').notNull().default('feed'),
    writtenPremium: money('written_premium'),
    baseCommission: money('base_commission'),
    additionalCommission: money('additional_commission'),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.id] }),
    uniqueIndex('commission_facts_grain_uidx').on(t.agencyUuid, t.carrierUuid, t.lineUuid, t.month, t.source),
    index('commission_facts_network_month_idx').on(t.networkUuid, t.month),
  ],
);

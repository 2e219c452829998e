import {
  bigint,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './columns.ts';
import { agencies } from './tenancy.ts';

const moneySum = (name: string) => money(name, 18);

/**
 * Rollups of the production facts that keep network-level Carrier Production fast on large networks
 * (docs/decisions/004). They are derived data: `services/read-model/refresh.ts` rebuilds them from
 * `production_facts` and `carrier_reported_months` on every write of those tables, and every figure
 * they give is exact (numeric sums; a NULL stays "not reported").
 */

/** Whole cents: the running totals are integers, summed exactly and faster than numeric. */
/** The carrier of a running total that is not per carrier. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

const monthRanges = customType<{ data: string }>({ dataType: () => 'int4multirange' });

/** How many facts a carrier-month sums, or how many of them reported a measure (not NULL). */
const count = (name: string) => integer(name).notNull();

/**
 * Network x carrier x line x source x month sums: the by-carrier report of a network reads at most
 * a few thousand of these instead of every agency's facts. `facts` and each measure's count of
 * reported (non-NULL) values let a save keep a row by difference (decision 035): a measure whose
 * count falls to 0 is NULL again ("not reported"), and a row whose facts fall to 0 is deleted.
 */
export const productionCarrierMonths = pgTable(
  'production_carrier_months',
  {
    networkUuid: uuid('network_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    carrierUuid: uuid('carrier_uuid').notNull(),
    lineUuid: uuid('line_uuid').notNull(),
    source: text('source').notNull(),
    /** The facts' `gap_months`: a period leaves out the sums that start before it. */
    gapMonths: smallint('gap_months').notNull().default(0),
    writtenPremium: moneySum('written_premium'),
    newWrittenPremium: moneySum('new_written_premium'),
    earned: moneySum('earned'),
    incurred: moneySum('incurred'),
    facts: count('facts'),
    writtenPremiumCount: count('written_premium_count'),
    newWrittenPremiumCount: count('new_written_premium_count'),
    earnedCount: count('earned_count'),
    incurredCount: count('incurred_count'),
  },
  (t) => [
    primaryKey({
      name: 'production_carrier_months_pk',
      columns: [t.networkUuid, t.month, t.carrierUuid, t.lineUuid, t.source, t.gapMonths],
    }),
  ],
);

/**
 * Running totals per agency x carrier class x line x source, one row per month from the key's first
 * month to the network's horizon (`production_rollup_horizons`), so any range is the difference of
 * two rows. Four grains: 'type' rows are per standard type (`type_code` '' for facts recorded on a broad
 * line), 'broad' rows per broad line only (`type_code` ''), for the Total (P&C) view, 'total' rows
 * per broad line over every carrier the default composite keeps and both sources (`carrier_class` 0,
 * `source` 'all'), for the default Total (P&C) view, the one users open first, and 'carrier' rows per
 * carrier, agency code and broad line (`carrier_uuid`, `agency_code_uuid`; the nil uuid at the other
 * grains), which also carry the commission facts' sums (`paid_cents`, `paid_on_cents`), for
 * benchmarks and early warning, which compare every agency's carriers, and the planning table by
 * agency code. `carrier_class` is the carrier's kind flags as bits (1 MGA,
 * 2 standard, 4 crop, 8 flood, 16 surety, 32 workers comp). Amounts are in whole cents. Each
 * production measure has the running count of its reported (non-NULL) values, and `facts` counts
 * production fact rows, so a range with no reported value stays NULL.
 */
export const productionAgencyRunningTotals = pgTable(
  'production_agency_running_totals',
  {
    agencyUuid: uuid('agency_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    grain: text('grain', { enum: ['type', 'broad', 'total', 'carrier'] }).notNull(),
    carrierClass: smallint('carrier_class').notNull(),
    carrierUuid: uuid('carrier_uuid').notNull().default(NIL_UUID),
    /**
     * The agency code of a 'carrier' row (NIL for the other grains, and for facts without a code):
     * the commission facts, which name no code, count on the lowest code the month's production facts
     * of their carrier, broad line and source have, NIL when they have none.
     */
    agencyCodeUuid: uuid('agency_code_uuid').notNull().default(NIL_UUID),
    broadCode: text('broad_code').notNull(),
    typeCode: text('type_code').notNull(),
    source: text('source').notNull(),
    networkUuid: uuid('network_uuid').notNull(),
    facts: integer('facts').notNull(),
    writtenPremiumCents: cents('written_premium_cents'),
    writtenPremiumCount: integer('written_premium_count').notNull(),
    newWrittenPremiumCents: cents('new_written_premium_cents'),
    newWrittenPremiumCount: integer('new_written_premium_count').notNull(),
    earnedCents: cents('earned_cents'),
    earnedCount: integer('earned_count').notNull(),
    incurredCents: cents('incurred_cents'),
    incurredCount: integer('incurred_count').notNull(),
    /** Commission paid (base and additional) over the commission facts that report some. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** The written premium of those commission facts. */
    paidOnCents: bigint('paid_on_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Each running total above as the key's row 12 months earlier holds it (0 before its first
     * month): a period's prior, the same months a year earlier, is read from the period's own two rows
     * (decision 098).
     */
    yearAgoFacts: integer('year_ago_facts').notNull().default(0),
    yearAgoWrittenPremiumCents: bigint('year_ago_written_premium_cents', { mode: 'number' })
      .notNull()
      .default(0),
    yearAgoWrittenPremiumCount: integer('year_ago_written_premium_count').notNull().default(0),
    yearAgoNewWrittenPremiumCents: bigint('year_ago_new_written_premium_cents', { mode: 'number' })
      .notNull()
      .default(0),
    yearAgoNewWrittenPremiumCount: integer('year_ago_new_written_premium_count').notNull().default(0),
    yearAgoEarnedCents: bigint('year_ago_earned_cents', { mode: 'number' }).notNull().default(0),
    yearAgoEarnedCount: integer('year_ago_earned_count').notNull().default(0),
    yearAgoIncurredCents: bigint('year_ago_incurred_cents', { mode: 'number' }).notNull().default(0),
    yearAgoIncurredCount: integer('year_ago_incurred_count').notNull().default(0),
    yearAgoPaidCents: bigint('year_ago_paid_cents', { mode: 'number' }).notNull().default(0),
    yearAgoPaidOnCents: bigint('year_ago_paid_on_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'production_agency_running_totals_pk',
      columns: [
        t.agencyUuid,
        t.month,
        t.grain,
        t.carrierClass,
        t.carrierUuid,
        t.agencyCodeUuid,
        t.broadCode,
        t.typeCode,
        t.source,
      ],
    }),
    // A network's rows of a grain at a month, a line's and a standard type's among them: a request for
    // one line reads only its keys (decision 093).
    index('production_agency_running_totals_line_idx').on(
      t.networkUuid,
      t.grain,
      t.month,
      t.broadCode,
      t.typeCode,
    ),
    // Also (migration 0036, which drizzle does not model): statistics over grain, broad_code,
    // type_code and source together, so the planner counts the rows of a line's standard types.
  ],
);

/**
 * The last month every running total of a network reaches (the latest month with any fact), and the
 * format the network's rollups were built in (`ROLLUP_FORMAT`; older ones are rebuilt at start).
 */
export const productionRollupHorizons = pgTable('production_rollup_horizons', {
  networkUuid: uuid('network_uuid').primaryKey(),
  horizon: date('horizon', { mode: 'string' }).notNull(),
  format: integer('format').notNull().default(1),
});

/**
 * Per network, a counter every writer of its production or commission facts (and of its agencies'
 * membership) moves in its own transaction (`read-model/refresh.ts`, decision 075). Network-wide
 * answers are cached under the version they were computed at (`read-model/answer-cache.ts`): one read
 * of this row tells every server process whether its cached answer still holds. A network without a
 * row is at version 0. Never deleted (a rebuild deletes the horizon row, so the horizon's xmin can
 * come back to an earlier state; this counter only rises).
 */
export const networkDataVersions = pgTable('network_data_versions', {
  networkUuid: uuid('network_uuid').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /**
   * The last version at which every agency's figures may have changed at once (a rebuild of the
   * network; an agency deleted or moved out): an answer kept from before it is computed again whole,
   * one kept since is brought up to date agency by agency (`agency_data_versions`).
   */
  resetVersion: bigint('reset_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Per agency, the network data version of the last write of its facts (decision 078): a network-wide
 * answer kept at version v is brought up to date by computing again only the agencies whose version
 * is above v (`read-model/answer-cache.ts`).
 */
export const agencyDataVersions = pgTable(
  'agency_data_versions',
  {
    networkUuid: uuid('network_uuid').notNull(),
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'agency_data_versions_pk', columns: [t.networkUuid, t.agencyUuid] }),
    index('agency_data_versions_network_idx').on(t.networkUuid, t.version),
  ],
);

/**
 * The months each carrier reported for each agency, as ranges of month numbers (year * 12 + month -
 * 1): a multirange, so "reported some month of a period" is `&&` and "every month" is `@>`.
 */
export const carrierReportedMasks = pgTable(
  'carrier_reported_masks',
  {
    agencyUuid: uuid('agency_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid').notNull(),
    networkUuid: uuid('network_uuid').notNull(),
    carrierClass: smallint('carrier_class').notNull(),
    reportedMonths: monthRanges('reported_months').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.carrierUuid] }),
    index('carrier_reported_masks_network_idx').on(t.networkUuid),
  ],
);

/**
 * Network x carrier x line x month sums of the commission facts (decision 016): the scorecard of a
 * network reads at most a few thousand of these instead of every agency's commission statements.
 * Derived data, rebuilt by the read model's writers' entry point with the production rollups.
 */
export const commissionCarrierMonths = pgTable(
  'commission_carrier_months',
  {
    networkUuid: uuid('network_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    carrierUuid: uuid('carrier_uuid').notNull(),
    lineUuid: uuid('line_uuid').notNull(),
    writtenPremium: moneySum('written_premium'),
    baseCommission: moneySum('base_commission'),
    additionalCommission: moneySum('additional_commission'),
  },
  (t) => [
    primaryKey({
      name: 'commission_carrier_months_pk',
      columns: [t.networkUuid, t.month, t.carrierUuid, t.lineUuid],
    }),
  ],
);

/**
 * The months where an agency's commission statements of a carrier start or stop (decision 016): the
 * month has a statement and the month before none, or the month before has one and this month none.
 * A carrier's data is complete for a period exactly when none of its agencies changes after the
 * period's first month, so the scorecard's incomplete-data flag reads a few of these rows, not every
 * agency's months. Derived data, rebuilt with the commission rollups.
 */
export const commissionReportedChanges = pgTable(
  'commission_reported_changes',
  {
    agencyUuid: uuid('agency_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    networkUuid: uuid('network_uuid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.carrierUuid, t.month] }),
    // The network's incomplete carriers of a period are read from this index alone (decision 021).
    index('commission_reported_changes_network_month_carrier_idx').on(t.networkUuid, t.month, t.carrierUuid),
  ],
);

import { sql, type SQL } from 'drizzle-orm';
import {
  CARRIER_KIND_BITS,
  CARRIER_KINDS,
  compositeFilter,
  passesComposite,
} from '#shared/domain/carrier-composite.ts';
import { addMonths, parseYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth } from '#shared/domain/timeframe.ts';
import { NIL_UUID } from '#server/db/schema/rollups.ts';
import type { FactsRequest } from './request.ts';

/**
 * Every statement of the read model (docs/read-model.md), as SQL builders: the
 * rollups' maintenance, the figures from each source, the incomplete-data flags and the agency codes.
 * Nothing here runs a query. `sql-snapshots.test.ts` renders each for a fixed request into
 * `sql/*.sql`, so a reader sees every query whole.
 */

/**
 * Whose rows a statement reads or writes: one agency's, or a network's. A network's may be narrowed to
 * a range of its agencies' uuids, so that its rows are built part by part (`rebuildNetwork`).
 */
export type Scope = { networkUuid: string; agencies?: AgencyRange } | { agencyUuid: string };

/** Agencies by uuid: from `from` (included) to `before` (excluded); null leaves that end open. */
export type AgencyRange = { from: string | null; before: string | null };

export function scopeFilter(alias: string, scope: Scope): SQL {
  const a = sql.raw(alias);
  if ('agencyUuid' in scope) return sql`${a}.agency_uuid = ${scope.agencyUuid}::uuid`;
  const { from = null, before = null } = scope.agencies ?? {};
  return sql.join(
    [
      sql`${a}.network_uuid = ${scope.networkUuid}::uuid`,
      ...(from === null ? [] : [sql`${a}.agency_uuid >= ${from}::uuid`]),
      ...(before === null ? [] : [sql`${a}.agency_uuid < ${before}::uuid`]),
    ],
    sql` and `,
  );
}

/**
 * The uuids that cut a network's agencies into ranges of `size` (in uuid order): every size-th
 * agency's but the first's. The ranges they bound, the first and the last open, hold every row of the
 * network, whatever agency it names.
 */
export const selectAgencyRangeStarts = (networkUuid: string, size: number) => sql`
  select a.uuid::text as uuid from (
    select uuid, row_number() over (order by uuid) as n from agencies where network_uuid = ${networkUuid}::uuid
  ) a
  where a.n > 1 and (a.n - 1) % ${size} = 0
  order by a.uuid`;

export const levelScope = (level: FactsRequest['level']): Scope =>
  level.kind === 'agency' ? { agencyUuid: level.agencyUuid } : { networkUuid: level.networkUuid };

export const monthLiteral = (month: YearMonth) => sql.raw(`'${firstDayOfMonth(month)}'::date`);

/** A month as the whole number year * 12 + month - 1, the unit of `carrier_reported_masks`. */
export function monthIndex(month: YearMonth): number {
  const { year, month: m } = parseYearMonth(month)!;
  return year * 12 + m - 1;
}

const MONTH_NUMBER = (date: string) =>
  sql.raw(`(extract(year from ${date}) * 12 + extract(month from ${date}) - 1)::int`);

/** The `carrier_class` of a carrier row `c`: its kind flags as the bits of `CARRIER_KIND_BITS`. */
export const carrierClass = (c: string) =>
  sql.raw(
    `(${CARRIER_KINDS.map((kind) => `(${c}.${snakeCase(kind)}::int * ${CARRIER_KIND_BITS[kind]})`).join(' | ')})::smallint`,
  );

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The composite filter over a carrier row `c`, on its kind columns (so the planner estimates it from
 * their statistics, where a bit expression would be guessed at).
 */
export function carrierPredicate(c: string, request: Pick<FactsRequest, 'kinds'>): SQL {
  const filter = compositeFilter(request.kinds);
  const kinds = CARRIER_KINDS.filter(
    (kind) => kind !== 'isMga' && (filter.kindBits & CARRIER_KIND_BITS[kind]) !== 0,
  );
  const nonMga =
    kinds.length === 0
      ? 'false'
      : `(not ${c}.is_mga and (${kinds.map((k) => `${c}.${snakeCase(k)}`).join(' or ')}))`;
  return sql.raw(filter.wholesalers ? `(${c}.is_mga or ${nonMga})` : nonMga);
}

/**
 * The composite filter (shared/domain/carrier-composite.ts `passesComposite`) over a `carrier_class`
 * column, as the list of classes that pass: the planner estimates it from the column's statistics
 * (a filter of bit operations it cannot, and took a network's few rows for many).
 */
export function compositePredicate(carrierClassOf: SQL, request: Pick<FactsRequest, 'kinds'>): SQL {
  const filter = compositeFilter(request.kinds);
  const classes = Array.from({ length: 2 ** CARRIER_KINDS.length }, (_, c) => c).filter((c) =>
    passesComposite(c, filter),
  );
  return classes.length === 0 ? sql`false` : sql`${carrierClassOf} in (${sql.raw(classes.join(', '))})`;
}

// --- Horizon -----------------------------------------------------------------------------------

/**
 * The network's horizon (the last month its running totals reach) as YYYY-MM; `lock` holds the row
 * for update (a writer).
 */
export const selectHorizon = (networkUuid: string, lock: 'update' | null = null) => sql`
  select to_char(horizon, 'YYYY-MM') as horizon from production_rollup_horizons
  where network_uuid = ${networkUuid}::uuid${lock ? sql.raw(` for ${lock}`) : sql``}`;

/** The network of an agency (a writer's first step: which network's rollups to lock). */
export const selectAgencyNetwork = (agencyUuid: string) =>
  sql`select network_uuid from agencies where uuid = ${agencyUuid}::uuid`;

/** Every network with facts whose rollups are missing or of an older format (built at start). */
export const selectNetworksWithoutRollups = () => sql`
  select n.uuid, n.name from networks n
  where not exists (select 1 from production_rollup_horizons h
      where h.network_uuid = n.uuid and h.format = ${ROLLUP_FORMAT})
    and exists (select 1 from production_facts f where f.network_uuid = n.uuid)`;

/** Every network with rollups (the warm-up's round). */
export const selectNetworksWithRollups = () =>
  sql`select network_uuid as uuid from production_rollup_horizons order by network_uuid`;

/** Deletes a network's rows of one derived table (a rebuild, or dropping its kept views). */
export const deleteNetworkRows = (table: string, networkUuid: string) =>
  sql`delete from ${sql.raw(table)} where network_uuid = ${networkUuid}::uuid`;

/** Deletes an agency's rows of one derived table it owns (before they are computed again). */
export const deleteAgencyRows = (
  table: 'commission_reported_changes' | 'production_agency_running_totals',
  agencyUuid: string,
) => sql`delete from ${sql.raw(table)} where agency_uuid = ${agencyUuid}::uuid`;

/** Deletes the carrier-months (production or commission) that `where` names (alias `f`). */
export const deleteCarrierMonths = (
  table: 'production_carrier_months' | 'commission_carrier_months',
  where: SQL,
) => sql`delete from ${sql.raw(table)} f where ${where}`;

/** The format of the rollups this code builds; networks built in an older one are rebuilt at start. */
export const ROLLUP_FORMAT = 8;

export const upsertHorizon = (networkUuid: string, horizon: YearMonth) => sql`
  insert into production_rollup_horizons (network_uuid, horizon, format)
  values (${networkUuid}::uuid, ${monthLiteral(horizon)}, ${ROLLUP_FORMAT})
  on conflict (network_uuid) do update set horizon = excluded.horizon`;

/** The latest month of the scope's production or commission facts (both have running totals). */
export const selectLatestFactMonth = (scope: Scope) => sql`
  select to_char(greatest(
    (select max(f.month) from production_facts f where ${scopeFilter('f', scope)}),
    (select max(f.month) from commission_facts f where ${scopeFilter('f', scope)})
  ), 'YYYY-MM') as month`;

/**
 * Lets the transaction's statements use one parallel worker where the server has any (PostgreSQL),
 * at costs low enough for the planner to choose it for a read over a whole network's running totals
 * (decision 096). PGlite has no workers (`max_parallel_workers` 0): its plans stay serial.
 */
export const allowOneParallelWorker = sql`select
  set_config('max_parallel_workers_per_gather', least(1, current_setting('max_parallel_workers')::int)::text, true),
  set_config('parallel_setup_cost', '10', true),
  set_config('parallel_tuple_cost', '0.001', true),
  set_config('min_parallel_index_scan_size', '0', true)`;

/**
 * Whether the network has a fact whose sums started before its month (a manual month after a gap),
 * from the partial index on such facts: without any, a running-totals query reads no span rows
 * (`spansIntoPeriod`), which spares their planning (most of a refresh's cost per kept view).
 */
export const selectHasSpans = (networkUuid: string) => sql`
  select exists (select 1 from production_facts f where f.network_uuid = ${networkUuid}::uuid
    and f.gap_months > 0) as spans`;

// --- Reported months ---------------------------------------------------------------------------

/**
 * The months each carrier reported for each agency of the scope (agency_uuid, carrier_uuid,
 * network_uuid, month): the carriers' feeds, and the months manual entries report (decision 014). A
 * manual month is reported when every chain of snapshots the agency keeps for the carrier that year
 * (sub-code x line) has it and the month before it (or it is January): a month after a gap covers
 * the gap too, so it is no month of its own, and one sub-code's gap is never hidden by another's.
 */
export const reportedMonthsOf = (scope: Scope, carriers: readonly string[] | null = null): SQL => {
  const ofCarriers = (alias: string) =>
    carriers ? sql` and ${sql.raw(alias)}.carrier_uuid in (${inList(carriers, '::uuid')})` : sql``;
  return sql`(
  with entries as (
    select m.agency_uuid, m.carrier_uuid, m.network_uuid, m.year, m.month, m.agency_code_uuid, m.line_uuid,
      m.month - coalesce(lag(m.month) over (partition by m.agency_uuid, m.carrier_uuid, m.agency_code_uuid,
        m.line_uuid, m.year order by m.month), 0) = 1 as whole
    from manual_entries m where ${scopeFilter('m', scope)}${ofCarriers('m')}
  ),
  chains as (
    select agency_uuid, carrier_uuid, year, count(distinct (agency_code_uuid, line_uuid)) as chains
    from entries group by agency_uuid, carrier_uuid, year
  ),
  manual as (
    select e.agency_uuid, e.carrier_uuid, e.network_uuid, make_date(e.year, e.month, 1) as month
    from entries e join chains c using (agency_uuid, carrier_uuid, year)
    group by e.agency_uuid, e.carrier_uuid, e.network_uuid, e.year, e.month, c.chains
    having count(*) filter (where e.whole) = c.chains
  )
  select r.agency_uuid, r.carrier_uuid, r.network_uuid, r.month
  from carrier_reported_months r where ${scopeFilter('r', scope)}${ofCarriers('r')}
  union all
  select m.agency_uuid, m.carrier_uuid, m.network_uuid, m.month from manual m
  where not exists (select 1 from carrier_reported_months r where r.agency_uuid = m.agency_uuid
    and r.carrier_uuid = m.carrier_uuid and r.month = m.month))`;
};

/**
 * Per carrier of the scope, read from the masks: the months of [start, end] that every agency with a
 * reported month of the carrier in that range reported (a month one agency misses is missing data for
 * the level), and the carrier's latest reported month in the range (YYYY-MM).
 *
 * Most agencies report every month of the range: their masks change neither the intersection nor the
 * latest month (the range's last), so only the others' masks are intersected, and the result is
 * then taken within the range (multirange operations on every agency's mask were most of the cost
 * at the network level).
 */
export const reportedMonthsByCarrier = (scope: Scope, start: YearMonth, end: YearMonth) => {
  const range = sql`int4range(${monthIndex(start)}::int, ${monthIndex(end)}::int, '[]')`;
  return sql`
    with scoped as (
      select m.carrier_uuid, m.reported_months, m.reported_months @> ${range} as whole
      from carrier_reported_masks m
      where ${scopeFilter('m', scope)} and m.reported_months && ${range}
    ),
    by_carrier as (
      select carrier_uuid,
        coalesce(range_intersect_agg(reported_months) filter (where not whole), int4multirange(${range}))
          * int4multirange(${range}) as complete,
        max(case when whole then upper(${range}) else upper(reported_months * int4multirange(${range})) end) - 1
          as latest
      from scoped group by carrier_uuid
    )
    select carrier_uuid,
      (select array_agg(to_char(make_date(n / 12, n % 12 + 1, 1), 'YYYY-MM') order by n)
        from unnest(complete) r, generate_series(lower(r), upper(r) - 1) n) as months,
      to_char(make_date(latest / 12, latest % 12 + 1, 1), 'YYYY-MM') as most_recent
    from by_carrier order by carrier_uuid`;
};

/** Deletes the agency's reported-month masks (of `carriers` only, when named). */
export const deleteReportedMasks = (agencyUuid: string, carriers: readonly string[] | null) => sql`
  delete from carrier_reported_masks m where m.agency_uuid = ${agencyUuid}::uuid${
    carriers ? sql` and m.carrier_uuid in (${inList(carriers, '::uuid')})` : sql``
  }`;

/**
 * The reported months of each agency x carrier of the scope (of `carriers` only, when named), as
 * ranges of month numbers.
 */
export const insertReportedMasks = (scope: Scope, carriers: readonly string[] | null = null) => sql`
  insert into carrier_reported_masks (agency_uuid, carrier_uuid, network_uuid, carrier_class, reported_months)
  select r.agency_uuid, r.carrier_uuid, r.network_uuid, ${carrierClass('c')},
    range_agg(int4range(${MONTH_NUMBER('r.month')}, ${MONTH_NUMBER('r.month')}, '[]'))
  from ${reportedMonthsOf(scope, carriers)} r
  join carriers c on c.uuid = r.carrier_uuid
  group by r.agency_uuid, r.carrier_uuid, r.network_uuid, c.uuid`;

// --- Rollups -----------------------------------------------------------------------------------

/** A table of carrier-months: its key, and its measures (each with a count of reported values). */
export type CarrierMonthsTable = {
  table: string;
  facts: string;
  key: readonly string[];
  measures: readonly string[];
};

export const PRODUCTION_CARRIER_MONTHS: CarrierMonthsTable = {
  table: 'production_carrier_months',
  facts: 'production_facts',
  key: ['network_uuid', 'month', 'carrier_uuid', 'line_uuid', 'source', 'gap_months'],
  measures: ['written_premium', 'new_written_premium', 'earned', 'incurred'],
};

/** The carrier-months' columns: key, measures, `facts` and each measure's count. */
const carrierMonthColumns = (t: CarrierMonthsTable) =>
  [...t.key, ...t.measures, 'facts', ...t.measures.map((m) => `${m}_count`)].join(', ');

/** The sums of the facts `f` of a key, `sign` times (-1: to take them out of the carrier-months). */
const carrierMonthSums = (t: CarrierMonthsTable, sign: 1 | -1 = 1) => {
  const times = sign === 1 ? '' : '-';
  return [
    ...t.key.map((c) => `f.${c}`),
    ...t.measures.map((m) => `${times}sum(f.${m})`),
    `${times}count(*)`,
    ...t.measures.map((m) => `${times}count(f.${m})`),
  ].join(', ');
};

/** Inserts the carrier-months of the facts `f` that `where` selects. */
const insertCarrierMonthsOf = (t: CarrierMonthsTable, where: SQL) => sql`
  insert into ${sql.raw(t.table)} (${sql.raw(carrierMonthColumns(t))})
  select ${sql.raw(carrierMonthSums(t))}
  from ${sql.raw(t.facts)} f
  where ${where}
  group by ${sql.raw(t.key.map((c) => `f.${c}`).join(', '))}`;

/** Inserts the network x carrier x line x source x month sums of the facts `f` that `where` selects. */
export const insertCarrierMonths = (where: SQL) => insertCarrierMonthsOf(PRODUCTION_CARRIER_MONTHS, where);

/**
 * Adds one agency's sums of the facts `f` that `where` selects to the carrier-months (`sign` -1
 * takes them out), in place (decision 035): each measure's count says whether any value is still
 * reported, a measure whose count is 0 is NULL ("not reported"), as a sum of no reported values is.
 * The rows whose facts fall to 0 stay until `deleteEmptyCarrierMonths`.
 */
export const addToCarrierMonths = (t: CarrierMonthsTable, where: SQL, sign: 1 | -1) => {
  const counted = (m: string) => `c.${m}_count + excluded.${m}_count`;
  return sql`
  insert into ${sql.raw(t.table)} as c (${sql.raw(carrierMonthColumns(t))})
  select ${sql.raw(carrierMonthSums(t, sign))}
  from ${sql.raw(t.facts)} f
  where ${where}
  group by ${sql.raw(t.key.map((c) => `f.${c}`).join(', '))}
  on conflict (${sql.raw(t.key.join(', '))}) do update set
    ${sql.raw(
      [
        ...t.measures.map(
          (m) =>
            `${m} = case when ${counted(m)} > 0 then coalesce(c.${m}, 0) + coalesce(excluded.${m}, 0) end`,
        ),
        'facts = c.facts + excluded.facts',
        ...t.measures.map((m) => `${m}_count = ${counted(m)}`),
      ].join(',\n    '),
    )}`;
};

/** `(f.carrier_uuid, f.month)` is one of the `changed` carrier-months (month as YYYY-MM-01). */
export const changedMonthsFilter = (changed: readonly { carrierUuid: string; month: string }[]) => {
  const pairs = sql.join(
    changed.map((c) => sql`(${c.carrierUuid}::uuid, ${c.month}::date)`),
    sql`, `,
  );
  return sql`(f.carrier_uuid, f.month) in (${pairs})`;
};

/** Deletes the carrier-months of `where` (over `f`) that no fact sums any more. */
export const deleteEmptyCarrierMonths = (t: CarrierMonthsTable, where: SQL) => sql`
  delete from ${sql.raw(t.table)} f where ${where} and f.facts = 0`;

const RUNNING_KEY =
  'agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source';
const RUNNING_SUMS = [
  'facts',
  'wp',
  'wp_n',
  'nwp',
  'nwp_n',
  'ep',
  'ep_n',
  'il',
  'il_n',
  'paid',
  'paid_on',
] as const;
const RUNNING_SUMS_SQL = RUNNING_SUMS.map((c) => `sum(${c}) as ${c}`).join(', ');
/** The production measures of a running total, which the production figures read. */
const PRODUCTION_RUNNING_COLUMNS = `facts, written_premium_cents, written_premium_count, new_written_premium_cents,
  new_written_premium_count, earned_cents, earned_count, incurred_cents, incurred_count`;
const RUNNING_COLUMNS = `${PRODUCTION_RUNNING_COLUMNS}, paid_cents, paid_on_cents`;
const RUNNING_COLUMN_NAMES = RUNNING_COLUMNS.split(',').map((c) => c.trim());
/** Each running total as the key's row 12 months earlier holds it (decision 098). */
const yearAgoColumn = (column: string) => `year_ago_${column}`;
/** The columns a running-totals row stores beside its key and month: its running totals, then a year earlier's. */
const STORED_COLUMN_NAMES = [...RUNNING_COLUMN_NAMES, ...RUNNING_COLUMN_NAMES.map(yearAgoColumn)];
const STORED_COLUMNS = STORED_COLUMN_NAMES.join(', ');
/** A running-totals row's key within its agency, beside its month: one row per agency, key and month. */
const RUNNING_ROW_KEY = RUNNING_KEY.split(', ').filter((c) => c !== 'agency_uuid' && c !== 'network_uuid');
/** The carrier and agency code of the rows of every grain but 'carrier'. */
const NIL_CARRIER = sql.raw(`'${NIL_UUID}'::uuid`);
/** The agency code of a fact `f` as the running totals key it: NIL for none. */
const FACT_CODE = sql.raw(`coalesce(f.agency_code_uuid, '${NIL_UUID}'::uuid)`);

/** The broad line and standard type ('' for a broad line) of a fact's line `l` (parent `p`). */
const BROAD_CODE = sql.raw('case when l.level = 1 then l.code else p.code end');
const TYPE_CODE = sql.raw(`case when l.level = 2 then l.code else '' end`);

/** Each measure of the facts `f` as whole cents and its count of reported values. */
const CENT_SUMS = sql.raw(
  (
    [
      ['written_premium', 'wp'],
      ['new_written_premium', 'nwp'],
      ['earned', 'ep'],
      ['incurred', 'il'],
    ] as const
  )
    .map(([c, as]) => `(coalesce(sum(f.${c}), 0) * 100)::bigint as ${as}, count(f.${c}) as ${as}_n`)
    .join(', '),
);

/**
 * Running totals of every key of the scope's agencies at four grains (per standard type, per broad
 * line, per broad line over the default composite, and per carrier and broad line with the commission
 * sums), one row per month up to `horizon`.
 */
export const insertRunningTotals = (scope: Scope, horizon: YearMonth) => sql`
    insert into production_agency_running_totals (${sql.raw(RUNNING_KEY)}, month, ${sql.raw(
      STORED_COLUMNS,
    )})${runningTotalsOf(scope, horizon)}`;

/**
 * The running totals of `insertRunningTotals` for one agency, written where they differ from those
 * it has: a key and month it no longer has is deleted, a changed row updated, a new one inserted, and
 * the rest (every month before the first the change touched) left alone. A save changes a few months
 * of a few keys; rewriting all of the agency's rows (about 1,700 on the benchmark network) and their
 * index entries cost more than computing them (decision 034).
 */
export const mergeRunningTotals = (agencyUuid: string, horizon: YearMonth, from: YearMonth | null) => {
  const sameKey = sql.raw([...RUNNING_ROW_KEY, 'month'].map((c) => `t.${c} = f.${c}`).join(' and '));
  // Every fresh row lies from `from` on: the agency's rows before it are neither read nor written.
  const since = from ? sql` and t.month >= ${monthLiteral(from)}` : sql``;
  return sql`
    with fresh (${sql.raw(RUNNING_KEY)}, month, ${sql.raw(STORED_COLUMNS)}) as materialized (${runningTotalsOf(
      { agencyUuid },
      horizon,
      from,
    )}),
    gone as (
      delete from production_agency_running_totals t
      where t.agency_uuid = ${agencyUuid}::uuid${since}
        and not exists (select 1 from fresh f where ${sameKey})
    )
    insert into production_agency_running_totals (${sql.raw(RUNNING_KEY)}, month, ${sql.raw(STORED_COLUMNS)})
    select * from fresh f
    where not exists (select 1 from production_agency_running_totals t
      where t.agency_uuid = ${agencyUuid}::uuid${since} and ${sameKey}
        and (${sql.raw(STORED_COLUMN_NAMES.map((c) => `t.${c}`).join(', '))}) = (${sql.raw(STORED_COLUMN_NAMES.map((c) => `f.${c}`).join(', '))}))
    -- The deleted keys are not among these: no row is both deleted and written.
    on conflict (agency_uuid, month, ${sql.raw(RUNNING_ROW_KEY.join(', '))}) do update
    set ${sql.raw(STORED_COLUMN_NAMES.map((c) => `${c} = excluded.${c}`).join(', '))}`;
};

/** The running totals of every key of the scope's agencies (`insertRunningTotals`), as a query. */
const runningTotalsOf = (scope: Scope, horizon: YearMonth, from: YearMonth | null = null) => {
  const key = sql.raw(RUNNING_KEY);
  // From a month on (one agency): its facts from then, and its running totals of the 12 months
  // before, which hold (nothing before that month changed): the month before's carried on, and all 12
  // a year earlier than the first 12 months written.
  const since = from ? sql` and f.month >= ${monthLiteral(from)}` : sql``;
  const carried = from
    ? sql`
    history as materialized (
      select ${key}, month, ${sql.raw(RUNNING_COLUMNS)} from production_agency_running_totals f
      where ${scopeFilter('f', scope)}
        and f.month between ${monthLiteral(addMonths(from, -12))} and ${monthLiteral(addMonths(from, -1))}
    ),
    carried as (select * from history where month = ${monthLiteral(addMonths(from, -1))}),`
    : sql``;
  return sql`
    -- The production facts' sums per carrier, line, source and month: the one read of them, which
    -- every grain sums.
    with sums as materialized (
      select f.agency_uuid, f.network_uuid, ${carrierClass('c')} as carrier_class, f.carrier_uuid,
        ${FACT_CODE} as agency_code_uuid, ${BROAD_CODE} as broad_code, ${TYPE_CODE} as type_code, f.source,
        f.month, count(*) as facts, ${CENT_SUMS}, 0::bigint as paid, 0::bigint as paid_on
      from production_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where ${scopeFilter('f', scope)}${since}
      group by f.agency_uuid, f.network_uuid, 3, f.carrier_uuid, 5, 6, 7, f.source, f.month
    ),
    by_type as materialized (
      select agency_uuid, network_uuid, 'type' as grain, carrier_class, ${NIL_CARRIER} as carrier_uuid,
        ${NIL_CARRIER} as agency_code_uuid, broad_code, type_code, source, month, ${sql.raw(RUNNING_SUMS_SQL)}
      from sums
      group by agency_uuid, network_uuid, carrier_class, broad_code, type_code, source, month
    ),
    -- Per carrier, agency code and broad line: the production facts' sums beside the commission facts'
    -- (those that report some commission), which have no counts: a base of 0 leaves a rate out anyway.
    -- The commission facts name no agency code: they count on the lowest code of their month's
    -- production facts of the carrier, broad line and source (NIL when there are none), a choice that
    -- depends on that month's facts only, so a merge from a month on makes it again.
    paid as (
      select f.agency_uuid, f.network_uuid, ${carrierClass('c')} as carrier_class, f.carrier_uuid,
        ${BROAD_CODE} as broad_code, f.source, f.month,
        (sum(coalesce(f.base_commission, 0) + coalesce(f.additional_commission, 0)) * 100)::bigint as paid,
        (coalesce(sum(f.written_premium), 0) * 100)::bigint as paid_on
      from commission_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where ${scopeFilter('f', scope)}${since}
        and (f.base_commission is not null or f.additional_commission is not null)
      group by f.agency_uuid, f.network_uuid, 3, f.carrier_uuid, 5, f.source, f.month
    ),
    by_carrier as (
      select agency_uuid, network_uuid, 'carrier', carrier_class, carrier_uuid, agency_code_uuid, broad_code, '',
        source, month, ${sql.raw(RUNNING_SUMS_SQL)}
      from (
        -- A window, not a join: a network just loaded has no statistics yet, and a join guessed from
        -- them can compare every commission row with every production row.
        select agency_uuid, network_uuid, carrier_class, carrier_uuid,
          coalesce(agency_code_uuid, min(agency_code_uuid::text) over (
            partition by agency_uuid, carrier_uuid, broad_code, source, month)::uuid, ${NIL_CARRIER}) as agency_code_uuid,
          broad_code, source, month, ${sql.raw(RUNNING_SUMS.join(', '))}
        from (
          select agency_uuid, network_uuid, carrier_class, carrier_uuid, agency_code_uuid, broad_code, source, month,
            ${sql.raw(RUNNING_SUMS.join(', '))}
          from sums
          union all
          select agency_uuid, network_uuid, carrier_class, carrier_uuid, null, broad_code, source, month,
            0, 0, 0, 0, 0, 0, 0, 0, 0, paid, paid_on
          from paid
        ) u
      ) u
      group by agency_uuid, network_uuid, carrier_class, carrier_uuid, agency_code_uuid, broad_code, source, month
    ),
    monthly as materialized (
      select * from by_type
      union all
      select agency_uuid, network_uuid, 'broad', carrier_class, carrier_uuid, agency_code_uuid, broad_code, '',
        source, month, ${sql.raw(RUNNING_SUMS_SQL)}
      from by_type
      group by agency_uuid, network_uuid, carrier_class, carrier_uuid, agency_code_uuid, broad_code, source, month
      union all
      -- The default composite keeps every carrier with a kind flag (a non-zero class).
      select agency_uuid, network_uuid, 'total', 0::smallint, carrier_uuid, agency_code_uuid, broad_code, '',
        'all', month, ${sql.raw(RUNNING_SUMS_SQL)}
      from by_type
      where carrier_class <> 0
      group by agency_uuid, network_uuid, carrier_uuid, agency_code_uuid, broad_code, month
      union all
      select * from by_carrier
    ),${carried}
    -- Each key's running totals at the months it has sums of, and the last month each holds for: the
    -- month before the key's next, or the horizon.
    sparse as (
      select ${key}, month, ${sql.raw(RUNNING_SUMS.map((c) => `sum(${c}) over w as ${c}`).join(', '))},
        coalesce(lead(month) over w - interval '1 month', ${monthLiteral(horizon)}) as last_month
      from ${from ? sql`(select * from monthly union all select * from carried) m` : sql`monthly`}
      window w as (partition by ${key} order by month)
    ),
    -- One row per key and month, from its first month to the horizon: a month without sums repeats
    -- the running totals of the month before.
    dense as (
      select ${sql.raw(
        RUNNING_KEY.split(', ')
          .map((c) => `s.${c}`)
          .join(', '),
      )}, g.month::date as month,
        ${sql.raw(RUNNING_SUMS.map((c) => `s.${c}`).join(', '))}
      from sparse s
      cross join lateral generate_series(${
        from ? sql`greatest(s.month, ${monthLiteral(from)})` : sql`s.month`
      }, s.last_month, interval '1 month') as g(month)${
        from
          ? sql`
      union all
      select * from history`
          : sql``
      }
    )
    -- Beside each month's running totals, the key's 12 rows earlier: its months are consecutive.
    select * from (
      select ${key}, month, ${sql.raw(RUNNING_SUMS.join(', '))},
        ${sql.raw(RUNNING_SUMS.map((c) => `lag(${c}, 12, 0) over w as year_ago_${c}`).join(', '))}
      from dense
      window w as (partition by ${key} order by month)
    ) d${
      from
        ? sql`
    where d.month >= ${monthLiteral(from)}`
        : sql``
    }
    -- Stored month by month: a report reads a few whole months of a network, from few pages.
    order by network_uuid, grain, month`;
};

/**
 * Carries every other agency's running totals from `from` forward to `to` (nothing of theirs changed),
 * each month beside its key's row 12 months earlier: a stored one, or one carried here.
 */
export const carryRunningTotalsForward = (
  networkUuid: string,
  agencyUuid: string,
  from: YearMonth,
  to: YearMonth,
) => {
  const sameKey = ['agency_uuid', ...RUNNING_ROW_KEY].map((c) => `y.${c} = t.${c}`).join(' and ');
  const carriedYearAgo = RUNNING_COLUMN_NAMES.map(
    (c) =>
      `case when g.month >= '${firstDayOfMonth(addMonths(from, 13))}' then t.${c} else coalesce(y.${c}, 0) end`,
  );
  return sql`
  insert into production_agency_running_totals (${sql.raw(RUNNING_KEY)}, month, ${sql.raw(STORED_COLUMNS)})
  select ${sql.raw(RUNNING_KEY.replace(/(\w+)/g, 't.$1'))}, g.month::date, ${sql.raw(RUNNING_COLUMNS.replace(/(\w+)/g, 't.$1'))},
    ${sql.raw(carriedYearAgo.join(', '))}
  from production_agency_running_totals t
  cross join lateral generate_series(${monthLiteral(addMonths(from, 1))}, ${monthLiteral(to)}, interval '1 month') as g(month)
  left join production_agency_running_totals y on y.month = (g.month - interval '12 months')::date and ${sql.raw(sameKey)}
  where t.network_uuid = ${networkUuid}::uuid and t.month = ${monthLiteral(from)}
    and t.agency_uuid <> ${agencyUuid}::uuid`;
};

// --- Figures -----------------------------------------------------------------------------------

/** The figure columns of a figure query, in the order of `ProductionFigures`' fields. */
export const FIGURE_COLUMNS = {
  written_premium: 'writtenPremium',
  prior_written_premium: 'priorWrittenPremium',
  new_written_premium: 'newWrittenPremium',
  prior_new_written_premium: 'priorNewWrittenPremium',
  earned: 'earned',
  prior_earned: 'priorEarned',
  incurred: 'incurred',
  prior_incurred: 'priorIncurred',
} as const;

const MEASURE_COLUMNS = ['written_premium', 'new_written_premium', 'earned', 'incurred'] as const;

/** A network's running totals as a statement reads them: their horizon, and whether spans exist (`selectHasSpans`). */
export type RunningTotalsState = { horizon: YearMonth; spans: boolean };

/** Where a figure query reads: the facts, the network's carrier-months, or the running totals of a grain. */
export type FigureSource =
  | { kind: 'facts' }
  | { kind: 'carrier-months' }
  | {
      kind: 'running-totals';
      grain: RunningGrain;
      horizon: YearMonth;
      /** Whether the network has manual months after a gap (`selectHasSpans`); none: no span rows to read. */
      spans: boolean;
    };

/** The months of a period, and the first month a fact's sums may start in to count in it. */
const periods = (request: FactsRequest) =>
  [
    { name: 'current', start: request.period.start, end: request.period.end },
    { name: 'prior', start: request.period.priorStart, end: request.period.priorEnd },
  ] as const;

/**
 * A fact `f` counts in a period when its month is in it and its sums start in it: a manual month after
 * a gap (`gap_months` > 0) covers the gap too, and is left out of a period that starts inside it.
 */
const within = (start: YearMonth, end: YearMonth) => withinMonths(monthLiteral(start), monthLiteral(end));

/** `within` for months given as SQL (a kept period's columns). */
const withinMonths = (start: SQL, end: SQL) =>
  sql`(f.month between ${start} and ${end}
    and (f.gap_months = 0 or ${SUMS_START} >= ${start}))`;

/** The first month a fact's sums start in: a manual month after a gap covers the gap too. */
const SUMS_START = sql.raw('(f.month - make_interval(months => f.gap_months::int))::date');

/** A figure from running-total differences: none without a reported value, else the cents as money. */
export const centsFigure = (count: SQL, cents: SQL) =>
  sql`case when ${count} > 0 then (${cents} / 100)::numeric(20, 2) end`;

type SourceParts = {
  from: SQL;
  where: SQL;
  measures: SQL[];
  having: SQL;
  broadCode: SQL;
  /** A row's standard type, NULL for none. */
  typeCode: SQL;
  /** The rows of the request's standard types (`typeCode` in them), as the planner estimates best. */
  types: (standardTypes: readonly string[]) => SQL;
  carriers: SQL;
  sources: SQL;
};

const feedOnly = (request: FactsRequest) =>
  request.period.includesManualEntries ? sql`true` : sql`f.source = 'feed'`;

function monthlyParts(
  table: 'production_facts' | 'production_carrier_months',
  request: FactsRequest,
): SourceParts {
  const [current, prior] = periods(request).map((p) => within(p.start, p.end));
  return {
    from: sql`${sql.raw(table)} f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid`,
    where: sql`(${current} or ${prior})`,
    broadCode: BROAD_CODE,
    typeCode: sql`case when l.level = 2 then l.code end`,
    types: (standardTypes) => sql`l.level = 2 and l.code in (${inList(standardTypes)})`,
    carriers: sql`exists (select 1 from carriers c where c.uuid = f.carrier_uuid and ${carrierPredicate('c', request)})`,
    sources: feedOnly(request),
    measures: MEASURE_COLUMNS.flatMap((c) => [
      sql`sum(f.${sql.raw(c)}) filter (where ${current})`,
      sql`sum(f.${sql.raw(c)}) filter (where ${prior})`,
    ]),
    having: sql`true`,
  };
}

/**
 * The months of the running totals a period's sums read: its last month and the month before it, each
 * taken at the horizon when later (nothing happens after it). Both are the horizon when the period
 * lies wholly after it: then its sums are none.
 */
export function periodEdges(
  period: { start: YearMonth; end: YearMonth },
  horizon: YearMonth,
): { last: YearMonth; before: YearMonth } {
  const at = (month: YearMonth) => (month > horizon ? horizon : month);
  return { last: at(period.end), before: at(addMonths(period.start, -1)) };
}

/** The grains of `production_agency_running_totals` (its schema says what each holds). */
export type RunningGrain = 'type' | 'broad' | 'total' | 'carrier';

/** A period read from running totals: its name, months, and the months its sums are read at (`periodEdges`). */
export type RunningWindow = {
  name: string;
  start: YearMonth;
  end: YearMonth;
  last: YearMonth;
  before: YearMonth;
};

export const runningWindow = (
  period: { name: string; start: YearMonth; end: YearMonth },
  horizon: YearMonth,
): RunningWindow => ({ ...period, ...periodEdges(period, horizon) });

/**
 * A running-total column's change over a window, summed over `runningTotalRows`' rows `f` (each holds
 * its key's change per window); none when the window lies wholly after the horizon.
 */
export function runningChange(
  column: string,
  { name, last, before }: RunningWindow,
  filter: SQL | null = null,
): SQL {
  if (last === before) return sql`0`;
  // Whole cents are summed in a bigint passed by value (`bigint_sum`, decision 097), counts as `sum` does.
  const change = sql.raw(`${column.endsWith('_cents') ? 'bigint_sum' : 'sum'}(f.${name}_${column})`);
  return filter ? sql`${change} filter (where ${filter})` : change;
}

/**
 * The scope's running totals of a grain as rows `f`: one per key (its columns) with, for each window
 * and running-total column, the key's change over the window as `<window>_<column>` (its total at the
 * window's last month minus its total at the month before). A key has a row at every month from its
 * first to the horizon, so the keys of the latest month read are every key: that month's rows, each
 * joined to its rows at the other months read (none: 0), whatever the period. With `spans`, the
 * manual sums inside each window that started before it (`spansIntoPeriod`), negated, are rows of
 * their own holding that window's change only: a window's sum is then `runningChange`'s.
 *
 * `keys`, a predicate over a row `f`'s key columns that the caller also applies to the rows, is
 * applied to the other months' rows too (a key joins only its own rows, so it keeps the same keys):
 * when it keeps few keys (one line, standard types), the planner can then merge or hash those few
 * rows instead of looking each key up in the primary key at every month (decision 087).
 */
export function runningTotalRows(
  scope: Scope,
  grain: RunningGrain,
  windows: readonly RunningWindow[],
  spans: boolean,
  keys: SQL | null = null,
): SQL {
  const read = windows.filter((w) => w.last !== w.before);
  const months = [...new Set(read.flatMap((w) => [w.last, w.before]))].sort().reverse();
  // The rows read, latest first ('r', then 'e0', 'e1'...): a month a year before one of them is
  // read from that row's year-ago columns instead (a prior period's edges, decision 098).
  const rows = new Map<YearMonth, { alias: string; yearAgo: boolean }>();
  const joined: YearMonth[] = [];
  for (const month of months) {
    const later = rows.get(addMonths(month, 12));
    if (later && !later.yearAgo) {
      rows.set(month, { alias: later.alias, yearAgo: true });
    } else {
      rows.set(month, { alias: joined.length === 0 ? 'r' : `e${joined.length - 1}`, yearAgo: false });
      joined.push(month);
    }
  }
  const [latest, ...earlier] = joined;
  const at = (month: YearMonth, column: string) => {
    const { alias, yearAgo } = rows.get(month)!;
    const value = `${alias}.${yearAgo ? yearAgoColumn(column) : column}`;
    return alias === 'r' ? value : `coalesce(${value}, 0)`;
  };
  const changes = read.flatMap((w) =>
    RUNNING_COLUMN_NAMES.map((c) => `${at(w.last, c)} - ${at(w.before, c)} as ${w.name}_${c}`),
  );
  const slice = (alias: string, month: YearMonth | undefined) =>
    sql`${scopeFilter(alias, scope)} and ${sql.raw(alias)}.grain = ${grain} and ${sql.raw(alias)}.month = ${
      month ? monthLiteral(month) : sql`null`
    }`;
  const joins = earlier.map((month, i) => {
    const e = `e${i}`;
    const sameKey = ['agency_uuid', ...RUNNING_ROW_KEY].map((c) => `${e}.${c} = r.${c}`).join(' and ');
    const rows = keys
      ? sql`(select * from production_agency_running_totals f where ${slice('f', month)} and ${keys})`
      : sql`production_agency_running_totals`;
    return sql` left join ${rows} ${sql.raw(e)} on ${keys ? sql`true` : slice(e, month)} and ${sql.raw(sameKey)}`;
  });
  return sql`(
      select r.agency_uuid, r.network_uuid, r.carrier_class, r.carrier_uuid, r.agency_code_uuid, r.broad_code,
        r.type_code, r.source${
          changes.length > 0 ? sql.raw(`,\n        ${changes.join(',\n        ')}`) : sql``
        }
      from production_agency_running_totals r${sql.join(joins, sql``)}
      where ${slice('r', latest)}
      ${sql.join(
        (spans ? read : []).map((w) => sql`union all ${spansIntoPeriod(scope, grain, w, read)}`),
        sql` `,
      )}
    ) f`;
}

/**
 * Running totals: a period's sum is the total at its last month minus the total at the month before
 * it, both taken at the horizon when later (nothing happens after it), minus the manual sums that
 * started before the period (`spansIntoPeriod`). A figure with no reported value in the period stays
 * NULL, and a group needs a fact in one of the periods.
 */
function runningTotalsParts(
  request: FactsRequest,
  { grain, horizon, spans }: Extract<FigureSource, { kind: 'running-totals' }>,
): SourceParts {
  const total = grain === 'total';
  const windows = periods(request).map((p) => runningWindow(p, horizon));
  const [current, prior] = windows as [RunningWindow, RunningWindow];
  // A standard type is never '' (none): the stored column, whose statistics the planner reads.
  const types = (standardTypes: readonly string[]) => sql`f.type_code in (${inList(standardTypes)})`;
  // One line (and its standard types) keeps a few of the grain's keys: figureQuery keeps the same.
  const line = request.line === 'P&C' ? null : sql`f.broad_code = ${request.line}`;
  const keys =
    line && request.standardTypes.length > 0 ? sql`${line} and ${types(request.standardTypes)}` : line;
  return {
    from: runningTotalRows(
      levelScope(request.level),
      grain,
      windows,
      spans && request.period.includesManualEntries,
      keys,
    ),
    where: sql`true`,
    broadCode: sql`f.broad_code`,
    typeCode: sql`nullif(f.type_code, '')`,
    types,
    carriers: total ? sql`true` : compositePredicate(sql`f.carrier_class`, request),
    sources: total ? sql`true` : feedOnly(request),
    // Amounts are whole cents there.
    measures: MEASURE_COLUMNS.flatMap((c) =>
      windows.map((w) => centsFigure(runningChange(`${c}_count`, w), runningChange(`${c}_cents`, w))),
    ),
    having: sql`${runningChange('facts', current)} > 0 or ${runningChange('facts', prior)} > 0`,
  };
}

/**
 * The facts inside a window whose sums started before it (manual months after a gap), negated, as rows
 * of `runningTotalRows` holding that window's change only (the other windows' columns `read` are 0):
 * added to the difference of the window's edges, they leave those sums out. Read through a partial
 * index: such facts are few.
 */
function spansIntoPeriod(
  scope: Scope,
  grain: RunningGrain,
  window: RunningWindow,
  read: readonly RunningWindow[],
): SQL {
  const negated: Record<string, string> = {
    facts: '-1',
    ...Object.fromEntries(
      MEASURE_COLUMNS.flatMap((c) => [
        [`${c}_cents`, `-(coalesce(f.${c}, 0) * 100)::bigint`],
        [`${c}_count`, `-(f.${c} is not null)::int`],
      ]),
    ),
  };
  const changes = read.flatMap((w) =>
    RUNNING_COLUMN_NAMES.map((c) => (w.name === window.name ? (negated[c] ?? '0') : '0')),
  );
  return sql`
    select f.agency_uuid, f.network_uuid, ${grain === 'total' ? sql`0::smallint` : carrierClass('c')},
      ${grain === 'carrier' ? sql`f.carrier_uuid` : NIL_CARRIER}, ${grain === 'carrier' ? FACT_CODE : NIL_CARRIER},
      ${BROAD_CODE}, ${grain === 'type' ? TYPE_CODE : sql`''`}, ${grain === 'total' ? sql`'all'` : sql`f.source`},
      ${sql.raw(changes.join(', '))}
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where ${scopeFilter('f', scope)}
        and f.gap_months > 0 and f.month between ${monthLiteral(window.start)} and ${monthLiteral(window.end)}
        and ${SUMS_START} < ${monthLiteral(window.start)}
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    ${grain === 'total' ? sql`where ${carrierClass('c')} <> 0` : sql``}`;
}

function sourceParts(request: FactsRequest, source: FigureSource): SourceParts {
  switch (source.kind) {
    case 'facts':
      return monthlyParts('production_facts', request);
    case 'carrier-months':
      return monthlyParts('production_carrier_months', request);
    case 'running-totals':
      return runningTotalsParts(request, source);
  }
}

const inList = (values: readonly string[], cast = '') =>
  sql.join(
    values.map((v) => sql`${v}${sql.raw(cast)}`),
    sql`, `,
  );

/**
 * One agency's figures per carrier and broad line for growth plans, in one pass over its facts:
 * written premium, prior written premium and new written premium over the request's period (the
 * sums `figureQuery` takes from the facts, from the same parts, so Carrier Production's figures), and
 * `months`, the written premium of each month of the period (JSON: YYYY-MM -> exact decimal text or
 * null), whose running total growth plans chart. The facts are summed per month first and the
 * months then per period (numeric, exact); one row per carrier and line keeps the answer small,
 * which is most of the cost on PGlite (decision 024).
 */
export function carrierMonthFiguresQuery(request: FactsRequest): SQL {
  if (request.level.kind !== 'agency' || request.line !== 'P&C' || request.standardTypes.length > 0) {
    throw new RangeError('carrier-month figures are read for one agency, every broad line');
  }
  const parts = monthlyParts('production_facts', request);
  // `measures` holds each measure's period sum, then its prior period's.
  const [writtenPremium, priorWrittenPremium, newWrittenPremium] = parts.measures;
  const carrierFilter = request.carriers
    ? sql`f.carrier_uuid in (${inList(request.carriers, '::uuid')})`
    : sql`true`;
  return sql`
    select m.group_uuid, m.line_code, sum(m.written_premium)::text as written_premium,
      sum(m.prior_written_premium)::text as prior_written_premium,
      sum(m.new_written_premium)::text as new_written_premium,
      json_object_agg(to_char(m.month, 'YYYY-MM'), m.written_premium::text)
        filter (where m.month >= ${monthLiteral(request.period.start)}) as months
    from (
      select f.carrier_uuid as group_uuid, ${parts.broadCode} as line_code, f.month,
        ${writtenPremium} as written_premium, ${priorWrittenPremium} as prior_written_premium,
        ${newWrittenPremium} as new_written_premium
      from ${parts.from}
      where ${scopeFilter('f', levelScope(request.level))} and ${parts.where}
        and ${parts.sources} and ${parts.carriers} and ${carrierFilter}
      group by 1, 2, 3
    ) m
    group by m.group_uuid, m.line_code`;
}

/** The column of a fact `f` that names its group. */
const FACT_GROUP: Record<FactsRequest['grouping'], string> = {
  carrier: 'f.carrier_uuid',
  agency: 'f.agency_uuid',
  agencyCode: 'f.agency_code_uuid',
  network: 'f.network_uuid',
};

/** Uuids as a `uuid[]` parameter. */
export const uuidArray = (uuids: readonly string[]): SQL => sql`${`{${uuids.join(',')}}`}::uuid[]`;

/** Agencies as a `uuid[]` expression: a list's literal, or the expression itself. */
const agencyArray = (agencies: readonly string[] | SQL): SQL =>
  Array.isArray(agencies) ? uuidArray(agencies) : (agencies as SQL);

/** The rows of a figure query per group: each line code's, the chosen line's total, or both. */
export type FigureRows = 'lines and total' | 'lines' | 'total';

/**
 * The sums of the four measures for the period and its prior period, per group (carrier or agency)
 * and per line code and the line's total (GROUPING SETS, line code the chosen line), or only one of
 * them (`rows`): one row per group and line with the columns of `FIGURE_COLUMNS`, sums as numeric,
 * or as text with `asText`. `agencyUuids`, when given, keeps the facts of those agencies only: a list,
 * or an array expression (`array(select …)`, evaluated once).
 */
export function figureQuery(
  request: FactsRequest,
  source: FigureSource,
  asText: boolean,
  byCarrier = false,
  agencyUuids: readonly string[] | SQL | null = null,
  rows: FigureRows = 'lines and total',
): SQL {
  const parts = sourceParts(request, source);
  const { line, standardTypes, grouping } = request;
  const childCode = line === 'P&C' ? parts.broadCode : parts.typeCode;
  const lineFilter = line === 'P&C' ? sql`true` : sql`${parts.broadCode} = ${line}`;
  const typeFilter = standardTypes.length === 0 ? sql`true` : parts.types(standardTypes);
  const carrierFilter = request.carriers
    ? sql`f.carrier_uuid in (${inList(request.carriers, '::uuid')})`
    : sql`true`;
  // By carrier too: each group's carriers apart, named `group/carrier` (the facts only).
  const group = sql.raw(byCarrier ? `${FACT_GROUP[grouping]}, f.carrier_uuid` : FACT_GROUP[grouping]);
  const groupName = byCarrier
    ? sql.raw(`${FACT_GROUP[grouping]}::text || '/' || f.carrier_uuid::text`)
    : group;
  const columns = Object.keys(FIGURE_COLUMNS);
  const sums = sql.join(
    parts.measures.map((sum, i) => sql`${sum}${sql.raw(asText ? '::text' : '')} as ${sql.raw(columns[i]!)}`),
    sql`, `,
  );
  return sql`
    select ${groupName} as group_uuid,
      ${rows === 'total' ? sql`${line}::text` : sql`case when grouping(${childCode}) = 1 then ${line}::text else ${childCode} end`} as line_code, ${sums}
    from ${parts.from}
    where ${scopeFilter('f', levelScope(request.level))} and ${parts.where}
      and ${parts.sources} and ${parts.carriers} and ${lineFilter} and ${typeFilter} and ${carrierFilter}${
        agencyUuids ? sql` and f.agency_uuid = any(${agencyArray(agencyUuids)})` : sql``
      }
    group by ${
      {
        'lines and total': sql`grouping sets ((${group}, ${childCode}), (${group}))`,
        lines: sql`${group}, ${childCode}`,
        total: group,
      }[rows]
    }
    having ${parts.having}`;
}

/**
 * A network's figures per agency, carrier and line code (profit sharing's ranking): `figureQuery`'s sums
 * of the request's carriers, each agency's carriers apart (group `agency/carrier`), in one statement for
 * every carrier of the network's agreements; of every agency, or only of `agencyUuids` (those written
 * since the kept figures, decision 078). Without the line's total row: an agreement adds the line codes
 * it covers. Read from the running totals per carrier (`source`, decision 081) when the request is per
 * broad line, else from the facts (only they carry the standard types per carrier).
 */
export function agencyCarrierFiguresQuery(
  request: FactsRequest,
  agencyUuids: readonly string[] | null = null,
  source: FigureSource = { kind: 'facts' },
): SQL {
  if (request.level.kind !== 'network' || request.grouping !== 'agency' || !request.carriers) {
    throw new RangeError("agency-carrier figures are read for a network's agencies and named carriers");
  }
  const perCarrier =
    source.kind === 'facts' || (source.kind === 'running-totals' && source.grain === 'carrier');
  if (!perCarrier || (source.kind !== 'facts' && !byBroadLine(request))) {
    throw new RangeError('agency-carrier figures are read from the facts, or per broad line per carrier');
  }
  return figureQuery(request, source, true, true, agencyUuids, 'lines');
}

/** Whether a request's figures are per broad line, every standard type (what the coarser grains keep). */
export const byBroadLine = (request: Pick<FactsRequest, 'line' | 'standardTypes'>) =>
  request.line === 'P&C' && request.standardTypes.length === 0;

/** Where a month-by-month figure query reads: the facts, or the network's carrier-months. */
export type MonthlySource = 'facts' | 'carrier-months';

/**
 * The four measures month by month against the same month a year earlier (Performance Charts): per
 * month of the period and line code (the chosen line's children), with the line's total per month
 * (line code the chosen line), and the same sums over the whole period (month NULL). A prior fact
 * counts at its month plus twelve; each fact counts in a period by the rule of `within`, so the
 * period's sums equal `figureQuery`'s. Sums as exact decimal text, columns of `FIGURE_COLUMNS`.
 */
export function monthlyFiguresQuery(request: FactsRequest, source: MonthlySource): SQL {
  const parts = monthlyParts(source === 'facts' ? 'production_facts' : 'production_carrier_months', request);
  const { line, standardTypes } = request;
  const childCode = line === 'P&C' ? parts.broadCode : parts.typeCode;
  const lineFilter = line === 'P&C' ? sql`true` : sql`${parts.broadCode} = ${line}`;
  const typeFilter = standardTypes.length === 0 ? sql`true` : parts.types(standardTypes);
  const carrierFilter = request.carriers
    ? sql`f.carrier_uuid in (${inList(request.carriers, '::uuid')})`
    : sql`true`;
  const select = (current: boolean, start: YearMonth, end: YearMonth) => sql`
      select ${current ? sql`f.month` : sql`(f.month + interval '12 months')::date`} as month,
        ${sql.raw(String(current))} as current, ${childCode} as line_code,
        ${sql.raw(MEASURE_COLUMNS.map((c) => `f.${c}`).join(', '))}
      from ${parts.from}
      where ${scopeFilter('f', levelScope(request.level))} and ${within(start, end)}
        and ${parts.sources} and ${parts.carriers} and ${lineFilter} and ${typeFilter} and ${carrierFilter}`;
  const sums = sql.raw(
    MEASURE_COLUMNS.flatMap((c) => [
      `sum(m.${c}) filter (where m.current)::text as ${c}`,
      `sum(m.${c}) filter (where not m.current)::text as prior_${c}`,
    ]).join(',\n    '),
  );
  return sql`
    select to_char(m.month, 'YYYY-MM') as month,
      case when grouping(m.line_code) = 1 then ${line}::text else m.line_code end as line_code,
      ${sums}
    from (${select(true, request.period.start, request.period.end)}
      union all ${select(false, request.period.priorStart, request.period.priorEnd)}
    ) m
    group by grouping sets ((m.month, m.line_code), (m.month), (m.line_code), ())
    -- The grand total of no rows is still a row: none without facts.
    having count(*) > 0
    order by 1 nulls last, 2`;
}

/** A period's months as a range of month numbers (those of `carrier_reported_masks`). */
const monthRange = (p: { start: YearMonth; end: YearMonth }) =>
  sql.raw(`int4range(${monthIndex(p.start)}, ${monthIndex(p.end)}, '[]')`);

/**
 * Incomplete data: an agency-carrier pair that reported in either period but not in every month of
 * one of them marks its group (carrier or agency) as missing current or prior data. Each pair's
 * reported months are ranges of month numbers: `&&` finds a reported month in a period, `@>` all.
 * By agency code, `codes` (a relation of agency code uuids), when given, keeps only those codes.
 */
export function flagsQuery(
  request: FactsRequest,
  codes: SQL | null = null,
  agencyUuids: readonly string[] | null = null,
): SQL {
  // An agency code's months are those its carrier reported for its agency.
  const group = sql.raw(
    { carrier: 'm.carrier_uuid', agency: 'm.agency_uuid', agencyCode: 'ac.uuid', network: 'm.network_uuid' }[
      request.grouping
    ],
  );
  if (codes && request.grouping !== 'agencyCode') throw new RangeError('codes are kept by agency code');
  const byCode =
    request.grouping === 'agencyCode'
      ? sql`join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid${
          codes ? sql` and ac.uuid in (${codes})` : sql``
        }`
      : sql``;
  const [current, prior] = periods(request).map(monthRange);
  const carrierFilter = request.carriers
    ? sql`m.carrier_uuid in (${inList(request.carriers, '::uuid')})`
    : sql`true`;
  const agencyFilter = agencyUuids ? sql` and m.agency_uuid = any(${agencyArray(agencyUuids)})` : sql``;
  // The pairs' flags are computed before grouping (`offset 0` keeps them apart), so the grouping
  // handles a uuid and two booleans per pair, not its months.
  return sql`
    select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select ${group} as group_uuid, not m.reported_months @> ${current} as missing_current,
        not m.reported_months @> ${prior} as missing_prior
      from carrier_reported_masks m ${byCode}
      where ${scopeFilter('m', levelScope(request.level))} and ${compositePredicate(sql`m.carrier_class`, request)}
        and ${carrierFilter}${agencyFilter}
        and (m.reported_months && ${current} or m.reported_months && ${prior})
      offset 0
    ) p
    group by p.group_uuid`;
}

// --- Agency codes (the planning tool) -----------------------------------------------------------

/**
 * A line's figures as a JSON array in the order of `FIGURE_COLUMNS` (a code's `lines`: an array is
 * read back much faster than an object).
 */
const FIGURE_ARRAY = sql.raw(
  `json_build_array(${Object.keys(FIGURE_COLUMNS)
    .map((column) => `f.${column}`)
    .join(', ')})`,
);

/**
 * Every agency code of a by-agency-code request with its agency, carrier, code, name and agency's name
 * in lower case, and its line's figures (the line's total, exact decimal text) from `source`
 * (`codeFiguresSource`): of every agency, or only of `agencyUuids` (those written or renamed since a
 * kept answer, decision 095).
 */
export const codeFiguresQuery = (
  request: FactsRequest,
  source: FigureSource,
  agencyUuids: readonly string[] | null = null,
) => sql`
  select f.group_uuid, ac.agency_uuid, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name,
    lower(a.name) as lower_agency_name, ${sql.raw(
      Object.keys(FIGURE_COLUMNS)
        .map((column) => `f.${column}`)
        .join(', '),
    )}
  from (${figureQuery(request, source, true, false, agencyUuids, 'total')}) f
  join agency_codes ac on ac.uuid = f.group_uuid
  join agencies a on a.uuid = ac.agency_uuid`;

/**
 * The `lines` of the codes `codes` (a relation of code uuids) of a by-agency-code request, from
 * `source`, reading the facts or running totals of `agencies` (a `uuid[]` expression, evaluated once)
 * only: per code, each line code's figures as an array (`FIGURE_ARRAY`), the line's total included.
 */
export const codeLinesQuery = (request: FactsRequest, source: FigureSource, agencies: SQL, codes: SQL) => sql`
  select f.group_uuid, json_object_agg(f.line_code, ${FIGURE_ARRAY}) as lines
  from (${figureQuery(request, source, false, false, agencies)}) f
  where f.line_code is not null and f.group_uuid in (${codes})
  group by f.group_uuid`;

/** Every derived table of the read model, in the order a rebuild empties them. */
export const DERIVED_TABLES = [
  'production_carrier_months',
  'production_agency_running_totals',
  'carrier_reported_masks',
  'production_rollup_horizons',
] as const;

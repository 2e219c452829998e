import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import { parseYearMonth } from '#shared/domain/reporting-month.ts';
import { dropPeriodTotals, lockPeriodTotals } from './period-totals.ts';

/**
 * Maintenance of the production rollups (schema/rollups.ts, docs/decisions/004). They are rebuilt
 * from the facts, never edited by hand: a whole network at once after a bulk load, or one agency
 * (plus the carrier-months it touched) inside the transaction that writes its facts.
 */
type Executor = Pick<Db, 'execute'>;

/** The carrier's kind flags as bits: 1 MGA, 2 standard, 4 crop, 8 flood, 16 surety, 32 workers comp. */
export const CARRIER_CLASS_BITS = {
  isMga: 1,
  isStandard: 2,
  isCrop: 4,
  isFlood: 8,
  isSurety: 16,
  isWorkersComp: 32,
} as const;

/** The `carrier_class` of a carrier row `c`. */
export const carrierClass = (c: string) =>
  sql.raw(
    `((${c}.is_mga::int) | (${c}.is_standard::int << 1) | (${c}.is_crop::int << 2) | ` +
      `(${c}.is_flood::int << 3) | (${c}.is_surety::int << 4) | (${c}.is_workers_comp::int << 5))::smallint`,
  );

/** A month as the whole number year * 12 + month - 1, the unit of `carrier_reported_masks.reported_months`. */
const MONTH_NUMBER = (date: string) =>
  sql.raw(`(extract(year from ${date}) * 12 + extract(month from ${date}) - 1)::int`);

export function monthIndex(month: YearMonth): number {
  const { year, month: m } = parseYearMonth(month)!;
  return year * 12 + m - 1;
}

export type Scope = { networkUuid: string } | { agencyUuid: string };

const scopeFilter = (alias: string, scope: Scope): SQL =>
  'agencyUuid' in scope
    ? sql`${sql.raw(alias)}.agency_uuid = ${scope.agencyUuid}::uuid`
    : sql`${sql.raw(alias)}.network_uuid = ${scope.networkUuid}::uuid`;

const RUNNING_KEY = 'agency_uuid, network_uuid, grain, carrier_class, broad_code, type_code, source';
const RUNNING_SUMS = ['facts', 'wp', 'wp_n', 'nwp', 'nwp_n', 'ep', 'ep_n', 'il', 'il_n'] as const;
const RUNNING_SUMS_SQL = RUNNING_SUMS.map((c) => `sum(${c}) as ${c}`).join(', ');

/**
 * Running totals of every key of the scope's agencies at the three grains (per standard type, per
 * broad line, and per broad line over the default composite), one row per month up to `horizon`.
 */
async function insertRunningTotals(db: Executor, scope: Scope, horizon: string): Promise<void> {
  const key = sql.raw(RUNNING_KEY);
  await db.execute(sql`
    insert into production_agency_running_totals (agency_uuid, network_uuid, grain, carrier_class,
      broad_code, type_code, source, month, facts, written_premium_cents, written_premium_count,
      new_written_premium_cents, new_written_premium_count, earned_cents, earned_count, incurred_cents,
      incurred_count)
    with by_type as materialized (
      select f.agency_uuid, f.network_uuid, 'type' as grain, ${carrierClass('c')} as carrier_class,
        case when l.level = 1 then l.code else p.code end as broad_code,
        case when l.level = 2 then l.code else '' end as type_code,
        f.source, f.month, count(*) as facts,
        (coalesce(sum(f.written_premium), 0) * 100)::bigint as wp, count(f.written_premium) as wp_n,
        (coalesce(sum(f.new_written_premium), 0) * 100)::bigint as nwp, count(f.new_written_premium) as nwp_n,
        (coalesce(sum(f.earned), 0) * 100)::bigint as ep, count(f.earned) as ep_n,
        (coalesce(sum(f.incurred), 0) * 100)::bigint as il, count(f.incurred) as il_n
      from production_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where ${scopeFilter('f', scope)}
      group by f.agency_uuid, f.network_uuid, 4, 5, 6, f.source, f.month
    ),
    monthly as materialized (
      select * from by_type
      union all
      select agency_uuid, network_uuid, 'broad', carrier_class, broad_code, '', source, month,
        ${sql.raw(RUNNING_SUMS_SQL)}
      from by_type
      group by agency_uuid, network_uuid, carrier_class, broad_code, source, month
      union all
      -- The default composite keeps every carrier with a kind flag (a non-zero class).
      select agency_uuid, network_uuid, 'total', 0::smallint, broad_code, '', 'all', month,
        ${sql.raw(RUNNING_SUMS_SQL)}
      from by_type
      where carrier_class <> 0
      group by agency_uuid, network_uuid, broad_code, month
    ),
    keys as (
      select ${key}, min(month) as first_month from monthly group by ${key}
    ),
    -- Every month of every key: its sums, plus a zero row per month so months without facts exist
    -- (a union, not a join: the planner has no estimate for a join on the monthly sums).
    dense as (
      select ${key}, month, ${sql.raw(RUNNING_SUMS_SQL)}
      from (
        select * from monthly
        union all
        select ${key}, g.month::date, 0, 0, 0, 0, 0, 0, 0, 0, 0
        from keys
        cross join lateral generate_series(first_month, ${horizon}::date, interval '1 month') as g(month)
      ) u
      group by ${key}, month
    )
    select ${key}, month, ${sql.raw(RUNNING_SUMS.map((c) => `sum(${c}) over w`).join(', '))}
    from dense
    window w as (partition by ${key} order by month)
    -- Stored month by month: a report reads a few whole months of a network, from few pages.
    order by network_uuid, grain, month`);
}

/**
 * The months each carrier reported for each agency of the scope (agency_uuid, carrier_uuid,
 * network_uuid, month): the carriers' feeds, plus the months of the agency's manual entries.
 */
export const reportedMonthsOf = (scope: Scope): SQL => sql`(
  select r.agency_uuid, r.carrier_uuid, r.network_uuid, r.month
  from carrier_reported_months r where ${scopeFilter('r', scope)}
  union all
  select distinct m.agency_uuid, m.carrier_uuid, m.network_uuid, make_date(m.year, m.month, 1)
  from manual_entries m
  where ${scopeFilter('m', scope)} and not exists (
    select 1 from carrier_reported_months r where r.agency_uuid = m.agency_uuid
      and r.carrier_uuid = m.carrier_uuid and r.month = make_date(m.year, m.month, 1)))`;

/** The reported months of each agency x carrier of the scope, as ranges of month numbers. */
async function insertReportedMasks(db: Executor, scope: Scope): Promise<void> {
  await db.execute(sql`
    insert into carrier_reported_masks (agency_uuid, carrier_uuid, network_uuid, carrier_class, reported_months)
    select r.agency_uuid, r.carrier_uuid, r.network_uuid, ${carrierClass('c')},
      range_agg(int4range(${MONTH_NUMBER('r.month')}, ${MONTH_NUMBER('r.month')}, '[]'))
    from ${reportedMonthsOf(scope)} r
    join carriers c on c.uuid = r.carrier_uuid
    group by r.agency_uuid, r.carrier_uuid, r.network_uuid, c.uuid`);
}

/** Inserts the carrier-months of the facts `f` that `where` selects. */
const insertCarrierMonths = (where: SQL) => sql`
  insert into production_carrier_months (network_uuid, month, carrier_uuid, line_uuid, source,
    written_premium, new_written_premium, earned, incurred)
  select f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, f.source, sum(f.written_premium),
    sum(f.new_written_premium), sum(f.earned), sum(f.incurred)
  from production_facts f
  where ${where}
  group by f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, f.source`;

async function latestFactMonth(db: Executor, scope: Scope): Promise<string | null> {
  const result = await db.execute<{ month: string | null }>(
    sql`select max(f.month)::text as month from production_facts f where ${scopeFilter('f', scope)}`,
  );
  return result.rows[0]?.month ?? null;
}

async function networkHorizon(db: Executor, networkUuid: string): Promise<string | null> {
  const result = await db.execute<{ horizon: string }>(
    sql`select horizon::text as horizon from production_rollup_horizons where network_uuid = ${networkUuid}::uuid`,
  );
  return result.rows[0]?.horizon ?? null;
}

/**
 * The format of the rollups this code builds; networks built in an older one are rebuilt at start.
 * Only a network's full rebuild sets it (it starts without a horizon row).
 */
export const ROLLUP_FORMAT = 3;

async function setHorizon(db: Executor, networkUuid: string, horizon: string): Promise<void> {
  await db.execute(sql`
    insert into production_rollup_horizons (network_uuid, horizon, format)
    values (${networkUuid}::uuid, ${horizon}::date, ${ROLLUP_FORMAT})
    on conflict (network_uuid) do update set horizon = excluded.horizon`);
}

/** Rebuilds every rollup of a network from its facts (after a bulk load, or when none exist yet). */
export async function rebuildNetworkRollups(db: Db, networkUuid: string): Promise<void> {
  const scope = { networkUuid };
  await db.transaction(async (tx) => {
    await dropPeriodTotals(tx, networkUuid);
    for (const table of [
      'production_carrier_months',
      'production_agency_running_totals',
      'carrier_reported_masks',
      'production_rollup_horizons',
    ]) {
      await tx.execute(sql`delete from ${sql.raw(table)} where network_uuid = ${networkUuid}::uuid`);
    }
    await tx.execute(insertCarrierMonths(scopeFilter('f', scope)));
    await insertReportedMasks(tx, scope);
    const horizon = await latestFactMonth(tx, scope);
    if (horizon === null) return;
    await insertRunningTotals(tx, scope, horizon);
    await setHorizon(tx, networkUuid, horizon);
  });
}

/**
 * Brings the rollups up to date after one agency's facts or reported months changed, inside the
 * caller's transaction: that agency's running totals and reported months, and the network's carrier-months of
 * the carriers and months that changed. When the agency now has a later month than the network's
 * horizon, every other agency's running totals are carried forward to it. Answers the agency's
 * network. Writers call `refreshAgencyProduction` (production-report.ts), which also brings the
 * views the network keeps up to date.
 */
export async function refreshAgencyRollups(
  tx: Executor,
  agencyUuid: string,
  changed: readonly { carrierUuid: string; month: string }[],
): Promise<string> {
  const found = await tx.execute<{ network_uuid: string }>(
    sql`select network_uuid from agencies where uuid = ${agencyUuid}::uuid`,
  );
  const networkUuid = found.rows[0]?.network_uuid;
  if (!networkUuid) throw new Error(`Unknown agency ${agencyUuid}`);
  await lockPeriodTotals(tx, networkUuid);
  // A network without rollups yet has no horizon row to lock: changes of one agency still take
  // turns, so two saves never rebuild its rows at the same time.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agency rollups ${agencyUuid}`}))`);
  const agency = { agencyUuid };

  if (changed.length > 0) {
    const pairs = sql.join(
      changed.map((c) => sql`(${c.carrierUuid}::uuid, ${c.month}::date)`),
      sql`, `,
    );
    await tx.execute(sql`
      delete from production_carrier_months
      where network_uuid = ${networkUuid}::uuid and (carrier_uuid, month) in (${pairs})`);
    await tx.execute(
      insertCarrierMonths(
        sql`f.network_uuid = ${networkUuid}::uuid and (f.carrier_uuid, f.month) in (${pairs})`,
      ),
    );
  }

  const current = await networkHorizon(tx, networkUuid);
  const latest = await latestFactMonth(tx, agency);
  const horizon =
    [current, latest]
      .filter((m): m is string => m !== null)
      .sort()
      .at(-1) ?? null;
  if (current !== null && horizon !== null && horizon > current) {
    // Carry every other agency's totals forward: nothing of theirs happened after `current`.
    await tx.execute(sql`
      insert into production_agency_running_totals
      select t.agency_uuid, g.month::date, t.grain, t.carrier_class, t.broad_code, t.type_code, t.source,
        t.network_uuid, t.facts, t.written_premium_cents, t.written_premium_count,
        t.new_written_premium_cents, t.new_written_premium_count, t.earned_cents, t.earned_count,
        t.incurred_cents, t.incurred_count
      from production_agency_running_totals t
      cross join lateral generate_series(${current}::date + interval '1 month', ${horizon}::date, interval '1 month') as g(month)
      where t.network_uuid = ${networkUuid}::uuid and t.month = ${current}::date
        and t.agency_uuid <> ${agencyUuid}::uuid`);
  }
  await tx.execute(sql`delete from production_agency_running_totals where agency_uuid = ${agencyUuid}::uuid`);
  await tx.execute(sql`delete from carrier_reported_masks where agency_uuid = ${agencyUuid}::uuid`);
  await insertReportedMasks(tx, agency);
  if (horizon !== null) {
    await insertRunningTotals(tx, agency, horizon);
    await setHorizon(tx, networkUuid, horizon);
  }
  return networkUuid;
}

/**
 * Builds the rollups of every network that has facts but none yet (a database loaded before the
 * rollups existed), or rollups of an older format. Runs at start; a no-op query otherwise.
 */
export async function ensureProductionRollups(db: Db, log: (message: string) => void): Promise<void> {
  const missing = await db.execute<{ uuid: string; name: string }>(sql`
    select n.uuid, n.name from networks n
    where not exists (select 1 from production_rollup_horizons h
        where h.network_uuid = n.uuid and h.format = ${ROLLUP_FORMAT})
      and exists (select 1 from production_facts f where f.network_uuid = n.uuid)`);
  for (const network of missing.rows) {
    log(`Building the production rollups of ${network.name}...`);
    await rebuildNetworkRollups(db, network.uuid);
  }
  if (missing.rows.length > 0) {
    // A rebuild leaves the old rows dead; reports scan the fresh ones only after a vacuum.
    await db.execute(sql`vacuum analyze production_agency_running_totals`);
  }
}

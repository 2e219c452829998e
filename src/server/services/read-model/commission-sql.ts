import { sql, type SQL } from 'drizzle-orm';
import type { CarrierKinds } from '#shared/domain/carrier-composite.ts';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { Level } from '#server/policies/scope.ts';
import { carrierPredicate, monthLiteral, scopeFilter, type Scope } from './sql.ts';

/**
 * The commission side of the read model (decision 016), as SQL builders: the maintenance of the
 * network's commission carrier-months and of the months where agencies' statements start or stop,
 * and the scorecard's figures and incomplete-data flags from either source. Nothing here runs a
 * query; `sql-snapshots.test.ts` renders them into `sql/*.sql` with the rest.
 */

/** A scorecard request: one object for the three calls. */
export type CommissionRequest = {
  level: Level;
  start: YearMonth;
  end: YearMonth;
  /** 'P&C' (every line) or one broad line. */
  line: string;
  /** Standard type codes to keep (facts recorded on a broad line have none); empty keeps every line. */
  standardTypes: readonly string[];
  kinds: CarrierKinds;
  /** The only carriers counted (collaboration mode), or null for every carrier. */
  carriers: readonly string[] | null;
};

/** The derived tables of the commission side, emptied with the others when a network is rebuilt. */
export const COMMISSION_TABLES = ['commission_carrier_months', 'commission_reported_changes'] as const;

/** How the figures are grouped: per carrier and line, or per broad line and core flag. */
export type CommissionGrouping = 'carrier' | 'policy-type';

/** Inserts the network x month x carrier x line sums of the commission facts `f` that `where` selects. */
export const insertCommissionCarrierMonths = (where: SQL) => sql`
  insert into commission_carrier_months (network_uuid, month, carrier_uuid, line_uuid, written_premium,
    base_commission, additional_commission)
  select f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, sum(f.written_premium), sum(f.base_commission),
    sum(f.additional_commission)
  from commission_facts f
  where ${where}
  group by f.network_uuid, f.month, f.carrier_uuid, f.line_uuid`;

/**
 * The months where an agency's statements of a carrier start (a month with one after a month
 * without) or stop (a month without after a month with one), for the agencies of the scope.
 */
export const insertCommissionChanges = (scope: Scope) => sql`
  insert into commission_reported_changes (agency_uuid, carrier_uuid, month, network_uuid)
  select distinct c.agency_uuid, c.carrier_uuid, c.month, c.network_uuid from (
    select n.agency_uuid, n.carrier_uuid, n.network_uuid, n.month
    from (
      select p.agency_uuid, p.carrier_uuid, p.network_uuid, p.month,
        lag(p.month) over (partition by p.agency_uuid, p.carrier_uuid order by p.month) as previous
      from (select distinct f.agency_uuid, f.carrier_uuid, f.network_uuid, f.month
        from commission_facts f where ${scopeFilter('f', scope)}) p
    ) n
    where n.previous is null or n.previous <> (n.month - interval '1 month')::date
    union all
    select n.agency_uuid, n.carrier_uuid, n.network_uuid, (n.month + interval '1 month')::date
    from (
      select p.agency_uuid, p.carrier_uuid, p.network_uuid, p.month,
        lead(p.month) over (partition by p.agency_uuid, p.carrier_uuid order by p.month) as next
      from (select distinct f.agency_uuid, f.carrier_uuid, f.network_uuid, f.month
        from commission_facts f where ${scopeFilter('f', scope)}) p
    ) n
    where n.next is null or n.next <> (n.month + interval '1 month')::date
  ) c`;

/** The broad line of a line `l` (its own code at level 1, its parent's `b` below). */
const BROAD = sql.raw('(case when l.level = 1 then l.code else b.code end)');

const inList = (values: readonly string[], cast = '') =>
  sql.join(
    values.map((v) => sql`${v}${sql.raw(cast)}`),
    sql`, `,
  );

/** The figures of a group `g` of summed rows (see `summedSource`), before they become text. */
const FIGURE_SUMS = sql`sum(g.written_premium) as written_premium, sum(g.base_commission) as base_commission,
        sum(g.additional_commission) as additional_commission,
        case when coalesce(sum(g.commissions), 0) = 0 then null
          else coalesce(sum(g.base_commission), 0) + coalesce(sum(g.additional_commission), 0) end as total_commission`;

/**
 * The figures of `s` as exact decimal text: written premium, base, additional and total commission,
 * and each commission as a percent of the written premium, from the summed amounts (never an average
 * of percents), rounded half away from zero to 0.01.
 */
const FIGURE_TEXTS = sql`s.written_premium::text as written_premium_text, s.base_commission::text as base_text,
      s.additional_commission::text as additional_text, s.total_commission::text as total_text,
      round(100 * s.base_commission / nullif(s.written_premium, 0), 2)::text as base_percent,
      round(100 * s.additional_commission / nullif(s.written_premium, 0), 2)::text as additional_percent,
      round(100 * s.total_commission / nullif(s.written_premium, 0), 2)::text as total_percent`;

/**
 * The source rows of a request summed per carrier and line, before any join: the rows of the level
 * (one agency's commission facts, or its network's carrier-months) in the period, of the carriers
 * and lines the request keeps, with the contingent checks allocated to the level's agencies. Every figure query groups these few sums further (numeric sums of
 * sums are exact), so the descriptions are joined and the grouping sets are formed on a few hundred
 * rows, not on every month's. `commissions` counts the reported commission values (the total is
 * NULL only when there are none).
 */
function summedSource(request: CommissionRequest): SQL {
  const carrierFilter = request.carriers
    ? sql`and f.carrier_uuid in (${inList(request.carriers, '::uuid')})`
    : sql``;
  const lineConditions = [
    ...(request.line === 'P&C' ? [] : [sql`${BROAD} = ${request.line}`]),
    ...(request.standardTypes.length === 0
      ? []
      : [sql`l.level = 2 and l.code in (${inList(request.standardTypes)})`]),
  ];
  const lineFilter =
    lineConditions.length === 0
      ? sql``
      : sql`and f.line_uuid in (select l.uuid from lines_of_business l
          left join lines_of_business b on b.uuid = l.parent_uuid where ${sql.join(lineConditions, sql` and `)})`;
  // One agency's facts are found by the agency (its primary key or grain index), the period filtered
  // among them: commission_facts has no (agency, month) index, and with an indexable month range
  // PostgreSQL 18 (PGlite) skip-scans network_month for it and ANDs that with the agency's rows,
  // reading the period's entries of every agency. `month + 0` is the same date, never an index key.
  const month = request.level.kind === 'agency' ? sql`(f.month + 0)` : sql`f.month`;
  const statements = sql`select f.carrier_uuid, f.line_uuid, sum(f.written_premium) as written_premium,
        sum(f.base_commission) as base_commission, sum(f.additional_commission) as additional_commission,
        count(f.base_commission) + count(f.additional_commission) as commissions
      from ${sourceTable(request.level)} f
      where ${sourceScope(request.level)}
        and ${month} between ${monthLiteral(request.start)} and ${monthLiteral(request.end)}
        ${carrierFilter}
        and f.carrier_uuid in (select c.uuid from carriers c where ${carrierPredicate('c', request)})
        ${lineFilter}
      group by f.carrier_uuid, f.line_uuid`;
  // The network's contingent checks shared to the level's agencies (decision 067): additional
  // compensation of the check's carrier, on the line it was allocated on, in the month it was received.
  const checks = sql`select f.carrier_uuid, f.line_uuid, null::numeric as written_premium,
        null::numeric as base_commission, sum(f.amount) as additional_commission, count(*) as commissions
      from (select k.carrier_uuid, x.line_uuid, x.amount, date_trunc('month', k.received_on)::date as month
        from profit_share_check_allocations x
        join profit_share_checks k on k.network_uuid = x.network_uuid and k.uuid = x.check_uuid
        where ${allocationScope(request.level)}) f
      where f.month between ${monthLiteral(request.start)} and ${monthLiteral(request.end)}
        ${carrierFilter}
        and f.carrier_uuid in (select c.uuid from carriers c where ${carrierPredicate('c', request)})
        ${lineFilter}
      group by f.carrier_uuid, f.line_uuid`;
  return sql`select u.carrier_uuid, u.line_uuid, sum(u.written_premium) as written_premium,
        sum(u.base_commission) as base_commission, sum(u.additional_commission) as additional_commission,
        sum(u.commissions) as commissions
      from (${statements} union all ${checks}) u
      group by u.carrier_uuid, u.line_uuid`;
}

/** The allocations `x` of contingent checks counted at the level: one agency's, or its network's. */
function allocationScope(level: Level): SQL {
  return level.kind === 'agency'
    ? sql`x.agency_uuid = ${level.agencyUuid}::uuid`
    : sql`x.network_uuid = ${level.networkUuid}::uuid`;
}

/**
 * The carriers whose data is incomplete for the period: an agency's statements of the carrier start
 * or stop after the period's first month and by its last (so some agency has a statement in one
 * month of the period and none in another).
 */
function incompleteCarriers(request: CommissionRequest): SQL {
  const scope =
    request.level.kind === 'agency'
      ? sql`m.agency_uuid = ${request.level.agencyUuid}::uuid`
      : sql`m.network_uuid = ${request.level.networkUuid}::uuid`;
  return sql`select m.carrier_uuid from commission_reported_changes m
        where ${scope} and m.month between ${monthLiteral(addMonths(request.start, 1))} and ${monthLiteral(request.end)}`;
}

/**
 * The scorecard by carrier (spec part 2 §3 Scorecard fields) over the period, in one statement: the
 * figures per carrier and line (the lowest level the statement maps to), per carrier with its
 * incomplete-data flag, and in all (the 'Totals:' row), from one GROUPING SETS query. A sum with no
 * reported value is NULL; the total is NULL only when neither commission was reported.
 */
export function commissionByCarrierQuery(request: CommissionRequest): SQL {
  return sql`
    select s.carrier_uuid::text as carrier_uuid, s.line_code, s.is_core, s.is_mga, s.carrier_name,
      s.line_name, s.line_level, s.no_carrier, s.no_line,
      (s.no_line = 1 and s.no_carrier = 0
        and s.carrier_uuid in (${incompleteCarriers(request)})) as incomplete,
      ${FIGURE_TEXTS}
    from (
      select g.carrier_uuid, l.code as line_code, bool_or(c.is_core_carrier) as is_core,
        bool_or(c.is_mga) as is_mga, max(c.display_name) as carrier_name, max(l.name) as line_name,
        max(l.level) as line_level, grouping(g.carrier_uuid) as no_carrier, grouping(l.code) as no_line,
        ${FIGURE_SUMS}
      from (${summedSource(request)}) g
        join carriers c on c.uuid = g.carrier_uuid
        join lines_of_business l on l.uuid = g.line_uuid
      group by grouping sets ((g.carrier_uuid, l.code), (g.carrier_uuid), ())
    ) s`;
}

/**
 * The scorecard by policy type over the period, in one statement: the figures per broad line and
 * core flag, per broad line, per core flag and in all (P&C); on the rows per broad line and in all,
 * how many carriers have a figure other than zero there (the carriers the scorecard's table shows)
 * and how many of them are core carriers; with `latestMonth`, on every row the last month with a
 * commission statement at the level (YYYY-MM), or null.
 */
export function commissionByPolicyTypeQuery(
  request: CommissionRequest,
  options: { latestMonth: boolean },
): SQL {
  const nonZero = (p: string) =>
    sql.raw(
      `(coalesce(${p}written_premium, 0) <> 0 or coalesce(${p}base_commission, 0) <> 0 or coalesce(${p}additional_commission, 0) <> 0)`,
    );
  const latest = options.latestMonth
    ? sql`, (${latestCommissionMonth(request.level)}) as latest_month`
    : sql``;
  return sql`
    select s.broad_code, s.is_core, s.no_line, s.no_core,
      (case when s.no_line = 1 then s.all_carriers else s.line_carriers end)::text as carriers,
      (case when s.no_line = 1 then s.all_core_carriers else s.line_core_carriers end)::text as core_carriers,
      ${FIGURE_TEXTS}${latest}
    from (
      select g.broad_code, g.is_core, grouping(g.broad_code) as no_line, grouping(g.is_core) as no_core,
        count(*) filter (where ${nonZero('g.')}) as line_carriers,
        count(*) filter (where ${nonZero('g.')} and g.is_core) as line_core_carriers,
        count(*) filter (where g.first_line and ${nonZero('g.carrier_')}) as all_carriers,
        count(*) filter (where g.first_line and ${nonZero('g.carrier_')} and g.is_core) as all_core_carriers,
        ${FIGURE_SUMS}
      from (
        select k.*, row_number() over w = 1 as first_line,
          sum(k.written_premium) over w as carrier_written_premium,
          sum(k.base_commission) over w as carrier_base_commission,
          sum(k.additional_commission) over w as carrier_additional_commission
        from (
          select g.carrier_uuid, ${BROAD} as broad_code, c.is_core_carrier as is_core, ${FIGURE_SUMS},
            sum(g.commissions) as commissions
          from (${summedSource(request)}) g
            join carriers c on c.uuid = g.carrier_uuid
            join lines_of_business l on l.uuid = g.line_uuid
            left join lines_of_business b on b.uuid = l.parent_uuid
          group by g.carrier_uuid, ${BROAD}, c.is_core_carrier
        ) k
        window w as (partition by k.carrier_uuid)
      ) g
      group by grouping sets ((g.broad_code, g.is_core), (g.broad_code), (g.is_core), ())
    ) s`;
}

/**
 * The last month with a commission statement at the level (YYYY-MM), or null. A network reads the
 * last of its carrier-months (one index entry). One agency reads its statement changes: every run
 * of statements of a carrier ends with a stop in the month after its last month, and starts are
 * never later than their run's last month, so the latest change is the month after the agency's
 * last statement (a few dozen index entries instead of every commission fact of the agency).
 */
function latestCommissionMonth(level: Level): SQL {
  return level.kind === 'agency'
    ? sql`select to_char(max(m.month) - interval '1 month', 'YYYY-MM') from commission_reported_changes m
        where m.agency_uuid = ${level.agencyUuid}::uuid`
    : sql`select to_char(max(f.month), 'YYYY-MM') from commission_carrier_months f
        where f.network_uuid = ${level.networkUuid}::uuid`;
}

function sourceTable(level: Level): SQL {
  return sql.raw(level.kind === 'agency' ? 'commission_facts' : 'commission_carrier_months');
}

function sourceScope(level: Level): SQL {
  return level.kind === 'agency'
    ? sql`f.agency_uuid = ${level.agencyUuid}::uuid`
    : sql`f.network_uuid = ${level.networkUuid}::uuid`;
}

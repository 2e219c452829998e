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

/**
 * The scorecard's figures (spec part 2 §3 Scorecard fields) over the period, as exact decimal text:
 * written premium, base, additional and total commission, and each commission as a percent of the
 * written premium, from the summed amounts (never an average of percents), rounded to 0.01. A sum
 * with no reported value is NULL; the total is NULL only when neither commission was reported.
 *
 * 'carrier' groups per carrier and line (the lowest level the statement maps to), per carrier, and
 * in all (the 'Totals:' row); 'policy-type' per broad line and core flag, per broad line, per core
 * flag and in all (P&C).
 */
export function commissionFiguresQuery(request: CommissionRequest, grouping: CommissionGrouping): SQL {
  const keys =
    grouping === 'carrier'
      ? {
          // The carrier's and the line's descriptions come with the figures: one query, not three.
          select: sql`f.carrier_uuid::text as carrier_uuid, l.code as line_code, null::text as broad_code,
            bool_or(c.is_core_carrier) as is_core, bool_or(c.is_mga) as is_mga, max(c.display_name) as carrier_name,
            max(l.name) as line_name, max(l.level) as line_level,
            grouping(f.carrier_uuid) as no_carrier, grouping(l.code) as no_line`,
          sets: sql`grouping sets ((f.carrier_uuid, l.code), (f.carrier_uuid), ())`,
        }
      : {
          select: sql`null::text as carrier_uuid, null::text as line_code,
            ${BROAD} as broad_code, c.is_core_carrier as is_core,
            grouping(${BROAD}) as no_line,
            grouping(c.is_core_carrier) as no_core`,
          sets: sql`grouping sets ((${BROAD}, c.is_core_carrier), (${BROAD}), (c.is_core_carrier), ())`,
        };
  return withJoins(request, keys);
}

/** The source rows `f` of a request, with their carrier `c`, line `l` and its broad line `b`. */
function filteredSource(request: CommissionRequest): SQL {
  const lineFilter = request.line === 'P&C' ? sql`true` : sql`${BROAD} = ${request.line}`;
  const typeFilter =
    request.standardTypes.length === 0
      ? sql`true`
      : sql`(l.level = 2 and l.code in (${inList(request.standardTypes)}))`;
  const carrierFilter = request.carriers
    ? sql`f.carrier_uuid in (${inList(request.carriers, '::uuid')})`
    : sql`true`;
  return sql`${sourceTable(request.level)} f
        join carriers c on c.uuid = f.carrier_uuid
        join lines_of_business l on l.uuid = f.line_uuid
        left join lines_of_business b on b.uuid = l.parent_uuid
      where ${sourceScope(request.level)}
        and f.month between ${monthLiteral(request.start)} and ${monthLiteral(request.end)}
        and ${carrierFilter} and ${carrierPredicate('c', request)} and ${lineFilter} and ${typeFilter}`;
}

/** The figures query of `keys` (see `commissionFiguresQuery`). */
function withJoins(request: CommissionRequest, keys: { select: SQL; sets: SQL }): SQL {
  return sql`
    select s.*, s.written_premium::text as written_premium_text, s.base_commission::text as base_text,
      s.additional_commission::text as additional_text, s.total_commission::text as total_text,
      round(100 * s.base_commission / nullif(s.written_premium, 0), 2)::text as base_percent,
      round(100 * s.additional_commission / nullif(s.written_premium, 0), 2)::text as additional_percent,
      round(100 * s.total_commission / nullif(s.written_premium, 0), 2)::text as total_percent
    from (
      select ${keys.select},
        sum(f.written_premium) as written_premium, sum(f.base_commission) as base_commission,
        sum(f.additional_commission) as additional_commission,
        case when count(f.base_commission) + count(f.additional_commission) = 0 then null
          else coalesce(sum(f.base_commission), 0) + coalesce(sum(f.additional_commission), 0) end as total_commission
      from ${filteredSource(request)}
      group by ${keys.sets}
    ) s`;
}

/**
 * How many carriers have a figure other than zero per broad line and in all (P&C, `broad_code`
 * null), and how many of them are core carriers: the carriers the scorecard's table shows.
 */
export function commissionCarrierCountsQuery(request: CommissionRequest): SQL {
  return sql`
    select case when x.no_line = 1 then null else x.broad_code end as broad_code,
      count(*)::text as carriers, count(*) filter (where x.is_core)::text as core_carriers
    from (
      select f.carrier_uuid, ${BROAD} as broad_code, bool_or(c.is_core_carrier) as is_core,
        grouping(${BROAD}) as no_line
      from ${filteredSource(request)}
      group by grouping sets ((f.carrier_uuid, ${BROAD}), (f.carrier_uuid))
      having coalesce(sum(f.written_premium), 0) <> 0 or coalesce(sum(f.base_commission), 0) <> 0
        or coalesce(sum(f.additional_commission), 0) <> 0
    ) x
    group by 1`;
}

function sourceTable(level: Level): SQL {
  return sql.raw(level.kind === 'agency' ? 'commission_facts' : 'commission_carrier_months');
}

function sourceScope(level: Level): SQL {
  return level.kind === 'agency'
    ? sql`f.agency_uuid = ${level.agencyUuid}::uuid`
    : sql`f.network_uuid = ${level.networkUuid}::uuid`;
}

/**
 * The carriers whose data is incomplete for the period: an agency's statements of the carrier start
 * or stop after the period's first month and by its last (so some agency has a statement in one
 * month of the period and none in another).
 */
export function commissionFlagsQuery(request: CommissionRequest): SQL {
  const scope =
    request.level.kind === 'agency'
      ? sql`m.agency_uuid = ${request.level.agencyUuid}::uuid`
      : sql`m.network_uuid = ${request.level.networkUuid}::uuid`;
  return sql`
    select distinct m.carrier_uuid::text as carrier_uuid from commission_reported_changes m
    where ${scope} and m.month between ${monthLiteral(addMonths(request.start, 1))} and ${monthLiteral(request.end)}`;
}

/** The last month with a commission statement at the level (YYYY-MM), or null. */
export function latestCommissionMonth(level: Level): SQL {
  return sql`select to_char(max(f.month), 'YYYY-MM') as month from ${sourceTable(level)} f
    where ${sourceScope(level)}`;
}

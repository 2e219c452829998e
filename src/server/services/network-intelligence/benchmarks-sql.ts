import { sql, type SQL } from 'drizzle-orm';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { ReportPeriod } from '#server/services/read-model/request.ts';
import { carrierPredicate, monthLiteral } from '#server/services/read-model/sql.ts';

/**
 * The statements of benchmarks and early warning, over the read model's sources (the production and
 * commission facts of one network), rendered in `read-model/sql/` by `sql-snapshots.test.ts`.
 *
 * `metricsCte` sums each agency's facts per carrier and broad line (one pass over the facts, which
 * PostgreSQL can share among parallel workers), then those sums per carrier, per broad line and in
 * total (grouping sets over the few summed rows), for the period, its prior period and the 12 months
 * ending with the period (the size band),
 * and derives the figures of `shared/domain/benchmarks.ts` from the summed numerics: growth, new
 * business share, loss ratio (and the prior period's), commission rate. A figure whose base is not
 * reported or not positive is NULL and left out of every distribution.
 */

/** What a statement is asked for: the network, the period, the carriers counted, the band limits. */
export type BenchmarkStatementInput = {
  networkUuid: string;
  period: ReportPeriod;
  /** The only carriers counted (collaboration mode), or null for every carrier. */
  carriers: readonly string[] | null;
  sizeBandLimits: readonly number[];
};

/** The first month of the 12 months ending with `end`, whose written premium places an agency in a band. */
export const bandWindowStart = (end: YearMonth): YearMonth => addMonths(end, -11);

/** A fact counts in a window when its month is in it and its sums start in it (manual months after a gap). */
const within = (start: YearMonth, end: YearMonth) =>
  sql`(f.month between ${monthLiteral(start)} and ${monthLiteral(end)}
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= ${monthLiteral(start)}))`;

const BROAD_CODE = sql.raw('case when l.level = 1 then l.code else p.code end');

const carriersFilter = (column: SQL, carriers: readonly string[] | null) =>
  carriers === null
    ? sql`true`
    : carriers.length === 0
      ? sql`false`
      : sql`${column} in (${sql.join(
          carriers.map((c) => sql`${c}::uuid`),
          sql`, `,
        )})`;

const limitsArray = (limits: readonly number[]) =>
  limits.length === 0
    ? sql`array[]::numeric[]`
    : sql`array[${sql.join(
        limits.map((l) => sql.raw(String(Math.trunc(l)))),
        sql`, `,
      )}]::numeric[]`;

/** The dimension and key of a grouping-sets row: a carrier, a broad line, or the agency's total. */
const DIMENSION = sql.raw(
  `case when grouping(carrier_uuid) = 0 then 'carrier' when grouping(broad_code) = 0 then 'line' else 'total' end`,
);
const KEY = sql.raw(
  `case when grouping(carrier_uuid) = 0 then carrier_uuid::text when grouping(broad_code) = 0 then broad_code else 'total' end`,
);
const GROUPING_SETS = sql.raw(
  'grouping sets ((agency_uuid, carrier_uuid), (agency_uuid, broad_code), (agency_uuid))',
);

/**
 * `metrics(agency_uuid, dimension, key, band, written_premium, prior_written_premium, growth,
 * new_business_share, loss_ratio, prior_loss_ratio, commission_rate)`, as the body of a `with`.
 */
export function metricsCte(
  { networkUuid, period, carriers, sizeBandLimits }: BenchmarkStatementInput,
  agencyUuids: readonly string[] | null = null,
): SQL {
  const agencies =
    agencyUuids === null ? sql`true` : sql`f.agency_uuid = any(${`{${agencyUuids.join(',')}}`}::uuid[])`;
  const bandStart = bandWindowStart(period.end);
  const current = within(period.start, period.end);
  const prior = within(period.priorStart, period.priorEnd);
  const band = within(bandStart, period.end);
  const firstMonth = period.priorStart < bandStart ? period.priorStart : bandStart;
  const kinds = { kinds: compositeKinds('all') };
  return sql`
  facts as (
    select f.agency_uuid, f.carrier_uuid, ${BROAD_CODE} as broad_code,
      f.written_premium, f.new_written_premium, f.earned, f.incurred,
      ${current} as cur, ${prior} as pri, ${band} as band
    from production_facts f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    where f.network_uuid = ${networkUuid}::uuid
      and f.month between ${monthLiteral(firstMonth)} and ${monthLiteral(period.end)}
      and ${period.includesManualEntries ? sql`true` : sql`f.source = 'feed'`}
      and ${agencies}
      and ${carrierPredicate('c', kinds)}
      and ${carriersFilter(sql`f.carrier_uuid`, carriers)}
  ),
  fine as (
    select agency_uuid, carrier_uuid, broad_code,
      sum(written_premium) filter (where cur) as wp,
      sum(written_premium) filter (where pri) as pwp,
      sum(new_written_premium) filter (where cur) as nwp,
      sum(earned) filter (where cur) as ep,
      sum(incurred) filter (where cur) as il,
      sum(earned) filter (where pri) as pep,
      sum(incurred) filter (where pri) as pil,
      sum(written_premium) filter (where band) as band_wp,
      bool_or(cur or pri) as counted
    from facts
    where cur or pri or band
    group by agency_uuid, carrier_uuid, broad_code
  ),
  production as (
    select agency_uuid, ${DIMENSION} as dimension, ${KEY} as key,
      sum(wp) as wp, sum(pwp) as pwp, sum(nwp) as nwp, sum(ep) as ep, sum(il) as il,
      sum(pep) as pep, sum(pil) as pil, sum(band_wp) as band_wp, bool_or(counted) as counted
    from fine
    group by ${GROUPING_SETS}
  ),
  commission as (
    select agency_uuid, ${DIMENSION} as dimension, ${KEY} as key,
      sum(coalesce(base_commission, 0) + coalesce(additional_commission, 0)) as paid,
      sum(written_premium) as paid_on
    from (
      select f.agency_uuid, f.carrier_uuid, ${BROAD_CODE} as broad_code,
        f.written_premium, f.base_commission, f.additional_commission
      from commission_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.network_uuid = ${networkUuid}::uuid
        and f.month between ${monthLiteral(period.start)} and ${monthLiteral(period.end)}
        and (f.base_commission is not null or f.additional_commission is not null)
        and ${agencies}
        and ${carrierPredicate('c', kinds)}
        and ${carriersFilter(sql`f.carrier_uuid`, carriers)}
    ) f
    group by ${GROUPING_SETS}
  ),
  bands as (
    select agency_uuid,
      (select count(*)::int from unnest(${limitsArray(sizeBandLimits)}) as lim where coalesce(band_wp, 0) >= lim) as band
    from production where dimension = 'total'
  ),
  metrics as (
    select m.agency_uuid, m.dimension, m.key, b.band,
      m.wp as written_premium, m.pwp as prior_written_premium,
      case when m.pwp > 0 then (m.wp - m.pwp) / m.pwp * 100 end as growth,
      case when m.wp > 0 then m.nwp / m.wp * 100 end as new_business_share,
      case when m.ep <> 0 then m.il / m.ep * 100 end as loss_ratio,
      case when m.pep <> 0 then m.pil / m.pep * 100 end as prior_loss_ratio,
      case when c.paid_on > 0 then c.paid / c.paid_on * 100 end as commission_rate
    from production m
    join bands b on b.agency_uuid = m.agency_uuid
    left join commission c on c.agency_uuid = m.agency_uuid and c.dimension = m.dimension and c.key = m.key
    where m.counted
  )`;
}

/**
 * A row of `networkFiguresQuery`: an agency's figures for one carrier, broad line or its whole book
 * (`total`) in the period, with its size band; exact decimal text, null where not reported.
 */
export type NetworkFigureSqlRow = {
  agency_uuid: string;
  dimension: 'total' | 'carrier' | 'line';
  key: string;
  band: number;
  written_premium: string | null;
  prior_written_premium: string | null;
  growth: string | null;
  new_business_share: string | null;
  loss_ratio: string | null;
  prior_loss_ratio: string | null;
  commission_rate: string | null;
};

/**
 * Every agency's figures per carrier, broad line and in total (or only those of `agencyUuids`), which
 * benchmarks and early warning answer from (decision 078): their distributions and ranks are taken
 * from these rows, kept per network and data version, and a write of one agency computes only its
 * rows again. They name every agency and never leave the server.
 */
export function networkFiguresQuery(
  input: BenchmarkStatementInput,
  agencyUuids: readonly string[] | null,
): SQL {
  return sql`with ${metricsCte(input, agencyUuids)}
  select m.agency_uuid, m.dimension, m.key, m.band,
    m.written_premium::text as written_premium, m.prior_written_premium::text as prior_written_premium,
    m.growth::text as growth, m.new_business_share::text as new_business_share,
    m.loss_ratio::text as loss_ratio, m.prior_loss_ratio::text as prior_loss_ratio,
    m.commission_rate::text as commission_rate
  from metrics m
  order by m.agency_uuid, m.dimension, m.key`;
}

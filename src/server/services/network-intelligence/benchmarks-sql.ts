import { sql, type SQL } from 'drizzle-orm';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { ReportPeriod } from '#server/services/read-model/request.ts';
import {
  centsFigure,
  compositePredicate,
  runningChange,
  runningTotalRows,
  runningWindow,
  type RunningTotalsState,
  type RunningWindow,
} from '#server/services/read-model/sql.ts';

/**
 * The statements of benchmarks and early warning, over the read model's running totals per carrier
 * and broad line (grain 'carrier', which also sums the commission facts), rendered in
 * `read-model/sql/` by `sql-snapshots.test.ts`.
 *
 * `metricsCte` reads each agency's sums per carrier, per broad line and in total (grouping sets) for
 * the period, its prior period and the 12 months ending with the period (the size band), as
 * differences of running totals (the network's rows at a few months, whatever the period), and
 * derives the figures of `shared/domain/benchmarks.ts` from the summed numerics: growth, new business
 * share, loss ratio (and the prior period's), commission rate. A figure whose base is not reported or
 * not positive is NULL and left out of every distribution.
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
  `case when grouping(f.carrier_uuid) = 0 then 'carrier' when grouping(f.broad_code) = 0 then 'line' else 'total' end`,
);
const KEY = sql.raw(
  `case when grouping(f.carrier_uuid) = 0 then f.carrier_uuid::text when grouping(f.broad_code) = 0 then f.broad_code else 'total' end`,
);
const GROUPING_SETS = sql.raw(
  'grouping sets ((f.agency_uuid, f.carrier_uuid), (f.agency_uuid, f.broad_code), (f.agency_uuid))',
);

/** Whole cents summed over the rows `f` as money: `centsFigure` without a count (a sum of 0 is 0). */
const money = (cents: SQL) => sql`(${cents} / 100)::numeric(20, 2)`;

/**
 * `metrics(agency_uuid, dimension, key, band, written_premium, prior_written_premium, growth,
 * new_business_share, loss_ratio, prior_loss_ratio, commission_rate)`, as the body of a `with`.
 */
export function metricsCte(
  { networkUuid, period, carriers, sizeBandLimits }: BenchmarkStatementInput,
  { horizon, spans }: RunningTotalsState,
  agencyUuids: readonly string[] | null = null,
): SQL {
  const agencies =
    agencyUuids === null ? sql`true` : sql`f.agency_uuid = any(${`{${agencyUuids.join(',')}}`}::uuid[])`;
  const [current, prior, band] = [
    { name: 'current', start: period.start, end: period.end },
    { name: 'prior', start: period.priorStart, end: period.priorEnd },
    { name: 'band', start: bandWindowStart(period.end), end: period.end },
  ].map((w) => runningWindow(w, horizon)) as [RunningWindow, RunningWindow, RunningWindow];
  // Production counts manual entries only where the period does; commission counts every source.
  const sources = period.includesManualEntries ? null : sql`f.source = 'feed'`;
  const figure = (measure: string, w: RunningWindow) =>
    centsFigure(runningChange(`${measure}_count`, w, sources), runningChange(`${measure}_cents`, w, sources));
  const rows = runningTotalRows(
    { networkUuid },
    'carrier',
    [current, prior, band],
    spans && period.includesManualEntries,
  );
  // One group per agency and carrier, broad line or book, straight from the rows: a figure's count
  // over a group is the sum of its keys' counts, none of them negative, so the group has no reported
  // value exactly when none of its keys has one.
  return sql`
  production as (
    select f.agency_uuid, ${DIMENSION} as dimension, ${KEY} as key,
      ${figure('written_premium', current)} as wp,
      ${figure('written_premium', prior)} as pwp,
      ${figure('new_written_premium', current)} as nwp,
      ${figure('earned', current)} as ep,
      ${figure('incurred', current)} as il,
      ${figure('earned', prior)} as pep,
      ${figure('incurred', prior)} as pil,
      ${figure('written_premium', band)} as band_wp,
      ${runningChange('facts', current, sources)} > 0 or ${runningChange('facts', prior, sources)} > 0 as counted,
      ${money(runningChange('paid_cents', current))} as paid,
      ${money(runningChange('paid_on_cents', current))} as paid_on
    from ${rows}
    where ${agencies}
      and ${compositePredicate(sql`f.carrier_class`, { kinds: compositeKinds('all') })}
      and ${carriersFilter(sql`f.carrier_uuid`, carriers)}
    group by ${GROUPING_SETS}
  ),
  bands as materialized (
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
      case when m.paid_on > 0 then m.paid / m.paid_on * 100 end as commission_rate
    from production m
    join bands b on b.agency_uuid = m.agency_uuid
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
  state: RunningTotalsState,
  agencyUuids: readonly string[] | null,
): SQL {
  return sql`with ${metricsCte(input, state, agencyUuids)}
  select m.agency_uuid, m.dimension, m.key, m.band,
    m.written_premium::text as written_premium, m.prior_written_premium::text as prior_written_premium,
    m.growth::text as growth, m.new_business_share::text as new_business_share,
    m.loss_ratio::text as loss_ratio, m.prior_loss_ratio::text as prior_loss_ratio,
    m.commission_rate::text as commission_rate
  from metrics m
  order by m.agency_uuid, m.dimension, m.key`;
}

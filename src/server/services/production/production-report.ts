import { sql, type SQL } from 'drizzle-orm';
import type {
  AgencyProductionRow,
  ByAgencyResponse,
  ByCarrierResponse,
  CarrierProductionRow,
  ProductionFigures,
  ProductionQuery,
} from '#shared/contracts/production.ts';
import { productionQuerySchema } from '#shared/contracts/production.ts';
import { maskCarrierRows, type CollaborationMode } from '#shared/domain/collaboration.ts';
import { latestReportingMonth, parseYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import {
  firstDayOfMonth,
  isYearToDateRange,
  lastDayOfMonth,
  monthsOf,
  ROLLING_PRESET_MONTHS,
  type CalendarDay,
} from '#shared/domain/timeframe.ts';
import { addMonths } from '#shared/domain/reporting-month.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { CARRIER_CLASS_BITS, carrierClass, monthIndex, refreshAgencyRollups } from './rollups.ts';
import {
  buildPeriodFlags,
  buildPeriodTotals,
  FIGURE_COLUMNS,
  monthLiteral,
  readPeriodFlags,
  readPeriodTotals,
  refreshPeriodTotals,
  type FigureRow,
  type KeptViewQueries,
  type MissingRow,
  type PeriodKey,
} from './period-totals.ts';
import type { Level } from '#server/policies/scope.ts';

/** The months of a report and of its prior period (the same months one year earlier). */
export type ReportPeriod = {
  start: YearMonth;
  end: YearMonth;
  priorStart: YearMonth;
  priorEnd: YearMonth;
  months: number;
  includesManualEntries: boolean;
  /** The latest reporting month on the day of the report. */
  latest: YearMonth;
};

/** Validates startDate/endDate (first and last day of months, start before end, not in the future). */
export function reportPeriod(
  query: Pick<ProductionQuery, 'startDate' | 'endDate' | 'standardTypes'>,
  today: CalendarDay,
): ReportPeriod {
  const fields: Record<string, string> = {};
  const start = monthOfDate(query.startDate);
  const end = monthOfDate(query.endDate);
  if (!start || query.startDate !== firstDayOfMonth(start))
    fields.startDate = 'startDate must be the first day of a month.';
  if (!end || query.endDate !== lastDayOfMonth(end))
    fields.endDate = 'endDate must be the last day of a month.';
  if (start && end && start > end) fields.endDate = 'endDate must not be before startDate.';
  const latest = latestReportingMonth(today);
  if (end && end > latest)
    fields.endDate = `endDate must not be after the latest reporting month (${latest}).`;
  if (!start || !end || Object.keys(fields).length > 0) {
    throw new AppError('bad_request', Object.values(fields).join(' '), fields);
  }
  const months = monthsOf({ startMonth: start, endMonth: end }).length;
  const isPreset = (ROLLING_PRESET_MONTHS as readonly number[]).includes(months) && end === latest;
  return {
    start,
    end,
    priorStart: addMonths(start, -12),
    priorEnd: addMonths(end, -12),
    months,
    latest,
    includesManualEntries:
      query.standardTypes.length === 0 && (isYearToDateRange(start, end, today) || isPreset),
  };
}

function monthOfDate(date: string): YearMonth | null {
  const ym = date.slice(0, 7);
  return parseYearMonth(ym) ? (ym as YearMonth) : null;
}

type Grouping = 'carrier' | 'agency';

type Figures = {
  lines: Map<string, Record<string, ProductionFigures>>;
  missing: Map<string, MissingRow>;
};

function levelFilter(alias: string, level: Level): SQL {
  return level.kind === 'agency'
    ? sql`${sql.raw(alias)}.agency_uuid = ${level.agencyUuid}::uuid`
    : sql`${sql.raw(alias)}.network_uuid = ${level.networkUuid}::uuid`;
}

/**
 * A carrier passes the composite filter (spec part 1 §3 "Carrier composite filters") when it is a
 * wholesaler (MGA) and wholesalers are included, or it is not and one of its kinds is included; here
 * over its kind flags as `carrier_class` bits (services/production/rollups.ts).
 */
function compositeFilter(carrierClassOf: SQL, q: ProductionQuery): SQL {
  const bits = CARRIER_CLASS_BITS;
  const kinds =
    (q.isStandard ? bits.isStandard : 0) |
    (q.isCrop ? bits.isCrop : 0) |
    (q.isFlood ? bits.isFlood : 0) |
    (q.isSurety ? bits.isSurety : 0) |
    (q.isWorkersComp ? bits.isWorkersComp : 0);
  const c = carrierClassOf;
  const nonMga = sql`(${c} & ${bits.isMga} = 0 and ${c} & ${kinds} <> 0)`;
  return q.isMga ? sql`(${c} & ${bits.isMga} <> 0 or ${nonMga})` : nonMga;
}

/** Collaboration mode may limit the report to some carriers; null when it does not. */
function sharedCarriers(mode: CollaborationMode | null): readonly string[] | null {
  return mode && mode.shareType === 'all' && mode.carriersUuid.length > 0 ? mode.carriersUuid : null;
}

function collaborationFilter(alias: string, mode: CollaborationMode | null): SQL {
  const carriers = sharedCarriers(mode);
  if (!carriers) return sql`true`;
  return sql`${sql.raw(alias)}.carrier_uuid in (${sql.join(
    carriers.map((uuid) => sql`${uuid}::uuid`),
    sql`, `,
  )})`;
}

/** The eight figures, each as the SQL of its sum, in the order of `FigureRow`. */
type Measures = readonly [SQL, SQL, SQL, SQL, SQL, SQL, SQL, SQL];

const MEASURE_COLUMNS = ['written_premium', 'new_written_premium', 'earned', 'incurred'] as const;

/**
 * Where a report reads its sums. The query aggregates the rows `f` of `from` that `where` keeps, per
 * group and line code and per group (GROUPING SETS), into `measures`, keeping the groups `having`
 * accepts. Facts and the network's carrier-months rollup (same columns) are summed over each period's
 * months; the agencies' running totals are differenced at the edges of each period. `broadCode` and
 * `typeCode` (NULL for a broad line) are the row's line of business; `carriers` applies the composite
 * filter and `sources` leaves manual entries out when the period does not count them.
 */
type FigureSource = {
  from: SQL;
  where: SQL;
  measures: Measures;
  having: SQL;
  broadCode: SQL;
  typeCode: SQL;
  carriers: SQL;
  sources: SQL;
};

const feedOnly = (period: ReportPeriod) =>
  period.includesManualEntries ? sql`true` : sql`f.source = 'feed'`;

function monthlySource(
  table: 'production_facts' | 'production_carrier_months',
  q: ProductionQuery,
  period: ReportPeriod,
): FigureSource {
  const between = (start: YearMonth, end: YearMonth) =>
    sql`f.month between ${monthLiteral(start)} and ${monthLiteral(end)}`;
  const current = between(period.start, period.end);
  const prior = between(period.priorStart, period.priorEnd);
  return {
    from: sql`${sql.raw(table)} f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid`,
    where: sql`(${current} or ${prior})`,
    broadCode: sql`case when l.level = 1 then l.code else p.code end`,
    typeCode: sql`case when l.level = 2 then l.code end`,
    carriers: sql`exists (select 1 from carriers c
      where c.uuid = f.carrier_uuid and ${compositeFilter(carrierClass('c'), q)})`,
    sources: feedOnly(period),
    measures: MEASURE_COLUMNS.flatMap((c) => [
      sql`sum(f.${sql.raw(c)}) filter (where ${current})`,
      sql`sum(f.${sql.raw(c)}) filter (where ${prior})`,
    ]) as unknown as Measures,
    having: sql`true`,
  };
}

/** Carrier composite filters as they are by default: every flag set. */
const isDefaultComposite = (q: ProductionQuery) =>
  q.isMga && q.isStandard && q.isCrop && q.isFlood && q.isSurety && q.isWorkersComp;

/**
 * Running totals: a period's sum is the total at its last month minus the total at the month before
 * it, both taken at the network's horizon when later (nothing happens after it). A figure with no
 * reported value in the period stays NULL, and a group needs a fact in one of the periods.
 */
function runningTotalsSource(q: ProductionQuery, period: ReportPeriod, horizon: YearMonth): FigureSource {
  // The Total (P&C) view without standard types needs broad lines only: fewer, coarser rows; with
  // the default composite and manual entries counted, fewer still (the 'total' grain).
  const broadOnly = q.broadLineOfBusinessStandardTypeCode === 'P&C' && q.standardTypes.length === 0;
  const total = broadOnly && isDefaultComposite(q) && period.includesManualEntries;
  const grain = total ? 'total' : broadOnly ? 'broad' : 'type';
  const at = (month: YearMonth) => `'${firstDayOfMonth(month > horizon ? horizon : month)}'::date`;
  const periods = [
    ['current', at(period.end), at(addMonths(period.start, -1))],
    ['prior', at(period.priorEnd), at(addMonths(period.priorStart, -1))],
  ] as const;
  // A column's change over a period: + its total at the last month, - its total at the month before;
  // none when both are the horizon (the period lies wholly after it).
  const change = (column: string, [, last, before]: (typeof periods)[number]) =>
    sql.raw(
      last === before
        ? '0'
        : `sum(case f.month when ${last} then f.${column} when ${before} then -f.${column} end)`,
    );
  const edges = periods.flatMap(([, last, before]) => [last, before]);
  return {
    from: sql`production_agency_running_totals f`,
    where: sql`f.grain = ${grain} and f.month in (${sql.raw(edges.join(', '))})`,
    broadCode: sql`f.broad_code`,
    typeCode: sql`nullif(f.type_code, '')`,
    carriers: total ? sql`true` : compositeFilter(sql`f.carrier_class`, q),
    sources: total ? sql`true` : feedOnly(period),
    // Amounts are whole cents there.
    measures: MEASURE_COLUMNS.flatMap((c) =>
      periods.map(
        (p) =>
          sql`case when ${change(`${c}_count`, p)} > 0 then (${change(`${c}_cents`, p)} / 100)::numeric(20, 2) end`,
      ),
    ) as unknown as Measures,
    having: sql`${change('facts', periods[0])} > 0 or ${change('facts', periods[1])} > 0`,
  };
}

/**
 * The SQL of the sums of the four measures for the period and its prior period, per group (carrier or
 * agency) and per line code, plus the line's total (GROUPING SETS, line code the chosen line): one
 * row per group and line with the columns of `FigureRow`, sums as numeric, or as text with `asText`.
 */
function figureQuery(
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  mode: CollaborationMode | null,
  source: FigureSource,
  asText: boolean,
): SQL {
  const line = q.broadLineOfBusinessStandardTypeCode;
  const { broadCode, typeCode } = source;
  const childCode = line === 'P&C' ? broadCode : typeCode;
  const lineFilter = line === 'P&C' ? sql`true` : sql`${broadCode} = ${line}`;
  const typeFilter =
    q.standardTypes.length === 0
      ? sql`true`
      : sql`${typeCode} in (${sql.join(
          q.standardTypes.map((code) => sql`${code}`),
          sql`, `,
        )})`;
  const group = sql.raw(grouping === 'carrier' ? 'f.carrier_uuid' : 'f.agency_uuid');
  const columns = Object.keys(FIGURE_COLUMNS);
  const sums = sql.join(
    source.measures.map((sum, i) => sql`${sum}${sql.raw(asText ? '::text' : '')} as ${sql.raw(columns[i]!)}`),
    sql`, `,
  );
  return sql`
    select ${group} as group_uuid,
      case when grouping(${childCode}) = 1 then ${line}::text else ${childCode} end as line_code, ${sums}
    from ${source.from}
    where ${levelFilter('f', level)} and ${source.where}
      and ${source.sources} and ${source.carriers} and ${lineFilter} and ${typeFilter}
      and ${collaborationFilter('f', mode)}
    group by grouping sets ((${group}, ${childCode}), (${group}))
    having ${source.having}`;
}

/**
 * The figures of a report from the cheapest exact source: a network's by-carrier report from its
 * carrier-months, its by-agency report from the agencies' running totals, and anything for one
 * agency, or limited to some carriers by collaboration mode, from the facts.
 */
async function figureRows(
  db: Db,
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): Promise<FigureRow[]> {
  const figures = async (source: FigureSource) =>
    (await db.execute<FigureRow>(figureQuery(grouping, level, q, mode, source, true))).rows;
  if (level.kind === 'agency' || sharedCarriers(mode)) {
    return figures(monthlySource('production_facts', q, period));
  }
  if (grouping === 'carrier') return figures(monthlySource('production_carrier_months', q, period));
  const horizon = await db.execute<{ horizon: YearMonth }>(
    sql`select to_char(horizon, 'YYYY-MM') as horizon from production_rollup_horizons
        where network_uuid = ${level.networkUuid}::uuid`,
  );
  const latest = horizon.rows[0]?.horizon;
  if (!latest) return []; // a network without facts
  return figures(runningTotalsSource(q, period, latest));
}

/**
 * Incomplete data: an agency-carrier pair that reported in either period but not in every month of
 * one of them marks its group (carrier or agency) as missing current or prior data. Each pair's
 * reported months are ranges of month numbers: `&&` finds a reported month in a period, `@>` all.
 */
function missingQuery(
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): SQL {
  const group = sql.raw(grouping === 'carrier' ? 'm.carrier_uuid' : 'm.agency_uuid');
  const months = (start: YearMonth, end: YearMonth) =>
    sql.raw(`int4range(${monthIndex(start)}, ${monthIndex(end)}, '[]')`);
  const current = months(period.start, period.end);
  const prior = months(period.priorStart, period.priorEnd);
  return sql`
    select ${group} as group_uuid,
      bool_or(not m.reported_months @> ${current}) as missing_current,
      bool_or(not m.reported_months @> ${prior}) as missing_prior
    from carrier_reported_masks m
    where ${levelFilter('m', level)} and ${compositeFilter(sql`m.carrier_class`, q)}
      and ${collaborationFilter('m', mode)}
      and (m.reported_months && ${current} or m.reported_months && ${prior})
    group by ${group}`;
}

/**
 * A network's by-agency report as users open it (every carrier, no standard types, manual entries
 * counted, no carriers hidden by collaboration mode), in any line, is kept per period and line once
 * built (decision 009): its key, or null for any other report.
 */
function keptView(
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): PeriodKey | null {
  const kept =
    level.kind === 'network' &&
    grouping === 'agency' &&
    !sharedCarriers(mode) &&
    isDefaultComposite(q) &&
    q.standardTypes.length === 0 &&
    period.includesManualEntries;
  if (!kept) return null;
  return {
    networkUuid: level.networkUuid,
    start: period.start,
    end: period.end,
    line: q.broadLineOfBusinessStandardTypeCode,
  };
}

/** The query and period of a view the network keeps. */
function keptQuery(key: PeriodKey): { q: ProductionQuery; period: ReportPeriod } {
  const q = productionQuerySchema.parse({
    startDate: firstDayOfMonth(key.start),
    endDate: lastDayOfMonth(key.end),
    broadLineOfBusinessStandardTypeCode: key.line,
  });
  const period: ReportPeriod = {
    start: key.start,
    end: key.end,
    priorStart: addMonths(key.start, -12),
    priorEnd: addMonths(key.end, -12),
    months: monthsOf({ startMonth: key.start, endMonth: key.end }).length,
    includesManualEntries: true,
    latest: key.end,
  };
  return { q, period };
}

/**
 * The figure query (over the running totals up to a horizon) and the flags query of a view the
 * network keeps, at the network level or for one of its agencies: one definition for building,
 * refreshing and reading it.
 */
function keptViewQueries(level: Level, key: PeriodKey): KeptViewQueries {
  const { q, period } = keptQuery(key);
  return {
    figures: (horizon) =>
      figureQuery('agency', level, q, null, runningTotalsSource(q, period, horizon), false),
    flags: missingQuery('agency', level, q, period, null),
  };
}

/**
 * Brings the production rollups and the views the network keeps up to date after one agency's facts
 * or reported months changed, inside the caller's transaction. Every writer of production facts or
 * reported months calls this.
 */
export async function refreshAgencyProduction(
  tx: Pick<Db, 'execute'>,
  agencyUuid: string,
  changed: readonly { carrierUuid: string; month: string }[],
): Promise<void> {
  const networkUuid = await refreshAgencyRollups(tx, agencyUuid, changed);
  await refreshPeriodTotals(tx, networkUuid, agencyUuid, (key) =>
    keptViewQueries({ kind: 'agency', agencyUuid, networkUuid }, key),
  );
}

/**
 * A report's figures per group and line code, and its incomplete-data flags per group, each from
 * what the network keeps when the view is kept (built on first use), else from its query; the two
 * run at once (on two connections on PostgreSQL).
 */
async function reportFigures(
  db: Db,
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): Promise<Figures> {
  const key = keptView(grouping, level, q, period, mode);
  const kept = key && { key, ...keptViewQueries(level, key) };
  const keptFigures = async () =>
    kept &&
    ((await readPeriodTotals(db, kept.key)) ??
      (await buildPeriodTotals(db, kept.key, period.latest, kept.figures)));
  const keptFlags = async () =>
    kept && ((await readPeriodFlags(db, kept.key)) ?? (await buildPeriodFlags(db, kept.key, kept.flags)));
  const flags = missingQuery(grouping, level, q, period, mode);
  const [lines, missing] = await Promise.all([
    keptFigures().then(async (agencies) =>
      agencies
        ? new Map(agencies.map((agency) => [agency.group_uuid, agency.lines]))
        : linesByGroup(await figureRows(db, grouping, level, q, period, mode)),
    ),
    keptFlags().then(async (rows) => rows ?? (await db.execute<MissingRow>(flags)).rows),
  ]);
  return { lines, missing: new Map(missing.map((m) => [m.group_uuid, m])) };
}

const toDollars = (value: string | null) => (value === null ? null : Number(value));

function figuresOf(row: FigureRow): ProductionFigures {
  return {
    writtenPremium: toDollars(row.written_premium),
    priorWrittenPremium: toDollars(row.prior_written_premium),
    newWrittenPremium: toDollars(row.new_written_premium),
    priorNewWrittenPremium: toDollars(row.prior_new_written_premium),
    earned: toDollars(row.earned),
    priorEarned: toDollars(row.prior_earned),
    incurred: toDollars(row.incurred),
    priorIncurred: toDollars(row.prior_incurred),
  };
}

function linesByGroup(rows: FigureRow[]): Map<string, Record<string, ProductionFigures>> {
  const byGroup = new Map<string, Record<string, ProductionFigures>>();
  for (const row of rows) {
    if (row.line_code === null) continue; // facts of another line's level (e.g. manual entries without a type)
    const lines = byGroup.get(row.group_uuid) ?? {};
    lines[row.line_code] = figuresOf(row);
    byGroup.set(row.group_uuid, lines);
  }
  return byGroup;
}

function periodOut(period: ReportPeriod) {
  return {
    startDate: firstDayOfMonth(period.start),
    endDate: lastDayOfMonth(period.end),
    priorStartDate: firstDayOfMonth(period.priorStart),
    priorEndDate: lastDayOfMonth(period.priorEnd),
    includesManualEntries: period.includesManualEntries,
  };
}

/**
 * The figures and incomplete-data flags per group (carrier or agency), with the groups that have any
 * figure in either period, in the order of `describe`: the query of the names of every group the
 * level can have, run beside the figures.
 */
async function groupedReport<T>(
  db: Db,
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
  describe: SQL,
) {
  const period = reportPeriod(q, today);
  const [{ lines, missing }, described] = await Promise.all([
    reportFigures(db, grouping, level, q, period, mode),
    db.execute<T & { uuid: string }>(describe),
  ]);
  return {
    period: periodOut(period),
    lineCode: q.broadLineOfBusinessStandardTypeCode,
    rows: described.rows.flatMap((d) => {
      const figures = lines.get(d.uuid);
      return figures ? [{ described: d, lines: figures, missing: missing.get(d.uuid) }] : [];
    }),
  };
}

/** Carrier production per carrier (GET /api/core-production/by-carrier), masked by collaboration mode. */
export async function productionByCarrier(
  db: Db,
  level: Level,
  q: ProductionQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<ByCarrierResponse> {
  type Carrier = { uuid: string; name: string; is_mga: boolean; is_core_carrier: boolean };
  const report = await groupedReport<Carrier>(
    db,
    'carrier',
    level,
    q,
    today,
    mode,
    sql`select uuid, display_name as name, is_mga, is_core_carrier from carriers`,
  );
  const rows: CarrierProductionRow[] = report.rows.map(({ described: c, lines, missing }) => ({
    carrierUuid: c.uuid,
    carrierName: c.name,
    isMga: c.is_mga,
    isCoreCarrier: c.is_core_carrier,
    haveMissingCurrentData: missing?.missing_current ?? false,
    haveMissingPriorData: missing?.missing_prior ?? false,
    lines,
  }));
  return {
    period: report.period,
    lineCode: report.lineCode,
    carriers: Object.fromEntries(maskCarrierRows(rows, mode).map((row) => [row.carrierUuid, row])),
  };
}

/** Carrier production per agency (GET /api/core-production/by-agency), by agency name. */
export async function productionByAgency(
  db: Db,
  level: Level,
  q: ProductionQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<ByAgencyResponse> {
  type Agency = { uuid: string; name: string; city: string; state: string };
  const report = await groupedReport<Agency>(
    db,
    'agency',
    level,
    q,
    today,
    mode,
    sql`select uuid, name, city, state from agencies
      where ${level.kind === 'agency' ? sql`uuid = ${level.agencyUuid}::uuid` : sql`network_uuid = ${level.networkUuid}::uuid`}
      order by name`,
  );
  const agencies: AgencyProductionRow[] = report.rows.map(({ described: a, lines, missing }) => ({
    agencyUuid: a.uuid,
    name: a.name,
    agencyCity: a.city,
    agencyState: a.state,
    haveMissingCurrentData: missing?.missing_current ?? false,
    haveMissingPriorData: missing?.missing_prior ?? false,
    lines,
  }));
  return { period: report.period, lineCode: report.lineCode, agencies };
}

import { sql, type SQL } from 'drizzle-orm';
import {
  carrierFigures,
  type AgencyProductionRow,
  type CarrierFigures,
  NO_FIGURES,
  type ProductionFigures,
  type ByAgencyResponse,
  type ByCarrierResponse,
  type CarrierProductionRow,
  type ProductionQuery,
} from '#shared/contracts/production.ts';
import { maskCarrierRows, type CollaborationMode } from '#shared/domain/collaboration.ts';
import { latestReportingMonth, parseYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import {
  firstDayOfMonth,
  isYearToDateRange,
  lastDayOfMonth,
  type CalendarDay,
} from '#shared/domain/timeframe.ts';
import { CARRIER_KINDS, type CarrierKinds } from '#shared/domain/carrier-composite.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Level } from '#server/policies/scope.ts';
import { readFigureLines, readFigures } from '#server/services/read-model/read-model.ts';
import { carrierReportingDates } from '#server/services/planning/reporting-dates.ts';
import { reportedMonths } from './reported-months.ts';
import {
  periodOf,
  type FactsRequest,
  type Grouping,
  type ReportPeriod,
} from '#server/services/read-model/request.ts';

/**
 * Carrier Production (spec part 1 §3, part 2 §9): the by-carrier and by-agency answers, read from
 * the read model (services/read-model).
 */

/** Validates startDate/endDate (first and last day of months, start before end, not in the future). */
export function reportPeriod(
  query: Pick<ProductionQuery, 'startDate' | 'endDate' | 'standardTypes'> & { isYtd?: boolean },
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
  if (start && end && query.isYtd !== undefined && query.isYtd !== isYearToDateRange(start, end, today)) {
    fields.isYtd = query.isYtd
      ? 'isYtd is true but startDate..endDate is not a year-to-date range.'
      : 'isYtd is false but startDate..endDate is a year-to-date range.';
  }
  if (!start || !end || Object.keys(fields).length > 0) {
    throw new AppError('bad_request', Object.values(fields).join(' '), fields);
  }
  return periodOf(start, end, query.standardTypes, today);
}

function monthOfDate(date: string): YearMonth | null {
  const ym = date.slice(0, 7);
  return parseYearMonth(ym) ? (ym as YearMonth) : null;
}

/** Collaboration mode may limit the report to some carriers; null when it does not. */
export function sharedCarriers(mode: CollaborationMode | null): readonly string[] | null {
  return mode && mode.shareType === 'all' && mode.carriersUuid.length > 0 ? mode.carriersUuid : null;
}

/** The read model's request of a Carrier Production query (also Performance Charts'). */
export function factsRequest(
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): FactsRequest {
  return {
    grouping,
    level,
    line: q.broadLineOfBusinessStandardTypeCode,
    standardTypes: q.standardTypes,
    kinds: Object.fromEntries(CARRIER_KINDS.map((kind) => [kind, q[kind]])) as CarrierKinds,
    period,
    carriers: sharedCarriers(mode),
  };
}

/** The period of an answer, as dates. */
export function periodOut(period: ReportPeriod) {
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
export async function groupedReport<T>(
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
    readFigures(db, factsRequest(grouping, level, q, period, mode)),
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

/**
 * Carrier production per carrier (GET /api/core-production/by-carrier), masked by collaboration mode:
 * the planning tool's carrier row (spec part 2 §3), with its figures with manual entries whatever the
 * period, and its reporting dates at the level.
 */
export async function productionByCarrier(
  db: Db,
  level: Level,
  q: ProductionQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<ByCarrierResponse> {
  type Carrier = { uuid: string; name: string; is_mga: boolean; is_core_carrier: boolean };
  const period = reportPeriod(q, today);
  const withManualRequest = factsRequest(
    'carrier',
    level,
    q,
    { ...period, includesManualEntries: true },
    mode,
  );
  const [report, withManual, months, dates] = await Promise.all([
    groupedReport<Carrier>(
      db,
      'carrier',
      level,
      q,
      today,
      mode,
      sql`select uuid, display_name as name, is_mga, is_core_carrier from carriers`,
    ),
    // The same figures when the period counts manual entries anyway (the flags are the same).
    period.includesManualEntries ? null : readFigureLines(db, withManualRequest),
    reportedMonths(db, level, period.start, period.end),
    carrierReportingDates(db, level),
  ]);
  const monthsOf = new Map(months.map((m) => [m.carrierUuid, m]));
  const rows: CarrierProductionRow[] = report.rows.map(({ described: c, lines, missing }) => ({
    carrierUuid: c.uuid,
    carrierName: c.name,
    isMga: c.is_mga,
    isCoreCarrier: c.is_core_carrier,
    reportedMonths: monthsOf.get(c.uuid)?.months ?? [],
    latestYearMonth: monthsOf.get(c.uuid)?.mostRecentReportingDate ?? null,
    mostRecentReportingDate: dates.get(c.uuid)?.feed ?? null,
    manualMostRecentReportingDate: dates.get(c.uuid)?.manual ?? null,
    haveMissingCurrentData: missing?.missing_current ?? false,
    haveMissingPriorData: missing?.missing_prior ?? false,
    lines: withManualFigures(lines, withManual ? (withManual.get(c.uuid) ?? {}) : lines),
  }));
  return {
    period: report.period,
    lineCode: report.lineCode,
    carriers: Object.fromEntries(maskCarrierRows(rows, mode).map((row) => [row.carrierUuid, row])),
  };
}

/** Each line's figures with their '...WithManual' variants (a line only manual entries have included). */
function withManualFigures(
  lines: Record<string, ProductionFigures>,
  withManual: Record<string, ProductionFigures>,
): Record<string, CarrierFigures> {
  const codes = [...new Set([...Object.keys(lines), ...Object.keys(withManual)])];
  return Object.fromEntries(
    codes.map((code) => [code, carrierFigures(lines[code] ?? NO_FIGURES, withManual[code] ?? NO_FIGURES)]),
  );
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

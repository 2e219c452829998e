import { sql, type SQL } from 'drizzle-orm';
import type {
  AgencyProductionRow,
  ByAgencyResponse,
  ByCarrierResponse,
  CarrierProductionRow,
  ProductionFigures,
  ProductionQuery,
} from '#shared/contracts/production.ts';
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
import type { Level } from '#server/policies/scope.ts';

/** The months of a report and of its prior period (the same months one year earlier). */
export type ReportPeriod = {
  start: YearMonth;
  end: YearMonth;
  priorStart: YearMonth;
  priorEnd: YearMonth;
  months: number;
  includesManualEntries: boolean;
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
    includesManualEntries:
      query.standardTypes.length === 0 && (isYearToDateRange(start, end, today) || isPreset),
  };
}

function monthOfDate(date: string): YearMonth | null {
  const ym = date.slice(0, 7);
  return parseYearMonth(ym) ? (ym as YearMonth) : null;
}

type Grouping = 'carrier' | 'agency';

type FigureRow = {
  group_uuid: string;
  line_code: string | null;
  written_premium: string | null;
  prior_written_premium: string | null;
  new_written_premium: string | null;
  prior_new_written_premium: string | null;
  earned: string | null;
  prior_earned: string | null;
  incurred: string | null;
  prior_incurred: string | null;
};

type MissingRow = { group_uuid: string; missing_current: boolean; missing_prior: boolean };

const day = (month: YearMonth) => sql`${firstDayOfMonth(month)}::date`;

/**
 * A carrier passes the composite filter (spec part 1 §3 "Carrier composite filters") when it is a
 * wholesaler (MGA) and wholesalers are included, or it is not and one of its kinds is included.
 */
function compositeFilter(q: ProductionQuery): SQL {
  const kinds: SQL[] = [];
  if (q.isStandard) kinds.push(sql`c.is_standard`);
  if (q.isCrop) kinds.push(sql`c.is_crop`);
  if (q.isFlood) kinds.push(sql`c.is_flood`);
  if (q.isSurety) kinds.push(sql`c.is_surety`);
  if (q.isWorkersComp) kinds.push(sql`c.is_workers_comp`);
  const nonMga = kinds.length > 0 ? sql`(not c.is_mga and (${sql.join(kinds, sql` or `)}))` : sql`false`;
  return q.isMga ? sql`(c.is_mga or ${nonMga})` : nonMga;
}

function levelFilter(alias: string, level: Level): SQL {
  return level.kind === 'agency'
    ? sql`${sql.raw(alias)}.agency_uuid = ${level.agencyUuid}::uuid`
    : sql`${sql.raw(alias)}.network_uuid = ${level.networkUuid}::uuid`;
}

function collaborationFilter(alias: string, mode: CollaborationMode | null): SQL {
  if (!mode || mode.shareType !== 'all' || mode.carriersUuid.length === 0) return sql`true`;
  return sql`${sql.raw(alias)}.carrier_uuid in (${sql.join(
    mode.carriersUuid.map((uuid) => sql`${uuid}::uuid`),
    sql`, `,
  )})`;
}

/**
 * Sums of the four measures for the period and its prior period, per group (carrier or agency) and
 * per line code, plus the line's total (GROUPING SETS), all in SQL over numeric.
 */
async function sumFigures(
  db: Db,
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): Promise<FigureRow[]> {
  const line = q.broadLineOfBusinessStandardTypeCode;
  const broadCode = sql`case when l.level = 1 then l.code else p.code end`;
  const childCode = line === 'P&C' ? broadCode : sql`case when l.level = 2 then l.code end`;
  const lineFilter = line === 'P&C' ? sql`true` : sql`${broadCode} = ${line}`;
  const typeFilter =
    q.standardTypes.length === 0
      ? sql`true`
      : sql`l.level = 2 and l.code in (${sql.join(
          q.standardTypes.map((code) => sql`${code}`),
          sql`, `,
        )})`;
  const sourceFilter = period.includesManualEntries ? sql`true` : sql`f.source = 'feed'`;
  const current = sql`f.month between ${day(period.start)} and ${day(period.end)}`;
  const prior = sql`f.month between ${day(period.priorStart)} and ${day(period.priorEnd)}`;
  const measure = (column: string) => {
    const c = sql.raw(`f.${column}`);
    return [sql`sum(${c}) filter (where ${current})`, sql`sum(${c}) filter (where ${prior})`];
  };
  const [wp, pwp] = measure('written_premium');
  const [nwp, pnwp] = measure('new_written_premium');
  const [ep, pep] = measure('earned');
  const [il, pil] = measure('incurred');
  const group = sql.raw(grouping === 'carrier' ? 'f.carrier_uuid' : 'f.agency_uuid');

  const result = await db.execute<FigureRow>(sql`
    select ${group} as group_uuid, ${childCode} as line_code,
      grouping(${childCode}) as is_total,
      ${wp}::text as written_premium, ${pwp}::text as prior_written_premium,
      ${nwp}::text as new_written_premium, ${pnwp}::text as prior_new_written_premium,
      ${ep}::text as earned, ${pep}::text as prior_earned,
      ${il}::text as incurred, ${pil}::text as prior_incurred
    from production_facts f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    where ${levelFilter('f', level)}
      and f.month between ${day(period.priorStart)} and ${day(period.end)}
      and ${sourceFilter} and ${compositeFilter(q)} and ${lineFilter} and ${typeFilter}
      and ${collaborationFilter('f', mode)}
    group by grouping sets ((${group}, ${childCode}), (${group}))`);
  // The total row of each group has grouping() = 1; its line code is the chosen line.
  return (result.rows as (FigureRow & { is_total: number })[]).map((row) => ({
    ...row,
    line_code: Number(row.is_total) === 1 ? line : row.line_code,
  }));
}

/**
 * Incomplete data: an agency-carrier pair that reported in either period but not in every month of
 * one of them marks its group (carrier or agency) as missing current or prior data.
 */
async function missingMonths(
  db: Db,
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  period: ReportPeriod,
  mode: CollaborationMode | null,
): Promise<MissingRow[]> {
  const group = sql.raw(grouping === 'carrier' ? 'carrier_uuid' : 'agency_uuid');
  const result = await db.execute<MissingRow>(sql`
    select ${group} as group_uuid,
      bool_or(current_months < ${period.months}) as missing_current,
      bool_or(prior_months < ${period.months}) as missing_prior
    from (
      select r.agency_uuid, r.carrier_uuid,
        count(*) filter (where r.month between ${day(period.start)} and ${day(period.end)}) as current_months,
        count(*) filter (where r.month between ${day(period.priorStart)} and ${day(period.priorEnd)}) as prior_months
      from carrier_reported_months r
      join carriers c on c.uuid = r.carrier_uuid
      where ${levelFilter('r', level)}
        and r.month between ${day(period.priorStart)} and ${day(period.end)}
        and ${compositeFilter(q)} and ${collaborationFilter('r', mode)}
      group by r.agency_uuid, r.carrier_uuid
    ) pairs
    group by ${group}`);
  return result.rows;
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
 * figure in either period, in the order of `describe` (which reads their names in one query).
 */
async function groupedReport<T>(
  db: Db,
  grouping: Grouping,
  level: Level,
  q: ProductionQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
  describe: (uuids: SQL) => SQL,
) {
  const period = reportPeriod(q, today);
  const [figures, missing] = await Promise.all([
    sumFigures(db, grouping, level, q, period, mode),
    missingMonths(db, grouping, level, q, period, mode),
  ]);
  const lines = linesByGroup(figures);
  const missingBy = new Map(missing.map((m) => [m.group_uuid, m]));
  const uuids = [...lines.keys()];
  const described =
    uuids.length === 0
      ? []
      : (
          await db.execute<T & { uuid: string }>(
            describe(
              sql.join(
                uuids.map((u) => sql`${u}::uuid`),
                sql`, `,
              ),
            ),
          )
        ).rows;
  return {
    period: periodOut(period),
    lineCode: q.broadLineOfBusinessStandardTypeCode,
    rows: described.map((d) => ({ described: d, lines: lines.get(d.uuid)!, missing: missingBy.get(d.uuid) })),
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
    (uuids) =>
      sql`select uuid, display_name as name, is_mga, is_core_carrier from carriers where uuid in (${uuids})`,
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
    (uuids) => sql`select uuid, name, city, state from agencies where uuid in (${uuids}) order by name`,
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

import { sql } from 'drizzle-orm';
import type {
  CarrierProductionRecord,
  ReportingDatesResponse,
  YtdResponse,
} from '#shared/contracts/growth-measurement.ts';
import { productionQuerySchema } from '#shared/contracts/production.ts';
import {
  hundredthsOf,
  lastMonthOfYear,
  PLAN_LINE_CODES,
  PLAN_LINE_NAMES,
  toDollars,
  type PlanLineCode,
} from '#shared/domain/growth-plan.ts';
import { formatYearMonth } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth, lastDayOfMonth, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Level } from '#server/policies/scope.ts';
import { factsRequest, reportPeriod } from '#server/services/production/production-report.ts';
import { readCarrierMonthFigures, type CarrierMonthFigures } from '#server/services/read-model/read-model.ts';
import { levelScope, reportedMonthsOf } from '#server/services/read-model/sql.ts';

/**
 * The actual figures growth plans are measured against, all read through the read model exactly
 * as Carrier Production reads them (same period rule, same sources), so a plan's actual always
 * equals the Carrier Production report of the same agency, carrier, line and months.
 */

type AgencyLevel = Extract<Level, { kind: 'agency' }>;

/** The months 1..month of `year`, validated against the latest reporting month. */
function measuredMonth(year: number, month: number | undefined, today: CalendarDay): number {
  const last = lastMonthOfYear(year, today);
  const chosen = month ?? last;
  if (chosen > last) {
    const message =
      last === 0
        ? `${year} has no reported months yet.`
        : `month must not be after the latest reporting month (${formatYearMonth(year, last)}).`;
    throw new AppError('bad_request', message, { month: message });
  }
  return chosen;
}

/**
 * GET /api/growth-measurement/ytd-agency-carrier/v2: per carrier and line, the written premium,
 * prior written premium and new written premium from January through `month` (spec part 2 §3
 * "Carrier production record"), and the agency's running year-to-date written premium per month.
 * A year without reported months answers no records.
 */
export async function ytdAgencyCarrier(
  db: Db,
  level: AgencyLevel,
  q: { year: number; month?: number | undefined },
  today: CalendarDay,
  options: { cumulative: boolean } = { cumulative: true },
): Promise<YtdResponse> {
  if (lastMonthOfYear(q.year, today) === 0 && q.month === undefined) {
    return { year: q.year, month: 0, records: [], cumulative: [] };
  }
  const month = measuredMonth(q.year, q.month, today);
  // Carrier Production's request for the agency, January through the month: the same period,
  // composite and manual-entry rule, hence the same figures.
  const query = productionQuerySchema.parse({
    startDate: firstDayOfMonth(formatYearMonth(q.year, 1)),
    endDate: lastDayOfMonth(formatYearMonth(q.year, month)),
  });
  const request = factsRequest('carrier', level, query, reportPeriod(query, today), null);
  // Independent reads: on PostgreSQL they run on connections of their own.
  const [agencyRows, carrierRows, figures] = await Promise.all([
    db.execute<{ name: string; state: string }>(
      sql`select name, state from agencies where uuid = ${level.agencyUuid}::uuid`,
    ),
    db.execute<{ uuid: string; name: string }>(sql`select uuid, display_name as name from carriers`),
    readCarrierMonthFigures(db, request),
  ]);
  const [agency] = agencyRows.rows;
  const carrierNames = new Map(carrierRows.rows.map((c) => [c.uuid, c.name]));
  const planLine = (code: string | null): code is PlanLineCode =>
    code !== null && (PLAN_LINE_CODES as readonly string[]).includes(code);
  const records: CarrierProductionRecord[] = [];
  for (const row of figures) {
    if (!planLine(row.line_code)) continue;
    records.push({
      carrierUuid: row.group_uuid,
      agencyUuid: level.agencyUuid,
      carrierName: carrierNames.get(row.group_uuid) ?? '',
      agencyName: agency?.name ?? '',
      agencyState: agency?.state ?? '',
      policyTypeCode: row.line_code,
      broadLineOfBusinessStandardTypeCode: row.line_code,
      broadLineOfBusinessStandardTypeName: PLAN_LINE_NAMES[row.line_code],
      writtenPremiumYTD: dollarsOf(row.written_premium),
      priorWrittenPremiumYTD: dollarsOf(row.prior_written_premium),
      newWrittenPremiumYTD: dollarsOf(row.new_written_premium),
      month,
      year: q.year,
    });
  }
  records.sort(
    (a, b) => a.carrierName.localeCompare(b.carrierName) || a.policyTypeCode.localeCompare(b.policyTypeCode),
  );
  const cumulative = options.cumulative
    ? runningTotals(
        figures.filter((row) => planLine(row.line_code)),
        month,
      )
    : [];
  return { year: q.year, month, records, cumulative };
}

const dollarsOf = (value: string | null) => (value === null ? null : Number(value));

/**
 * Written premium from January through each month 1..month, per carrier and line: the running sum,
 * in cents, of the months read with the records (so the last month's figures are the records'
 * own).
 */
function runningTotals(rows: CarrierMonthFigures[], month: number): YtdResponse['cumulative'] {
  const monthly = new Map<string, Map<string, (number | null)[]>>();
  for (const row of rows) {
    if (!row.months) continue; // only prior figures: no month this year
    const months = Array<number | null>(month).fill(null);
    for (const [yearMonth, value] of Object.entries(row.months)) {
      months[Number(yearMonth.slice(5, 7)) - 1] = value === null ? null : hundredthsOf(value);
    }
    const carrier = monthly.get(row.group_uuid) ?? new Map<string, (number | null)[]>();
    carrier.set(row.line_code!, months);
    monthly.set(row.group_uuid, carrier);
  }
  const points: YtdResponse['cumulative'] = Array.from({ length: month }, (_, i) => ({
    month: i + 1,
    carriers: {},
  }));
  for (const [carrierUuid, lines] of monthly) {
    for (const [code, months] of lines) {
      let cents: number | null = null;
      months.forEach((value, i) => {
        if (value !== null) cents = (cents ?? 0) + value;
        const carriers = points[i]!.carriers;
        carriers[carrierUuid] ??= {};
        carriers[carrierUuid][code] = cents === null ? null : toDollars(cents);
      });
    }
  }
  return points;
}

/** Per carrier, the agency's latest reported month or manual entry month (YYYY-MM). */
export const reportingDatesQuery = (level: AgencyLevel) => sql`
  select r.carrier_uuid, to_char(max(r.month), 'YYYY-MM') as most_recent
  from (
    select carrier_uuid, month from ${reportedMonthsOf(levelScope(level))} reported
    union all
    select m.carrier_uuid, make_date(m.year, m.month, 1) from manual_entries m
    where m.agency_uuid = ${level.agencyUuid}::uuid
  ) r
  group by r.carrier_uuid order by r.carrier_uuid`;

/**
 * GET /api/growth-measurement/reporting-dates: each carrier's latest reported month at the agency
 * (spec part 2 §3 "Reporting date"), as YYYY-MM.
 */
export async function reportingDates(db: Db, level: AgencyLevel): Promise<ReportingDatesResponse> {
  // A manual entry is a year-to-date snapshot: its month counts as reported for the date, even
  // when it counts as no month of its own for completeness (decision 014).
  const rows = await db.execute<{ carrier_uuid: string; most_recent: string }>(reportingDatesQuery(level));
  return {
    reportingDates: rows.rows.map((r) => ({
      carrierUuid: r.carrier_uuid,
      mostRecentReportingDate: r.most_recent,
    })),
  };
}

/**
 * Last year's written premium per carrier and line (January through the year's last reported
 * month): the prior figures of a plan for `planYear`.
 */
export async function priorWrittenPremium(
  db: Db,
  level: AgencyLevel,
  planYear: number,
  today: CalendarDay,
): Promise<Map<string, number>> {
  const priorYear = planYear - 1;
  const priors = new Map<string, number>();
  if (lastMonthOfYear(priorYear, today) === 0) return priors;
  const ytd = await ytdAgencyCarrier(db, level, { year: priorYear }, today, { cumulative: false });
  for (const record of ytd.records) {
    priors.set(`${record.carrierUuid}:${record.policyTypeCode}`, record.writtenPremiumYTD ?? 0);
  }
  return priors;
}

import { BROAD_LINE_CODES, type BroadLineCode } from '#shared/contracts/production.ts';
import type {
  ScorecardByAgencyResponse,
  ScorecardByCarrierQuery,
  ScorecardByCarrierResponse,
  ScorecardCarrier,
  ScorecardFigures,
  ScorecardQuery,
  ScorecardStatsResponse,
} from '#shared/contracts/scorecards.ts';
import { CARRIER_KINDS, type CarrierKinds } from '#shared/domain/carrier-composite.ts';
import { maskCarrierRows, type CollaborationMode } from '#shared/domain/collaboration.ts';
import { latestReportingMonth, parseYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth, lastDayOfMonth, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Level } from '#server/policies/scope.ts';
import {
  commissionByCarrierQuery,
  commissionByPolicyTypeQuery,
  type CommissionRequest,
} from '#server/services/read-model/commission-sql.ts';

/**
 * The agency production scorecard (spec part 2 §2, §3, §7): invoice revenue by carrier and by policy
 * type, read from the commission side of the read model (decision 016): one agency's commission
 * facts, or a network's commission carrier-months. Each call is one statement.
 */

/** The figures of a row, as exact decimal text. */
type FigureTexts = {
  written_premium_text: string | null;
  base_text: string | null;
  additional_text: string | null;
  total_text: string | null;
  base_percent: string | null;
  additional_percent: string | null;
  total_percent: string | null;
};

/** A row of the by-carrier query: a carrier and line, a carrier (with its flag), or the totals. */
type CarrierRow = FigureTexts & {
  carrier_uuid: string | null;
  line_code: string | null;
  is_core: boolean | null;
  is_mga: boolean | null;
  carrier_name: string | null;
  line_name: string | null;
  line_level: number | string | null;
  no_carrier: number | string;
  no_line: number | string;
  incomplete: boolean | null;
};

/** A row of the policy-type query: a broad line and core flag, either, or neither (P&C). */
type PolicyTypeRow = FigureTexts & {
  broad_code: string | null;
  is_core: boolean | null;
  no_line: number | string;
  no_core: number | string;
  /** On the rows per broad line and in all: the carriers with a figure other than zero. */
  carriers: string | null;
  core_carriers: string | null;
  latest_month?: YearMonth | null;
};

const num = (v: string | null) => (v === null ? null : Number(v));
const isSet = (v: number | string | undefined) => Number(v) === 1;

function figuresOf(row: FigureTexts | undefined): ScorecardFigures {
  return {
    writtenPremiumYTD: num(row?.written_premium_text ?? null),
    baseCommissionYTD: num(row?.base_text ?? null),
    additionalCommissionYTD: num(row?.additional_text ?? null),
    totalCommissionYTD: num(row?.total_text ?? null),
    baseCommissionPercent: num(row?.base_percent ?? null),
    additionalCommissionPercent: num(row?.additional_percent ?? null),
    totalCommissionPercent: num(row?.total_percent ?? null),
  };
}

const EMPTY: ScorecardFigures = figuresOf(undefined);

const fieldError = (field: string, message: string) =>
  new AppError('bad_request', message, { [field]: message });

/**
 * The months of a scorecard request (spec part 2 §3 Timeframe (scorecard)): a year (January to
 * December, or to the latest reporting month in the current year), or startDate (first day of a
 * month) to endDate (last day of a month), never after the latest reporting month.
 */
export function scorecardPeriod(
  query: Pick<ScorecardQuery, 'year' | 'startDate' | 'endDate'>,
  today: CalendarDay,
): { start: YearMonth; end: YearMonth } {
  const latest = latestReportingMonth(today);
  if (query.year !== undefined) {
    if (query.startDate !== undefined || query.endDate !== undefined) {
      throw fieldError('year', 'Give a year, or startDate and endDate, not both.');
    }
    const latestYear = Number(latest.slice(0, 4));
    if (query.year > latestYear || query.year < 1900) {
      throw fieldError(
        'year',
        `year must not be after ${latestYear}, the year of the latest reporting month.`,
      );
    }
    const start = `${query.year}-01` as YearMonth;
    const december = `${query.year}-12` as YearMonth;
    return { start, end: december > latest ? latest : december };
  }
  if (query.startDate === undefined || query.endDate === undefined) {
    const fields: Record<string, string> = {};
    if (query.startDate === undefined) fields.startDate = 'startDate is required without a year.';
    if (query.endDate === undefined) fields.endDate = 'endDate is required without a year.';
    throw new AppError('bad_request', 'Give a year, or startDate and endDate.', fields);
  }
  const fields: Record<string, string> = {};
  const start = monthOfDate(query.startDate);
  const end = monthOfDate(query.endDate);
  if (!start || query.startDate !== firstDayOfMonth(start))
    fields.startDate = 'startDate must be the first day of a month.';
  if (!end || query.endDate !== lastDayOfMonth(end))
    fields.endDate = 'endDate must be the last day of a month.';
  if (start && end && start > end) fields.endDate = 'endDate must not be before startDate.';
  if (end && end > latest)
    fields.endDate = `endDate must not be after the latest reporting month (${latest}).`;
  if (!start || !end || Object.keys(fields).length > 0) {
    throw new AppError('bad_request', Object.values(fields).join(' '), fields);
  }
  return { start, end };
}

function monthOfDate(date: string): YearMonth | null {
  const ym = date.slice(0, 7);
  return parseYearMonth(ym) ? (ym as YearMonth) : null;
}

/** Collaboration mode may limit the scorecard to some carriers; null when it does not. */
function sharedCarriers(mode: CollaborationMode | null): readonly string[] | null {
  return mode && mode.shareType === 'all' && mode.carriersUuid.length > 0 ? mode.carriersUuid : null;
}

function kindsOf(query: ScorecardQuery): CarrierKinds {
  return Object.fromEntries(CARRIER_KINDS.map((kind) => [kind, query[kind]])) as CarrierKinds;
}

type Context = { level: Level; today: CalendarDay; mode: CollaborationMode | null };

function requestOf(
  query: ScorecardQuery,
  context: Context,
  line: BroadLineCode,
  standardTypes: readonly string[],
): CommissionRequest {
  const { start, end } = scorecardPeriod(query, context.today);
  return {
    level: context.level,
    start,
    end,
    line,
    standardTypes,
    kinds: kindsOf(query),
    carriers: sharedCarriers(context.mode),
  };
}

const periodOut = (request: CommissionRequest) => ({
  startDate: firstDayOfMonth(request.start),
  endDate: lastDayOfMonth(request.end),
});

/**
 * The policy-type rows of a request: `find` keys them by broad line code ('P&C' the total) and core
 * flag; `rows` as read (each with the latest month when asked).
 */
async function policyTypeRows(db: Db, request: CommissionRequest, latestMonth: boolean) {
  const rows = (await db.execute<PolicyTypeRow>(commissionByPolicyTypeQuery(request, { latestMonth }))).rows;
  const find = (line: BroadLineCode, core: boolean | null) =>
    rows.find(
      (r) =>
        (line === 'P&C' ? isSet(r.no_line) : !isSet(r.no_line) && r.broad_code === line) &&
        (core === null ? isSet(r.no_core) : !isSet(r.no_core) && r.is_core === core),
    );
  return { find, rows };
}

/** GET /api/scorecards/by-agency: per policy type, the figures and their core / non-core split. */
export async function scorecardByAgency(
  db: Db,
  query: ScorecardQuery,
  context: Context,
): Promise<ScorecardByAgencyResponse> {
  const request = requestOf(query, context, 'P&C', []);
  const { find } = await policyTypeRows(db, request, false);
  const policyTypes = Object.fromEntries(
    BROAD_LINE_CODES.map((code) => [
      code,
      {
        total: figuresOf(find(code, null)),
        core: figuresOf(find(code, true)),
        noncore: figuresOf(find(code, false)),
      },
    ]),
  ) as ScorecardByAgencyResponse['policyTypes'];
  return { period: periodOut(request), policyTypes };
}

/**
 * GET /api/scorecards/by-carrier: per carrier with figures, by written premium descending, each with
 * its lines at the lowest level its statements map to, its incomplete-data flag, and the totals.
 * Collaboration mode masks the carriers as Carrier Production does.
 */
export async function scorecardByCarrier(
  db: Db,
  query: ScorecardByCarrierQuery,
  context: Context,
): Promise<ScorecardByCarrierResponse> {
  const request = requestOf(query, context, query.parentTypeCode, query.standardTypes);
  const figures = await db.execute<CarrierRow>(commissionByCarrierQuery(request));
  let totals = EMPTY;
  const byCarrier = new Map<string, ScorecardCarrier>();
  const carrierLines = new Map<string, ScorecardCarrier['lines']>();
  for (const row of figures.rows) {
    if (isSet(row.no_carrier)) {
      totals = figuresOf(row);
      continue;
    }
    const uuid = row.carrier_uuid!;
    if (isSet(row.no_line)) {
      byCarrier.set(uuid, {
        carrierUuid: uuid,
        carrierName: row.carrier_name!,
        isCoreCarrier: row.is_core === true,
        isMga: row.is_mga === true,
        haveMissingData: row.incomplete === true,
        ...figuresOf(row),
        lines: [],
      });
      continue;
    }
    const list = carrierLines.get(uuid) ?? [];
    list.push({
      code: row.line_code!,
      name: row.line_name ?? row.line_code!,
      isLowestLevel: Number(row.line_level) === 2,
      ...figuresOf(row),
    });
    carrierLines.set(uuid, list);
  }
  const rows = [...byCarrier.values()].map((carrier) => ({
    ...carrier,
    lines: (carrierLines.get(carrier.carrierUuid) ?? []).sort(
      (a, b) => (b.writtenPremiumYTD ?? 0) - (a.writtenPremiumYTD ?? 0) || a.name.localeCompare(b.name),
    ),
  }));
  rows.sort(
    (a, b) =>
      (b.writtenPremiumYTD ?? -Infinity) - (a.writtenPremiumYTD ?? -Infinity) ||
      a.carrierName.localeCompare(b.carrierName),
  );
  return {
    period: periodOut(request),
    parentTypeCode: query.parentTypeCode,
    carriers: maskCarrierRows(rows, context.mode),
    totals,
  };
}

/**
 * GET /api/scorecards/stats: per policy type, how many carriers have figures (and how many of them
 * are core carriers) with the policy type's figures; and the latest month with a statement.
 */
export async function scorecardStats(
  db: Db,
  query: ScorecardQuery,
  context: Context,
): Promise<ScorecardStatsResponse> {
  const request = requestOf(query, context, 'P&C', []);
  const { find, rows } = await policyTypeRows(db, request, true);
  const latestMonth = rows[0]?.latest_month ?? null;
  return {
    period: periodOut(request),
    latestDataDate: latestMonth ? lastDayOfMonth(latestMonth) : null,
    policyTypes: BROAD_LINE_CODES.map((code) => {
      const row = find(code, null);
      return {
        policyTypeCode: code,
        carriers: Number(row?.carriers ?? 0),
        coreCarriers: Number(row?.core_carriers ?? 0),
        ...figuresOf(row),
      };
    }),
  };
}

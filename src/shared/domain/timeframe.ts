/**
 * Report timeframes (spec part 1 §3 "Timeframe", §4 "Timeframe defaults", §5, §9; DESIGN §6): the URL
 * codes, the default, the selector's presets, prior periods and the manual-data warning.
 *
 * Every function is pure. Those that depend on the date take `today` exactly as reporting-month.ts does:
 * a calendar date already read in the business time zone (`calendarDateIn(BUSINESS_TIME_ZONE)`), so the
 * server and the client agree. Nothing here reads the clock.
 *
 * Decisions:
 * - Codes are accepted only in their exact, canonical shapes (case, length and zero-padding included);
 *   anything else is "none" (null). So `formatTimeframeCode(parseTimeframe(code))` is `code` itself.
 * - A timeframe that ends after the latest reporting month is refused: no carrier data can exist for it
 *   yet. The same holds for `ytd-{year}` after the working year. (A client whose clock runs ahead of the
 *   server's can, for a few seconds around midnight of the 16th, build a preset the server refuses; the
 *   server then falls back to the default, which is harmless.)
 * - A timeframe may not start before 1900-01, which keeps every month and its prior period a YYYY-MM.
 * - `isYtd` is a property of the months, not of the shape: `2025-01--2025-12` and `P12M--2025-12` are
 *   year-to-date too, as is `2026-01` when January 2026 is the latest reporting month.
 */
import {
  addMonths,
  formatYearMonth,
  latestReportingMonth,
  parseYearMonth,
  workingYear,
  type YearMonth,
} from './reporting-month.ts';

export type TimeframeName = 'Custom' | 'Monthly' | 'YTD' | '12MM' | '24MM' | '36MM';

/** Today's date in the business time zone, as reporting-month.ts takes it. */
export type CalendarDay = Parameters<typeof latestReportingMonth>[0];

export type Timeframe = {
  name: TimeframeName;
  /** The URL code (spec part 1 §3 table); `parseTimeframe(code)` gives the same months back. */
  code: string;
  /** Short ASCII text for titles and the CSV file name. */
  displayText: string;
  isYtd: boolean;
  /** YYYY-MM-DD, the first day of the first month. */
  startDate: string;
  /** YYYY-MM-DD, the last day of the last month. */
  endDate: string;
  startMonth: YearMonth;
  endMonth: YearMonth;
};

/** Rolling presets, in months (spec part 1 §9). */
export const ROLLING_PRESET_MONTHS = [12, 24, 36] as const;
export type RollingPresetMonths = (typeof ROLLING_PRESET_MONTHS)[number];

/** Spec part 1 §5, shown by the timeframe selector when `showsManualDataWarning` says so. */
export const MANUAL_DATA_WARNING = '*Manually entered Carrier Production Data will not be returned';

const EARLIEST_MONTH = '1900-01';

const YTD_CODE = /^ytd-(\d{4})$/;
const ROLLING_CODE = /^P(12|24|36)M--(\d{4}-\d{2})$/;
const MONTH_CODE = /^(\d{4}-\d{2})$/;
const RANGE_CODE = /^(\d{4}-\d{2})--(\d{4}-\d{2})$/;

/**
 * Reads a URL timeframe code. Returns null for "none": null, '', 'unknown', any other shape, an
 * impossible month, a range whose start is after its end, or one that ends after the latest reporting
 * month (see the decisions above).
 */
export function parseTimeframe(code: string | null | undefined, today: CalendarDay): Timeframe | null {
  if (!code) return null;

  const ytd = YTD_CODE.exec(code);
  if (ytd) {
    const year = Number(ytd[1]);
    const current = workingYear(today);
    if (year > current) return null;
    const end = year === current ? latestReportingMonth(today) : formatYearMonth(year, 12);
    return build('YTD', formatYearMonth(year, 1), end, today);
  }

  const rolling = ROLLING_CODE.exec(code);
  if (rolling) {
    const end = month(rolling[2]);
    if (!end) return null;
    const months = Number(rolling[1]) as RollingPresetMonths;
    return build(rollingName(months), addMonths(end, 1 - months), end, today);
  }

  const single = MONTH_CODE.exec(code);
  if (single) {
    const only = month(single[1]);
    return only ? build('Monthly', only, only, today) : null;
  }

  const range = RANGE_CODE.exec(code);
  if (range) {
    const start = month(range[1]);
    const end = month(range[2]);
    return start && end ? build('Custom', start, end, today) : null;
  }

  return null;
}

/** The URL code of a timeframe; the inverse of `parseTimeframe`. */
export function formatTimeframeCode(tf: Pick<Timeframe, 'name' | 'startMonth' | 'endMonth'>): string {
  switch (tf.name) {
    case 'YTD':
      return `ytd-${tf.startMonth.slice(0, 4)}`;
    case '12MM':
    case '24MM':
    case '36MM':
      return `P${tf.name.slice(0, 2)}M--${tf.endMonth}`;
    case 'Monthly':
      return tf.endMonth;
    case 'Custom':
      return `${tf.startMonth}--${tf.endMonth}`;
  }
}

/** A parsed code, or the default when the code is none (spec part 1 §5: "treated as none"). */
export function resolveTimeframe(code: string | null | undefined, today: CalendarDay): Timeframe {
  return parseTimeframe(code, today) ?? defaultTimeframe(today);
}

/** YTD from 1 January of the working year to the end of the latest reporting month (DESIGN §6). */
export function defaultTimeframe(today: CalendarDay): Timeframe {
  return mustBuild('YTD', formatYearMonth(workingYear(today), 1), latestReportingMonth(today), today);
}

/** The selector's presets: YTD of the working year, then 12, 24 and 36 months ending the latest month. */
export function presets(today: CalendarDay): Timeframe[] {
  const latest = latestReportingMonth(today);
  return [
    defaultTimeframe(today),
    ...ROLLING_PRESET_MONTHS.map((months) =>
      mustBuild(rollingName(months), addMonths(latest, 1 - months), latest, today),
    ),
  ];
}

/**
 * Spec part 1 §4: from 1 January to 31 December of one year, or from 1 January of the working year to the
 * latest reporting month.
 */
export function isYearToDateRange(startMonth: YearMonth, endMonth: YearMonth, today: CalendarDay): boolean {
  const start = parseYearMonth(startMonth);
  const end = parseYearMonth(endMonth);
  if (!start || !end || start.month !== 1 || start.year !== end.year) return false;
  return end.month === 12 || (end.year === workingYear(today) && endMonth === latestReportingMonth(today));
}

/**
 * The same months one year earlier, for prior values and % change. The prior keeps the name and `isYtd`
 * of the timeframe (a year-to-date range is compared with the same months of the previous year, which
 * also start on 1 January), except that a YTD ending before December becomes 'Custom': `ytd-{year}` of
 * an earlier year means the whole year, and a code must always parse back to the same months.
 */
export function priorPeriod(tf: Timeframe): Timeframe {
  const startMonth = addMonths(tf.startMonth, -12);
  const endMonth = addMonths(tf.endMonth, -12);
  const name: TimeframeName = tf.name === 'YTD' && !endMonth.endsWith('-12') ? 'Custom' : tf.name;
  const prior = timeframe(name, startMonth, endMonth, tf.isYtd);
  // Read the same way as the timeframe it is the prior of: 'YTD 2025 through 2025-10' for this year's
  // YTD as for a full year's, though its code is a custom range.
  return tf.name === 'YTD' ? { ...prior, displayText: describe('YTD', startMonth, endMonth) } : prior;
}

/** Every month of the timeframe, oldest first. */
export function monthsOf(tf: Pick<Timeframe, 'startMonth' | 'endMonth'>): YearMonth[] {
  const months: YearMonth[] = [];
  for (let m = tf.startMonth; m <= tf.endMonth; m = addMonths(m, 1)) months.push(m);
  return months;
}

/**
 * Whether a report over these months counts manual entries (spec part 1 §5): year-to-date, or the months of a
 * rolling preset (12, 24 or 36 months, whatever month they end: `P12M--2026-03` and the custom range
 * `2025-11--2026-10` alike). Manual entries are year-to-date snapshots made monthly (DESIGN §6), which
 * these periods read whole. The server's choice and the selector's warning both come from here; the
 * standard-types filter leaves them out as well (`reportCountsManualEntries`).
 */
export function countsManualEntries(tf: Pick<Timeframe, 'isYtd' | 'startMonth' | 'endMonth'>): boolean {
  return tf.isYtd || (ROLLING_PRESET_MONTHS as readonly number[]).includes(monthsOf(tf).length);
}

/** A report counts manual entries when its months do and no standard type is chosen (spec part 1 §3). */
export function reportCountsManualEntries(
  tf: Pick<Timeframe, 'isYtd' | 'startMonth' | 'endMonth'>,
  standardTypes: readonly string[],
): boolean {
  return standardTypes.length === 0 && countsManualEntries(tf);
}

/**
 * Spec part 1 §5: the warning shows when the timeframe does not count manual entries. No timeframe (null)
 * means the default, a YTD, so no warning.
 */
export function showsManualDataWarning(
  tf: Pick<Timeframe, 'isYtd' | 'startMonth' | 'endMonth'> | null,
): boolean {
  return tf !== null && !countsManualEntries(tf);
}

/** 'YYYY-MM' -> 'YYYY-MM-01'. */
export function firstDayOfMonth(value: YearMonth): string {
  return `${value}-01`;
}

/** 'YYYY-MM' -> the month's last day as 'YYYY-MM-DD' (leap years included). */
export function lastDayOfMonth(value: YearMonth): string {
  const parsed = parseYearMonth(value);
  if (!parsed) throw new RangeError(`Not a YYYY-MM month: ${value}`);
  return `${value}-${String(daysInMonth(parsed.year, parsed.month))}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function month(value: string | undefined): YearMonth | null {
  const parsed = value === undefined ? null : parseYearMonth(value);
  return parsed ? formatYearMonth(parsed.year, parsed.month) : null;
}

function rollingName(months: RollingPresetMonths): TimeframeName {
  return `${months}MM`;
}

/** The timeframe, or null when the months are out of order or outside EARLIEST_MONTH..latest. */
function build(name: TimeframeName, start: YearMonth, end: YearMonth, today: CalendarDay): Timeframe | null {
  if (start > end || start < EARLIEST_MONTH || end > latestReportingMonth(today)) return null;
  return timeframe(name, start, end, isYearToDateRange(start, end, today));
}

function mustBuild(name: TimeframeName, start: YearMonth, end: YearMonth, today: CalendarDay): Timeframe {
  const tf = build(name, start, end, today);
  if (!tf) throw new RangeError(`No ${name} timeframe ${start}..${end} on the given day`);
  return tf;
}

function timeframe(
  name: TimeframeName,
  startMonth: YearMonth,
  endMonth: YearMonth,
  isYtd: boolean,
): Timeframe {
  return {
    name,
    code: formatTimeframeCode({ name, startMonth, endMonth }),
    displayText: describe(name, startMonth, endMonth),
    isYtd,
    startDate: firstDayOfMonth(startMonth),
    endDate: lastDayOfMonth(endMonth),
    startMonth,
    endMonth,
  };
}

/** 'YTD 2026 through 2026-10', '12 months ending 2026-10', '2026-03', '2025-01 to 2025-06'. */
function describe(name: TimeframeName, start: YearMonth, end: YearMonth): string {
  switch (name) {
    case 'YTD':
      return `YTD ${start.slice(0, 4)} through ${end}`;
    case '12MM':
    case '24MM':
    case '36MM':
      return `${name.slice(0, 2)} months ending ${end}`;
    case 'Monthly':
      return end;
    case 'Custom':
      return `${start} to ${end}`;
  }
}

import { addMonths, formatYearMonth, parseYearMonth, type YearMonth } from './reporting-month.ts';

/**
 * Reporting health (decision 070): when a carrier's report of a month is due, learnt from when its
 * earlier months arrived, and what a month that has not arrived is. One definition for the monthly
 * close checklist, the digest's missing reports and the carrier date badges.
 */

/** A calendar date in the business time zone. */
export type Day = { year: number; month: number; day: number };

/** How many of a carrier's most recent months with a known arrival its usual lag is learnt from. */
export const LAG_HISTORY_MONTHS = 12;
/** Fewer months with a known arrival than this and the carrier's usual lag is the default. */
export const MIN_LAG_HISTORY = 3;
/**
 * The lag of a carrier without enough history: 15 days after the month's end, the rule of the latest
 * reporting month (DESIGN §6: "on days 1–15 of a month it is two months back; from the 16th it is the
 * previous month"), so `expectedLatestMonth(today, DEFAULT_LAG_DAYS)` is `latestReportingMonth(today)`.
 */
export const DEFAULT_LAG_DAYS = 15;
/** A report this many days past its due date (or one a later month overtook) is missing, not late. */
export const MISSING_AFTER_DAYS = 30;
/** The longest lag the rule accepts from history (a month's data a year late is an outlier, not a habit). */
export const MAX_LAG_DAYS = 365;

const DAY_MS = 86_400_000;
const dayNumber = (d: Day) => Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
const fromDayNumber = (n: number): Day => {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The last day of a month. */
export function monthEnd(month: YearMonth): Day {
  const parsed = parseYearMonth(month);
  if (!parsed) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return fromDayNumber(dayNumber({ year: parsed.year, month: parsed.month + 1, day: 1 }) - 1);
}

/** Days from a month's last day to the day its data arrived (0 when it arrived on that day or before). */
export function lagDays(month: YearMonth, arrivedOn: Day): number {
  return Math.max(0, dayNumber(arrivedOn) - dayNumber(monthEnd(month)));
}

/** The day a month's report is due: its last day plus the carrier's usual lag. */
export function dueDate(month: YearMonth, lag: number): Day {
  return fromDayNumber(dayNumber(monthEnd(month)) + lag);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return dayNumber(to) - dayNumber(from);
}

export const formatDay = (d: Day) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export type UsualLag = {
  days: number;
  /** 'history': the median of the carrier's recent months; 'default': too little history. */
  basis: 'history' | 'default';
  /** How many months it was learnt from (0 for the default). */
  months: number;
};

/**
 * A carrier's usual reporting lag: the median, over its last `LAG_HISTORY_MONTHS` months whose arrival
 * is known, of the days from each month's end to the first arrival of that month's data (a month that
 * arrived for several agencies counts once, at its first arrival: the carrier had sent it). With an
 * even count, the mean of the two middle lags, rounded up. Fewer than `MIN_LAG_HISTORY` months:
 * `DEFAULT_LAG_DAYS`. Lags are capped at `MAX_LAG_DAYS`.
 */
export function usualLag(samples: readonly { month: YearMonth; lagDays: number }[]): UsualLag {
  const firstByMonth = new Map<YearMonth, number>();
  for (const s of samples) {
    const lag = Math.min(MAX_LAG_DAYS, Math.max(0, Math.round(s.lagDays)));
    const known = firstByMonth.get(s.month);
    if (known === undefined || lag < known) firstByMonth.set(s.month, lag);
  }
  const recent = [...firstByMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, LAG_HISTORY_MONTHS)
    .map(([, lag]) => lag)
    .sort((a, b) => a - b);
  if (recent.length < MIN_LAG_HISTORY) return { days: DEFAULT_LAG_DAYS, basis: 'default', months: 0 };
  const middle = recent.length >> 1;
  const days =
    recent.length % 2 === 1 ? recent[middle]! : Math.ceil((recent[middle - 1]! + recent[middle]!) / 2);
  return { days, basis: 'history', months: recent.length };
}

/**
 * The latest month whose report is due by `today` for a carrier with this lag: a month is due once
 * its due date has passed. With the default lag this is the latest reporting month of DESIGN §6.
 */
export function expectedLatestMonth(today: Day, lag: number): YearMonth {
  let month = addMonths(formatYearMonth(today.year, today.month), -1);
  while (daysBetween(dueDate(month, lag), today) <= 0) month = addMonths(month, -1);
  return month;
}

/**
 * What a carrier's report of a month is for an agency: 'received' (arrived: feed, upload or manual
 * entry); 'notDue' (not arrived, its due date not passed); 'late' (past its due date); 'missing' (more
 * than `MISSING_AFTER_DAYS` past it, or a later month of the same carrier already arrived: it was
 * skipped, not delayed).
 */
export type ArrivalStatus = 'received' | 'notDue' | 'late' | 'missing';

export function arrivalStatus(input: {
  month: YearMonth;
  arrived: boolean;
  lag: number;
  today: Day;
  laterMonthArrived: boolean;
}): ArrivalStatus {
  if (input.arrived) return 'received';
  const overdue = daysBetween(dueDate(input.month, input.lag), input.today);
  if (overdue <= 0) return 'notDue';
  return input.laterMonthArrived || overdue > MISSING_AFTER_DAYS ? 'missing' : 'late';
}

/**
 * What a line of the monthly close needs (a blank figure is not reported, $0 a real zero: invariant 1
 * of docs/ARCHITECTURE.md): a report that is missing or late, an upload that left values unmapped, or blank figures in
 * a report that arrived. A line needing none of these is fine.
 */
export type CloseProblem = 'missing' | 'late' | 'unmapped' | 'blanks';

export function closeProblems(line: {
  status: ArrivalStatus;
  unmappedValues: number;
  blankValues: number;
}): CloseProblem[] {
  const problems: CloseProblem[] = [];
  if (line.status === 'missing') problems.push('missing');
  if (line.status === 'late') problems.push('late');
  if (line.unmappedValues > 0) problems.push('unmapped');
  if (line.status === 'received' && line.blankValues > 0) problems.push('blanks');
  return problems;
}

/** A line is fine when it needs nothing (a report not yet due is fine too). */
export const isFine = (line: Parameters<typeof closeProblems>[0]) => closeProblems(line).length === 0;

/**
 * A month's data is complete at a level when every expected carrier report of it arrived (the
 * monthly close's lines, all received; a level expecting none is complete).
 */
export const monthDataComplete = (lines: readonly { status: ArrivalStatus }[]) =>
  lines.every((line) => line.status === 'received');

export const CLOSE_PROBLEM_LABELS: Readonly<Record<CloseProblem, string>> = {
  missing: 'Missing',
  late: 'Late',
  unmapped: 'Unmapped values',
  blanks: 'Blank figures',
};

/** The words of a line's status for people, the first problem first. */
export function closeStatusText(problems: readonly CloseProblem[], status: ArrivalStatus): string {
  if (problems.length > 0) return problems.map((p) => CLOSE_PROBLEM_LABELS[p]).join(', ');
  return status === 'notDue' ? 'Not due yet' : 'Received';
}

import { addMonths, type YearMonth } from './reporting-month.ts';

export { reportingDateTone, type ReportingDateTone } from './growth-plan.ts';

/**
 * The date badge's words and icon (spec part 2 §4 "Date badge", §8 planning tooltips, §9 date icon):
 * the tooltip of a carrier's last reported month, the icon by how far that month lies behind the
 * latest reporting month, and its label (the year only for older data).
 */

export const noDataTooltip = (carrier: string) => `${carrier} has no data in the selected time period.`;

export const lastReportedTooltip = (carrier: string, month: string, reported: number, required: number) =>
  `${carrier} last reported in ${month} with ${reported} of ${required} months reported`;

export type DateIcon = 'ok' | 'warning' | 'error';

/** Whole months from `month` to `latest` (negative when `month` is later). */
export function monthsBehind(month: YearMonth, latest: YearMonth): number {
  let n = 0;
  if (month <= latest) for (let m = month; m < latest; m = addMonths(m, 1)) n++;
  else for (let m = latest; m < month; m = addMonths(m, 1)) n--;
  return n;
}

/** §9: warning when the latest month minus the month is more than 1, error when more than 4. */
export function dateIcon(month: YearMonth | null, latest: YearMonth): DateIcon {
  if (!month) return 'error';
  const behind = monthsBehind(month, latest);
  return behind > 4 ? 'error' : behind > 1 ? 'warning' : 'ok';
}

/** Older than a year before the latest month: the label gives the year only. */
export const YEAR_ONLY_AFTER_MONTHS = 12;

/** The badge's label: YYYY-MM, the year for older data, 'No data' without a month. */
export function dateLabel(month: YearMonth | null, latest: YearMonth): string {
  if (!month) return 'No data';
  return monthsBehind(month, latest) > YEAR_ONLY_AFTER_MONTHS ? month.slice(0, 4) : month;
}

/** The months from `start` to `end`, both included: the months a period requires. */
export function monthsInPeriod(start: YearMonth, end: YearMonth): number {
  return monthsBehind(start, end) + 1;
}

/** A calendar month as 'YYYY-MM'. */
export type YearMonth = `${number}-${string}`;

/**
 * The latest month carriers are expected to have reported: "on days 1–15 of a month it is two months
 * back; from the 16th it is the previous month" (DESIGN §6). Read in the calendar of `today` as given
 * (callers pass a date already in the business time zone).
 */
export function latestReportingMonth(today: { year: number; month: number; day: number }): YearMonth {
  const back = today.day <= 15 ? 2 : 1;
  return addMonths(formatYearMonth(today.year, today.month), -back);
}

/** "The working year is the previous year until 15 February": the year of the latest reporting month. */
export function workingYear(today: { year: number; month: number; day: number }): number {
  return Number(latestReportingMonth(today).slice(0, 4));
}

export function formatYearMonth(year: number, month: number): YearMonth {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}` as YearMonth;
}

/** Parses 'YYYY-MM'; returns null for anything else (including month 00 or 13). */
export function parseYearMonth(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { year, month };
}

/** 'YYYY-MM' plus `count` months (negative to go back). */
export function addMonths(value: YearMonth, count: number): YearMonth {
  const parsed = parseYearMonth(value);
  if (!parsed) throw new RangeError(`Not a YYYY-MM month: ${value}`);
  const index = parsed.year * 12 + (parsed.month - 1) + count;
  return formatYearMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** Today's date in a time zone, as calendar parts (the product tracks time in America/Chicago). */
export function calendarDateIn(
  timeZone: string,
  instant: Date = new Date(),
): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export const BUSINESS_TIME_ZONE = 'America/Chicago';

import { addMonths, formatYearMonth, type YearMonth } from './reporting-month.ts';
import type { CalendarDay } from './timeframe.ts';

/**
 * The monthly digest by e-mail (decision 071): which month it reports and when it is due. One
 * definition for My profile's words, the server's validation and the scheduler.
 */

export const DIGEST_MODES = ['off', 'complete', 'day'] as const;
export type DigestMode = (typeof DIGEST_MODES)[number];

/** The days a digest may be asked for: 1 to 28, so every month has the day. */
export const DIGEST_FIRST_DAY = 1;
export const DIGEST_LAST_DAY = 28;
export const DIGEST_DAY_MESSAGE = `Choose a day of the month between ${DIGEST_FIRST_DAY} and ${DIGEST_LAST_DAY}.`;

/**
 * "When the month's data is complete" waits for every expected carrier report of the month; a month
 * that is still not complete on this day of the next month is sent then, listing what is missing.
 */
export const DIGEST_FALLBACK_DAY = 28;

export type DigestSetting = { mode: 'off' } | { mode: 'complete' } | { mode: 'day'; day: number };

/** The month a digest sent on `today` reports: the calendar month before. */
export function digestPeriod(today: CalendarDay): YearMonth {
  return addMonths(formatYearMonth(today.year, today.month), -1);
}

/**
 * Whether the digest of `period` is due on `today`: on day N, from that day of the month after the
 * period; when complete, as soon as the month's data is complete (`monthComplete`, the monthly
 * close's rule) or at the latest on the fallback day. A period older than the previous month (the
 * server was stopped through its month) is overdue whatever the setting. Off: never.
 */
export function digestDue(
  setting: DigestSetting,
  period: YearMonth,
  today: CalendarDay,
  monthComplete: () => boolean,
): boolean {
  if (setting.mode === 'off') return false;
  const current = formatYearMonth(today.year, today.month);
  const sendMonth = addMonths(period, 1);
  if (current < sendMonth) return false;
  if (current > sendMonth) return true;
  if (setting.mode === 'day') return today.day >= setting.day;
  return today.day >= DIGEST_FALLBACK_DAY || monthComplete();
}

/** How My profile and the e-mail say a setting. */
export function digestSettingText(setting: DigestSetting): string {
  if (setting.mode === 'off') return 'No monthly digest';
  if (setting.mode === 'complete')
    return `When the month's reports are all in (at the latest on day ${DIGEST_FALLBACK_DAY} of the next month)`;
  return `On day ${setting.day} of each month`;
}

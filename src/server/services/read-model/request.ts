import type { BroadLineCode } from '#shared/contracts/production.ts';
import type { CarrierKinds } from '#shared/domain/carrier-composite.ts';
import { addMonths, latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { isYearToDateRange, reportCountsManualEntries, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Level } from '#server/policies/scope.ts';

/**
 * What a report groups its figures by: carrier, agency, agency code (sub-code; facts without one are
 * in no group) or the whole network (one group, its uuid: the planning tool's network comparison).
 */
export type Grouping = 'carrier' | 'agency' | 'agencyCode' | 'network';

/** The months of a report and of its prior period (the same months one year earlier). */
export type ReportPeriod = {
  start: YearMonth;
  end: YearMonth;
  priorStart: YearMonth;
  priorEnd: YearMonth;
  includesManualEntries: boolean;
  /** The latest reporting month on the day of the report. */
  latest: YearMonth;
};

/**
 * A request for production figures: one object, whatever report asks. The read model answers each
 * group's sums per line code for the period and its prior period, and the group's incomplete-data
 * flags.
 */
export type FactsRequest = {
  grouping: Grouping;
  level: Level;
  /** 'P&C' (figures per broad line) or one broad line (figures per standard type). */
  line: BroadLineCode;
  /** Standard type codes to keep; empty keeps every type. */
  standardTypes: readonly string[];
  /** The carrier kinds the composite filter includes. */
  kinds: CarrierKinds;
  period: ReportPeriod;
  /** The only carriers counted (collaboration mode), or null for every carrier. */
  carriers: readonly string[] | null;
};

/** The period of a report over `start`..`end` (valid months, start first), as of `today`. */
export function periodOf(
  start: YearMonth,
  end: YearMonth,
  standardTypes: readonly string[],
  today: CalendarDay,
): ReportPeriod {
  const isYtd = isYearToDateRange(start, end, today);
  return {
    start,
    end,
    priorStart: addMonths(start, -12),
    priorEnd: addMonths(end, -12),
    latest: latestReportingMonth(today),
    includesManualEntries: reportCountsManualEntries(
      { isYtd, startMonth: start, endMonth: end },
      standardTypes,
    ),
  };
}

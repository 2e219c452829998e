/**
 * The growth-plan calculations of spec part 2 §9, defined once for the server (plan answers and
 * rollups) and the client (the editor's live figures and the measurement table).
 *
 * Money is handled in integer cents and percentages in basis points (1 % = 100 bp); every product is
 * taken in BigInt and rounded once, half away from zero, so no float ever accumulates.
 */
import { latestReportingMonth, workingYear } from './reporting-month.ts';

/** Plan line codes (spec part 2 §3 "Plan and scorecard codes"), in display order; P&C is their total. */
export const PLAN_LINE_CODES = ['PL', 'CL', 'BOND', 'CROP'] as const;
export type PlanLineCode = (typeof PLAN_LINE_CODES)[number];
export const PLAN_TOTAL_CODE = 'P&C' as const;

/** Line names of the Line of Business selector. */
export const PLAN_LINE_NAMES: Record<PlanLineCode | typeof PLAN_TOTAL_CODE, string> = {
  'P&C': 'Total',
  PL: 'Personal',
  CL: 'Commercial',
  BOND: 'Bond',
  CROP: 'Crop',
};

/** The message beside 'N/A' when a percent change cannot be computed (spec part 2 §8). */
export const PRIOR_NOT_POSITIVE = 'Prior value is either 0 or negative';

const BP = 10_000n;

/** a / b rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < b) return q;
  return a < 0n ? q - 1n : q + 1n;
}

/** Dollars (a JSON number with at most two decimals) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars. */
export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * Exact decimal text with up to two decimals, as SQL gives numeric ('1234.5', '-0.25'), to an
 * integer count of hundredths (cents of an amount, basis points of a percent), without a float.
 */
export function hundredthsOf(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -value : value;
}

/** A percent with at most two decimals (10.5 = 10.5 %) to basis points. */
export function toBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** What a plan row holds: last year's written premium and the three percentages the agency sets. */
export type PlanInputs = {
  /** Prior-year written premium, in cents. */
  priorCents: number;
  /** Growth goal in basis points (1000 = 10 %). */
  growthGoalBp: number;
  /** The carrier's expected rate change in basis points (may be negative). */
  rateBp: number;
  /** Retention in basis points (10000 = 100 %). */
  retentionBp: number;
};

/** The goals that follow from a row's inputs. */
export type PlanGoals = {
  /** Written-premium goal: prior x (1 + growth goal), in cents. */
  wpGoalCents: number;
  /** Retained premium grown by the rate: prior x retention x (1 + rate), in cents. */
  retainedCents: number;
  /** New-business goal: the written-premium goal less the retained premium, in cents. */
  newBusinessCents: number;
};

/**
 * Spec part 2 §9: "new business goal = prior YTD times growth goal, less retained premium grown by
 * rate". The written-premium goal is prior x (1 + growth); the new-business goal is that less
 * prior x retention x (1 + rate), computed on the exact products and rounded once.
 */
export function planGoals(inputs: PlanInputs): PlanGoals {
  const prior = BigInt(inputs.priorCents);
  const wpExact = prior * (BP + BigInt(inputs.growthGoalBp)) * BP; // cents x 10^8
  const retainedExact = prior * BigInt(inputs.retentionBp) * (BP + BigInt(inputs.rateBp)); // cents x 10^8
  return {
    wpGoalCents: Number(divRound(wpExact, BP * BP)),
    retainedCents: Number(divRound(retainedExact, BP * BP)),
    newBusinessCents: Number(divRound(wpExact - retainedExact, BP * BP)),
  };
}

/**
 * % new to book: the share of the written-premium goal that must come from new business, from the
 * summed amounts (rollups recompute it from their sums). Null when the goal is not positive.
 */
export function percentNewToBook(newBusinessCents: number, wpGoalCents: number): number | null {
  if (wpGoalCents <= 0) return null;
  return (newBusinessCents / wpGoalCents) * 100;
}

/**
 * Spec part 2 §9: "Monthly new business goal = month index times annual new business divided by
 * 12", in cents, rounded once. The same straight line is the written-premium goal of a month.
 */
export function monthlyGoalCents(annualCents: number, monthIndex: number): number {
  if (!Number.isInteger(monthIndex) || monthIndex < 1 || monthIndex > 12) {
    throw new RangeError(`month index must be 1 to 12, not ${monthIndex}`);
  }
  return Number(divRound(BigInt(annualCents) * BigInt(monthIndex), 12n));
}

/**
 * Percent change of actual against prior for growth-plan tables: null ('N/A', with
 * PRIOR_NOT_POSITIVE) when prior is 0 or negative (spec part 2 §5).
 */
export function planChangePercent(actual: number, prior: number): number | null {
  if (prior <= 0) return null;
  return ((actual - prior) / prior) * 100;
}

/** Actual as a percent of goal; null when the goal is not positive. */
export function percentOfGoal(actual: number, goal: number): number | null {
  if (goal <= 0) return null;
  return (actual / goal) * 100;
}

/** The new business still needed this year: the annual goal less what was written so far, never below 0. */
export function newBusinessStillNeededCents(annualGoalCents: number, actualCents: number): number {
  return Math.max(0, annualGoalCents - actualCents);
}

/**
 * Spec part 2 §4 "Year selection": choosing a year sets the month to the current reporting month
 * when it is the current year, otherwise to 1.
 */
export function monthForYear(year: number, today: { year: number; month: number; day: number }): number {
  if (year !== workingYear(today)) return 1;
  return Number(latestReportingMonth(today).slice(5, 7));
}

/** The last month with figures in a plan year: the latest reporting month in the working year, else 12. */
export function lastMonthOfYear(year: number, today: { year: number; month: number; day: number }): number {
  if (year > workingYear(today)) return 0;
  return year === workingYear(today) ? Number(latestReportingMonth(today).slice(5, 7)) : 12;
}

/** Limits of the plan inputs, in percent, with the messages that name them. */
export const PLAN_PERCENT_LIMITS = {
  growthGoalPlan: { min: -100, max: 1000, label: 'Growth goal' },
  rate: { min: -100, max: 1000, label: 'Rate' },
  retention: { min: 0, max: 100, label: 'Retention' },
} as const;

export type ReportingDateTone = 'ok' | 'warning' | 'error';

/**
 * Spec part 2 §4 "Date badge": ok when the carrier's last reported month is at or after the period
 * end; warning when at or after its start; error when earlier or when there is no data. Months are
 * 'YYYY-MM' (they compare as text).
 */
export function reportingDateTone(
  lastReported: string | null,
  period: { start: string; end: string },
): ReportingDateTone {
  if (!lastReported) return 'error';
  if (lastReported >= period.end) return 'ok';
  if (lastReported >= period.start) return 'warning';
  return 'error';
}

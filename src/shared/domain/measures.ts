/**
 * The report measures of DESIGN §6, from summed amounts (never averages of ratios). Amounts are
 * dollars as exact decimals from SQL; null means "not reported".
 */

/**
 * Loss ratio colouring (spec part 2 §5 "Loss ratio colouring: above 55 negative, below 45 positive."):
 * a loss ratio above the first is shown negative, below the second positive.
 */
export const LOSS_RATIO_NEGATIVE_ABOVE = 55;
export const LOSS_RATIO_POSITIVE_BELOW = 45;

/** Loss ratio in percent: incurred / earned x 100; null when earned is missing or zero. */
export function lossRatio(incurred: number | null, earned: number | null): number | null {
  if (incurred === null || earned === null || earned === 0) return null;
  return (incurred / earned) * 100;
}

/** Change in percent: (current - prior) / prior x 100; 0 when prior is 0 (DESIGN §6). */
export function changePercent(current: number | null, prior: number | null): number | null {
  if (current === null || prior === null) return null;
  if (prior === 0) return 0;
  return ((current - prior) / prior) * 100;
}

/** New-business change: empty (null) when prior is zero or less. */
export function newBusinessChangePercent(current: number | null, prior: number | null): number | null {
  if (prior === null || prior <= 0) return null;
  return changePercent(current, prior);
}

/** Whole dollars for display and export ("USD without cents"), rounding half away from zero. */
export function wholeDollars(amount: number): number {
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount));
  return rounded === 0 ? 0 : rounded;
}

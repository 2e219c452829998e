/**
 * How figures read on screen (spec part 1 §9): currency in US dollars without cents, percentages
 * with one decimal. A figure that rounds to zero reads as zero, never "-0.0%" or "-$0".
 */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  signDisplay: 'negative',
});

const percent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'negative',
});

/** '$1,235', '-$12', '$0' (also for -0.4). */
export function formatMoney(value: number): string {
  return usd.format(value);
}

/** A percentage with one decimal: '12.5%', '-3.0%', '0.0%' (also for -0.04). */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

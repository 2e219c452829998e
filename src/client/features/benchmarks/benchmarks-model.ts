import type { BenchmarkFigure } from '#shared/contracts/benchmarks.ts';
import { BENCHMARK_METRIC_LABELS, HIGHER_IS_BETTER, sizeBandLabel } from '#shared/domain/benchmarks.ts';
import { formatPercent } from '#shared/domain/number-format.ts';

/** "—" for a figure not reported. */
export const percentOrDash = (value: number | null) => (value === null ? '—' : formatPercent(value));

/** An ordinal of a percentile rank: "62nd". */
export function ordinal(rank: number): string {
  const n = Math.round(rank);
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The rank in words, with which way is better: "62nd percentile of 8 in your band (higher is better)". */
export function rankText(figure: BenchmarkFigure): string {
  if (figure.value === null) return 'Not reported';
  if (figure.percentileRank === null) return 'No other agency of your size band reports it';
  const better = HIGHER_IS_BETTER[figure.metric] ? 'higher is better' : 'lower is better';
  return `${ordinal(figure.percentileRank)} percentile of ${figure.bandN} in your band (${better})`;
}

/** The figure's sentence for screen readers and the chart's title. */
export function figureSummary(figure: BenchmarkFigure): string {
  const label = BENCHMARK_METRIC_LABELS[figure.metric];
  const network = `network median ${formatPercent(figure.median)} (first quartile ${formatPercent(figure.q1)}, third ${formatPercent(figure.q3)}, ${figure.n} ${figure.n === 1 ? 'agency' : 'agencies'})`;
  if (figure.value === null) return `${label}: not reported; ${network}`;
  return `${label}: ${formatPercent(figure.value)}; ${network}; ${rankText(figure)}`;
}

/**
 * A distribution in a table cell: "2.3% (-0.8% to 5.7%), 35". The quartiles are joined by a word, not a
 * dash: a dash beside a negative bound read as "-22.8%–-16.5%".
 */
export const distributionText = (figure: Pick<BenchmarkFigure, 'median' | 'q1' | 'q3' | 'n'>) =>
  `${formatPercent(figure.median)} (${formatPercent(figure.q1)} to ${formatPercent(figure.q3)}), ${figure.n}`;

/** The scale of a box chart: the quartiles and the agency's value, with a margin, as [min, max]. */
export function chartScale(figure: BenchmarkFigure): [number, number] {
  const values = [figure.q1, figure.q3, figure.median, ...(figure.value === null ? [] : [figure.value])];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = Math.max((high - low) * 0.15, 1);
  return [low - margin, high + margin];
}

/** The limits as typed, in millions of dollars ("1, 5, 20"), as whole dollars; null when one is not a number. */
export function parseLimits(text: string): number[] | null {
  const items = text.split(/[,;\s]+/).filter(Boolean);
  if (items.some((s) => !/^\d+(\.\d+)?$/.test(s))) return null;
  return items.map((s) => Math.round(Number(s) * 1_000_000));
}

/** Whole dollars as millions for the input: 1500000 -> "1.5". */
export const asMillions = (limits: readonly number[]) =>
  limits.map((l) => String(Math.round((l / 1_000_000) * 1_000_000) / 1_000_000)).join(', ');

/** Every band of the limits, named: "Under $1M · $1M–$5M · $5M and over". */
export const bandLabels = (limits: readonly number[]) =>
  Array.from({ length: limits.length + 1 }, (_, band) => sizeBandLabel(band, limits)).join(' · ');

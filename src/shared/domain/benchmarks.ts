/**
 * Benchmarks against peers and early warning (network intelligence): one definition of the
 * distribution of a figure over a network's agencies, an agency's rank in its size band, the size
 * bands and the warnings. The server computes the same in SQL (`services/network-intelligence/`);
 * these functions are its definition and the tests' reference.
 *
 * - A figure not reported (null) is left out: it is neither a zero nor a peer.
 * - Quartiles interpolate linearly between the ordered values, as PostgreSQL's `percentile_cont`
 *   (position p x (n - 1)); one value is its own three quartiles; none, no quartiles.
 * - Percentile rank: the share of the other agencies of the band whose figure is strictly lower,
 *   x 100, as `percent_rank()` (ties share the lowest rank); an agency alone in its band has none.
 * - Size band: by the agency's written premium over the 12 months ending with the period's last
 *   month; the limits are ascending whole dollars, band i holding premiums below limit i and at or
 *   above limit i - 1 (an agency without premium falls in the first band).
 */
import { LOSS_RATIO_NEGATIVE_ABOVE } from './measures.ts';

/** The figures benchmarked, in the order the page shows them. */
export const BENCHMARK_METRICS = ['growth', 'newBusinessShare', 'lossRatio', 'commissionRate'] as const;
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number];

export const BENCHMARK_METRIC_LABELS: Record<BenchmarkMetric, string> = {
  growth: 'Written premium growth',
  newBusinessShare: 'New business share',
  lossRatio: 'Loss ratio',
  commissionRate: 'Commission rate',
};

/** Default size-band limits in dollars: under $1M, $1–5M, $5–20M, $20M and over. */
export const DEFAULT_SIZE_BAND_LIMITS: readonly number[] = [1_000_000, 5_000_000, 20_000_000];

/** Default early-warning loss ratio: the spec's "above 55 negative" colouring threshold. */
export const DEFAULT_LOSS_RATIO_WARNING = LOSS_RATIO_NEGATIVE_ABOVE;

/** At most this many limits (so this many + 1 bands). */
export const MAX_SIZE_BAND_LIMITS = 8;
/** The largest limit a band may have, in dollars ($10 billion). */
export const MAX_SIZE_BAND_LIMIT = 10_000_000_000;

/** The band (0-based) of an agency's written premium, given ascending limits. */
export function sizeBandOf(writtenPremium: number | null, limits: readonly number[]): number {
  const premium = writtenPremium ?? 0;
  let band = 0;
  while (band < limits.length && premium >= limits[band]!) band += 1;
  return band;
}

const dollars = (n: number) =>
  n >= 1_000_000 ? `$${trim(n / 1_000_000)}M` : n >= 1_000 ? `$${trim(n / 1_000)}K` : `$${n}`;
const trim = (n: number) => String(Math.round(n * 100) / 100);

/** A band's label: "Under $1M", "$1M–$5M", "$20M and over". */
export function sizeBandLabel(band: number, limits: readonly number[]): string {
  if (limits.length === 0) return 'Every agency';
  if (band === 0) return `Under ${dollars(limits[0]!)}`;
  if (band >= limits.length) return `${dollars(limits[limits.length - 1]!)} and over`;
  return `${dollars(limits[band - 1]!)}–${dollars(limits[band]!)}`;
}

/** Why a list of limits cannot be saved, or null: whole dollars, ascending, positive, bounded. */
export function sizeBandLimitsProblem(limits: readonly number[]): string | null {
  if (limits.length > MAX_SIZE_BAND_LIMITS) return `At most ${MAX_SIZE_BAND_LIMITS} band limits.`;
  for (const [i, limit] of limits.entries()) {
    if (!Number.isInteger(limit) || limit <= 0)
      return 'Each band limit must be a whole number of dollars above 0.';
    if (limit > MAX_SIZE_BAND_LIMIT) return 'A band limit must be at most $10,000,000,000.';
    if (i > 0 && limit <= limits[i - 1]!) return 'Band limits must rise from one band to the next.';
  }
  return null;
}

export type Quartiles = { n: number; q1: number; median: number; q3: number };

/** The value at fraction `p` of the ordered values, interpolated (percentile_cont). */
function continuousPercentile(sorted: readonly number[], p: number): number {
  const position = p * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower]!;
  return low + (sorted[upper]! - low) * (position - lower);
}

/** The distribution of reported values (nulls left out); null when none is reported. */
export function quartilesOf(values: readonly (number | null)[]): Quartiles | null {
  return quartilesOfSorted(values.filter((v): v is number => v !== null).sort((a, b) => a - b));
}

/** The distribution of values already in ascending order; null when there are none. */
export function quartilesOfSorted(sorted: readonly number[]): Quartiles | null {
  if (sorted.length === 0) return null;
  return {
    n: sorted.length,
    q1: continuousPercentile(sorted, 0.25),
    median: continuousPercentile(sorted, 0.5),
    q3: continuousPercentile(sorted, 0.75),
  };
}

/** How many of the ascending `sorted` are strictly below `value` (binary search). */
export function countBelow(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The percentile rank of `value` among `band` (the reported values of its band, itself included):
 * the share of the others strictly below it, x 100. Null when the value is not reported or the band
 * holds no other reported value.
 */
export function percentileRank(value: number | null, band: readonly (number | null)[]): number | null {
  return rankInSorted(
    value,
    band.filter((v): v is number => v !== null).sort((a, b) => a - b),
  );
}

/** `percentileRank` over the band's reported values already in ascending order. */
export function rankInSorted(value: number | null, sortedBand: readonly number[]): number | null {
  if (value === null || sortedBand.length < 2) return null;
  return (countBelow(sortedBand, value) / (sortedBand.length - 1)) * 100;
}

/** Whether a higher figure is the better one (loss ratio: lower is better). */
export const HIGHER_IS_BETTER: Record<BenchmarkMetric, boolean> = {
  growth: true,
  newBusinessShare: true,
  lossRatio: false,
  commissionRate: true,
};

/** Growth in percent from summed premiums; null when the prior premium is not above zero. */
export function premiumGrowth(current: number | null, prior: number | null): number | null {
  if (current === null || prior === null || prior <= 0) return null;
  return ((current - prior) / prior) * 100;
}

/** New business as a share of written premium, in percent; null without positive written premium. */
export function newBusinessShare(newBusiness: number | null, written: number | null): number | null {
  if (newBusiness === null || written === null || written <= 0) return null;
  return (newBusiness / written) * 100;
}

/** Commission over the written premium it was paid on, in percent; null without positive premium. */
export function commissionRate(commission: number | null, written: number | null): number | null {
  if (commission === null || written === null || written <= 0) return null;
  return (commission / written) * 100;
}

export type WarningReason = 'lossRatio' | 'growth';

/**
 * An early warning on an agency's carrier or line: its loss ratio is above the network's threshold
 * and higher than in the prior period, or its written premium growth is below the network's first
 * quartile for that carrier or line.
 */
export function warningReasons(
  figures: { lossRatio: number | null; priorLossRatio: number | null; growth: number | null },
  threshold: number,
  growthFirstQuartile: number | null,
): WarningReason[] {
  const reasons: WarningReason[] = [];
  const { lossRatio, priorLossRatio, growth } = figures;
  if (lossRatio !== null && lossRatio > threshold && priorLossRatio !== null && lossRatio > priorLossRatio) {
    reasons.push('lossRatio');
  }
  if (growth !== null && growthFirstQuartile !== null && growth < growthFirstQuartile) reasons.push('growth');
  return reasons;
}

/** Bounds of the loss-ratio threshold a network may set, in percent. */
export const LOSS_RATIO_WARNING_MIN = 1;
export const LOSS_RATIO_WARNING_MAX = 500;

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOSS_RATIO_WARNING,
  DEFAULT_SIZE_BAND_LIMITS,
  commissionRate,
  newBusinessShare,
  percentileRank,
  premiumGrowth,
  quartilesOf,
  sizeBandLabel,
  sizeBandLimitsProblem,
  sizeBandOf,
  warningReasons,
} from './benchmarks.ts';

describe('quartiles', () => {
  it('interpolates between ordered values as percentile_cont', () => {
    // positions 0.75, 1.5, 2.25 over [1, 2, 3, 4]
    expect(quartilesOf([4, 1, 3, 2])).toEqual({ n: 4, q1: 1.75, median: 2.5, q3: 3.25 });
    expect(quartilesOf([10, 20, 30, 40, 50])).toEqual({ n: 5, q1: 20, median: 30, q3: 40 });
  });
  it('gives a single agency its own value for all three', () => {
    expect(quartilesOf([7.5])).toEqual({ n: 1, q1: 7.5, median: 7.5, q3: 7.5 });
  });
  it('leaves out values not reported, and has none without a reported value', () => {
    expect(quartilesOf([null, 2, null, 4])).toEqual({ n: 2, q1: 2.5, median: 3, q3: 3.5 });
    expect(quartilesOf([null, null])).toBeNull();
    expect(quartilesOf([])).toBeNull();
  });
  it('keeps ties and negative values', () => {
    expect(quartilesOf([5, 5, 5, -5])).toEqual({ n: 4, q1: 2.5, median: 5, q3: 5 });
  });
});

describe('percentile rank', () => {
  it('is the share of the others strictly below', () => {
    expect(percentileRank(30, [10, 20, 30, 40, 50])).toBe(50);
    expect(percentileRank(10, [10, 20, 30, 40, 50])).toBe(0);
    expect(percentileRank(50, [10, 20, 30, 40, 50])).toBe(100);
  });
  it('gives ties the lowest rank', () => {
    expect(percentileRank(20, [10, 20, 20, 30])).toBeCloseTo(100 / 3, 10);
    expect(percentileRank(5, [5, 5, 5])).toBe(0);
  });
  it('has none for an agency alone in its band, or not reported', () => {
    expect(percentileRank(12, [12])).toBeNull();
    expect(percentileRank(12, [12, null])).toBeNull();
    expect(percentileRank(null, [1, 2, 3])).toBeNull();
  });
  it('leaves the peers not reported out of the count', () => {
    expect(percentileRank(3, [1, null, 3, null])).toBe(100);
  });
});

describe('size bands', () => {
  it('puts a premium in the band below its first limit above it', () => {
    const limits = DEFAULT_SIZE_BAND_LIMITS;
    expect(sizeBandOf(999_999.99, limits)).toBe(0);
    expect(sizeBandOf(1_000_000, limits)).toBe(1);
    expect(sizeBandOf(4_999_999, limits)).toBe(1);
    expect(sizeBandOf(5_000_000, limits)).toBe(2);
    expect(sizeBandOf(20_000_000, limits)).toBe(3);
    expect(sizeBandOf(null, limits)).toBe(0);
    expect(sizeBandOf(-50, limits)).toBe(0);
    expect(sizeBandOf(123, [])).toBe(0);
  });
  it('names each band', () => {
    const limits = DEFAULT_SIZE_BAND_LIMITS;
    expect([0, 1, 2, 3].map((b) => sizeBandLabel(b, limits))).toEqual([
      'Under $1M',
      '$1M–$5M',
      '$5M–$20M',
      '$20M and over',
    ]);
    expect(sizeBandLabel(1, [250_000, 1_500_000])).toBe('$250K–$1.5M');
    expect(sizeBandLabel(0, [])).toBe('Every agency');
  });
  it('refuses limits that do not rise, are not whole dollars or are too many', () => {
    expect(sizeBandLimitsProblem([1_000_000, 5_000_000])).toBeNull();
    expect(sizeBandLimitsProblem([])).toBeNull();
    expect(sizeBandLimitsProblem([5, 5])).toMatch(/rise/);
    expect(sizeBandLimitsProblem([10, 5])).toMatch(/rise/);
    expect(sizeBandLimitsProblem([1.5])).toMatch(/whole/);
    expect(sizeBandLimitsProblem([0])).toMatch(/above 0/);
    expect(sizeBandLimitsProblem([1, 2, 3, 4, 5, 6, 7, 8, 9])).toMatch(/At most/);
  });
});

describe('figures', () => {
  it('takes ratios from summed amounts, none without a positive base', () => {
    expect(premiumGrowth(120, 100)).toBe(20);
    expect(premiumGrowth(120, 0)).toBeNull();
    expect(premiumGrowth(null, 100)).toBeNull();
    expect(newBusinessShare(25, 100)).toBe(25);
    expect(newBusinessShare(25, 0)).toBeNull();
    expect(commissionRate(12, 100)).toBe(12);
    expect(commissionRate(null, 100)).toBeNull();
  });
});

describe('early warning', () => {
  it("defaults to the spec's loss-ratio colour threshold", () => {
    expect(DEFAULT_LOSS_RATIO_WARNING).toBe(55);
  });
  it('warns on a loss ratio above the threshold and rising', () => {
    expect(warningReasons({ lossRatio: 60, priorLossRatio: 50, growth: null }, 55, null)).toEqual([
      'lossRatio',
    ]);
    expect(warningReasons({ lossRatio: 60, priorLossRatio: 70, growth: null }, 55, null)).toEqual([]);
    expect(warningReasons({ lossRatio: 55, priorLossRatio: 40, growth: null }, 55, null)).toEqual([]);
    expect(warningReasons({ lossRatio: 60, priorLossRatio: null, growth: null }, 55, null)).toEqual([]);
  });
  it('warns on growth below the first quartile', () => {
    expect(warningReasons({ lossRatio: null, priorLossRatio: null, growth: -3 }, 55, 1)).toEqual(['growth']);
    expect(warningReasons({ lossRatio: null, priorLossRatio: null, growth: 1 }, 55, 1)).toEqual([]);
    expect(warningReasons({ lossRatio: 80, priorLossRatio: 60, growth: -3 }, 55, 1)).toEqual([
      'lossRatio',
      'growth',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  asMillions,
  chartScale,
  distributionText,
  figureSummary,
  ordinal,
  parseLimits,
} from './benchmarks-model.ts';

const figure = {
  metric: 'lossRatio' as const,
  n: 5,
  q1: 40,
  median: 50,
  q3: 60,
  value: 70,
  bandN: 3,
  percentileRank: 100,
};

describe('benchmarks model', () => {
  it('writes a distribution whose negative quartiles stay readable', () => {
    expect(distributionText({ median: -20, q1: -22.8, q3: -16.5, n: 19 })).toBe(
      '-20.0% (-22.8% to -16.5%), 19',
    );
    expect(distributionText(figure)).toBe('50.0% (40.0% to 60.0%), 5');
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 62.4, 100].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '62nd',
      '100th',
    ]);
  });
  it('says a figure against its peers in words', () => {
    expect(figureSummary(figure)).toBe(
      'Loss ratio: 70.0%; network median 50.0% (first quartile 40.0%, third 60.0%, 5 agencies); 100th percentile of 3 in your band (lower is better)',
    );
    expect(figureSummary({ ...figure, value: null, percentileRank: null })).toMatch(/not reported/);
    expect(figureSummary({ ...figure, percentileRank: null })).toMatch(/No other agency/);
  });
  it('scales a chart to the quartiles and the value', () => {
    const [low, high] = chartScale(figure);
    expect(low).toBeLessThan(40);
    expect(high).toBeGreaterThan(70);
  });
  it('reads limits in millions of dollars', () => {
    expect(parseLimits('1, 5, 20')).toEqual([1_000_000, 5_000_000, 20_000_000]);
    expect(parseLimits('0.25 1.5')).toEqual([250_000, 1_500_000]);
    expect(parseLimits('')).toEqual([]);
    expect(parseLimits('1, five')).toBeNull();
    expect(asMillions([250_000, 1_500_000, 20_000_000])).toBe('0.25, 1.5, 20');
  });
});

import { describe, expect, it } from 'vitest';
import { niceTicks } from './svg-charts.tsx';

describe('niceTicks', () => {
  it('spans zero to a round value above the largest', () => {
    expect(niceTicks(12_345, 61_000_000, 5)).toEqual([0, 20_000_000, 40_000_000, 60_000_000, 80_000_000]);
  });

  it('takes in negative values, and zero stays a tick', () => {
    expect(niceTicks(-931_503, -12_000, 4)).toEqual([-1_000_000, -750_000, -500_000, -250_000, 0]);
    expect(niceTicks(-5, 12, 4)).toEqual([-5, 0, 5, 10, 15]);
  });

  it('draws an axis for a chart with no values', () => {
    expect(niceTicks(Infinity, -Infinity, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

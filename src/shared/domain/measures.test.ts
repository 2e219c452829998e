import { describe, expect, it } from 'vitest';
import { changePercent, lossRatio, newBusinessChangePercent, wholeDollars } from './measures.ts';

describe('measures', () => {
  it('computes the loss ratio from sums and leaves it empty without earned premium', () => {
    expect(lossRatio(55, 100)).toBeCloseTo(55);
    expect(lossRatio(150, 100)).toBeCloseTo(150);
    expect(lossRatio(10, 0)).toBeNull();
    expect(lossRatio(null, 100)).toBeNull();
    expect(lossRatio(10, null)).toBeNull();
  });

  it('computes change against the prior period, 0 when the prior is 0', () => {
    expect(changePercent(110, 100)).toBeCloseTo(10);
    expect(changePercent(90, 100)).toBeCloseTo(-10);
    expect(changePercent(50, 0)).toBe(0);
    expect(changePercent(-50, -100)).toBeCloseTo(-50);
    expect(changePercent(null, 100)).toBeNull();
    expect(changePercent(100, null)).toBeNull();
  });

  it('leaves new-business change empty when the prior is zero or less', () => {
    expect(newBusinessChangePercent(120, 100)).toBeCloseTo(20);
    expect(newBusinessChangePercent(120, 0)).toBeNull();
    expect(newBusinessChangePercent(120, -5)).toBeNull();
  });

  it('rounds to whole dollars half away from zero', () => {
    expect(wholeDollars(10.5)).toBe(11);
    expect(wholeDollars(10.49)).toBe(10);
    expect(wholeDollars(-10.5)).toBe(-11);
    expect(wholeDollars(-0.4)).toBe(0);
  });
});

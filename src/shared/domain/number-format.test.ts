import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from './number-format.ts';

describe('figures on screen', () => {
  it('reads a change that rounds to zero as 0.0%, never -0.0%', () => {
    expect(formatPercent(-0.04)).toBe('0.0%');
    expect(formatPercent(-0)).toBe('0.0%');
    expect(formatPercent(0.04)).toBe('0.0%');
    expect(formatPercent(-0.05)).toBe('-0.1%');
    expect(formatPercent(-3)).toBe('-3.0%');
    expect(formatPercent(12.345)).toBe('12.3%');
  });

  it('reads money that rounds to zero as $0, never -$0', () => {
    expect(formatMoney(-0.4)).toBe('$0');
    expect(formatMoney(-12)).toBe('-$12');
    expect(formatMoney(1234.5)).toBe('$1,235');
  });
});

import { describe, expect, it } from 'vitest';
import { DIGEST_FALLBACK_DAY, digestDue, digestPeriod } from './digest.ts';
import { monthDataComplete } from './reporting-health.ts';

const day = (year: number, month: number, d: number) => ({ year, month, day: d });
const never = () => false;
const always = () => true;

describe('the monthly digest: period and due rule', () => {
  it('reports the calendar month before today, across the year', () => {
    expect(digestPeriod(day(2026, 11, 1))).toBe('2026-10');
    expect(digestPeriod(day(2027, 1, 28))).toBe('2026-12');
  });

  it('on day N: due from that day of the next month, not before', () => {
    const setting = { mode: 'day', day: 5 } as const;
    expect(digestDue(setting, '2026-10', day(2026, 11, 4), always)).toBe(false);
    expect(digestDue(setting, '2026-10', day(2026, 11, 5), never)).toBe(true);
    expect(digestDue(setting, '2026-10', day(2026, 11, 30), never)).toBe(true);
    // Never in the month itself.
    expect(digestDue(setting, '2026-10', day(2026, 10, 31), always)).toBe(false);
  });

  it('when complete: as soon as every report arrived, else on the fallback day', () => {
    const setting = { mode: 'complete' } as const;
    expect(digestDue(setting, '2026-10', day(2026, 11, 2), always)).toBe(true);
    expect(digestDue(setting, '2026-10', day(2026, 11, DIGEST_FALLBACK_DAY - 1), never)).toBe(false);
    expect(digestDue(setting, '2026-10', day(2026, 11, DIGEST_FALLBACK_DAY), never)).toBe(true);
  });

  it('an older month is overdue whatever the setting; off is never due', () => {
    expect(digestDue({ mode: 'day', day: 28 }, '2026-09', day(2026, 11, 1), never)).toBe(true);
    expect(digestDue({ mode: 'complete' }, '2025-12', day(2026, 2, 1), never)).toBe(true);
    expect(digestDue({ mode: 'off' }, '2026-09', day(2026, 11, 30), always)).toBe(false);
  });

  it("a month is complete when every expected report was received (the monthly close's lines)", () => {
    expect(monthDataComplete([])).toBe(true);
    expect(monthDataComplete([{ status: 'received' }, { status: 'received' }])).toBe(true);
    for (const status of ['notDue', 'late', 'missing'] as const)
      expect(monthDataComplete([{ status: 'received' }, { status }])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { latestReportingMonth } from './reporting-month.ts';
import {
  arrivalStatus,
  closeProblems,
  closeStatusText,
  DEFAULT_LAG_DAYS,
  dueDate,
  expectedLatestMonth,
  lagDays,
  monthEnd,
  usualLag,
} from './reporting-health.ts';

describe('reporting health (decision 070)', () => {
  it('knows the last day of every month, leap years included', () => {
    expect(monthEnd('2026-01')).toEqual({ year: 2026, month: 1, day: 31 });
    expect(monthEnd('2026-02')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(monthEnd('2028-02')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(monthEnd('2026-12')).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it('counts the lag in days from the month end, never below zero', () => {
    expect(lagDays('2026-09', { year: 2026, month: 10, day: 20 })).toBe(20);
    expect(lagDays('2026-12', { year: 2027, month: 1, day: 1 })).toBe(1);
    expect(lagDays('2026-09', { year: 2026, month: 9, day: 15 })).toBe(0);
    expect(dueDate('2026-09', 20)).toEqual({ year: 2026, month: 10, day: 20 });
    expect(dueDate('2026-12', 45)).toEqual({ year: 2027, month: 2, day: 14 });
  });

  it('learns the median lag of the last twelve months, one (the first) arrival per month', () => {
    const samples = [
      { month: '2026-01' as const, lagDays: 10 },
      { month: '2026-02' as const, lagDays: 30 },
      { month: '2026-02' as const, lagDays: 12 }, // another agency got February sooner: 12 counts
      { month: '2026-03' as const, lagDays: 20 },
    ];
    expect(usualLag(samples)).toEqual({ days: 12, basis: 'history', months: 3 });
    // Even count: the mean of the two middle lags, rounded up.
    expect(usualLag([...samples, { month: '2026-04', lagDays: 25 }]).days).toBe(16);
    // Only the 12 most recent months count: 13 old months of 90 days then 12 of 20.
    const old = Array.from({ length: 13 }, (_, i) => ({
      month: `2024-${String((i % 12) + 1).padStart(2, '0')}` as const,
      lagDays: 90,
    }));
    const recent = Array.from({ length: 12 }, (_, i) => ({
      month: `2025-${String(i + 1).padStart(2, '0')}` as const,
      lagDays: 20,
    }));
    expect(usualLag([...old, ...recent])).toEqual({ days: 20, basis: 'history', months: 12 });
  });

  it('uses the stated default without enough history, and caps outliers', () => {
    expect(usualLag([])).toEqual({ days: DEFAULT_LAG_DAYS, basis: 'default', months: 0 });
    expect(
      usualLag([
        { month: '2026-01', lagDays: 80 },
        { month: '2026-02', lagDays: 80 },
      ]).basis,
    ).toBe('default');
    expect(
      usualLag([
        { month: '2026-01', lagDays: 5000 },
        { month: '2026-02', lagDays: 5000 },
        { month: '2026-03', lagDays: 5000 },
      ]).days,
    ).toBe(365);
  });

  it('with the default lag, expects the latest reporting month of DESIGN §6 on every day of a year', () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 14, 15, 16, 28]) {
        const today = { year: 2026, month, day };
        expect(expectedLatestMonth(today, DEFAULT_LAG_DAYS), `${month}/${day}`).toBe(
          latestReportingMonth(today),
        );
      }
    }
  });

  it('expects an earlier month of a slower carrier', () => {
    expect(expectedLatestMonth({ year: 2026, month: 11, day: 20 }, 45)).toBe('2026-09');
    expect(expectedLatestMonth({ year: 2026, month: 11, day: 20 }, 55)).toBe('2026-08');
    expect(expectedLatestMonth({ year: 2026, month: 11, day: 20 }, 0)).toBe('2026-10');
  });

  it('tells received, not due, late and missing apart', () => {
    const base = { month: '2026-09' as const, lag: 20, laterMonthArrived: false };
    expect(arrivalStatus({ ...base, arrived: true, today: { year: 2027, month: 1, day: 1 } })).toBe(
      'received',
    );
    expect(arrivalStatus({ ...base, arrived: false, today: { year: 2026, month: 10, day: 20 } })).toBe(
      'notDue',
    );
    expect(arrivalStatus({ ...base, arrived: false, today: { year: 2026, month: 10, day: 21 } })).toBe(
      'late',
    );
    expect(arrivalStatus({ ...base, arrived: false, today: { year: 2026, month: 11, day: 19 } })).toBe(
      'late',
    );
    expect(arrivalStatus({ ...base, arrived: false, today: { year: 2026, month: 11, day: 20 } })).toBe(
      'missing',
    );
    // A later month arrived: this one was skipped.
    expect(
      arrivalStatus({
        ...base,
        arrived: false,
        laterMonthArrived: true,
        today: { year: 2026, month: 10, day: 22 },
      }),
    ).toBe('missing');
  });

  it('lists what a line needs: blanks only count on a report that arrived', () => {
    expect(closeProblems({ status: 'received', unmappedValues: 0, blankValues: 0 })).toEqual([]);
    expect(closeProblems({ status: 'notDue', unmappedValues: 0, blankValues: 0 })).toEqual([]);
    expect(closeProblems({ status: 'received', unmappedValues: 2, blankValues: 3 })).toEqual([
      'unmapped',
      'blanks',
    ]);
    expect(closeProblems({ status: 'late', unmappedValues: 0, blankValues: 3 })).toEqual(['late']);
    expect(closeStatusText(['missing', 'unmapped'], 'missing')).toBe('Missing, Unmapped values');
    expect(closeStatusText([], 'notDue')).toBe('Not due yet');
    expect(closeStatusText([], 'received')).toBe('Received');
  });
});

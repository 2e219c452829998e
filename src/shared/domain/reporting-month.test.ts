import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMonths,
  calendarDateIn,
  latestReportingMonth,
  parseYearMonth,
  workingYear,
} from './reporting-month.ts';

describe('latestReportingMonth', () => {
  it.each([
    [{ year: 2026, month: 11, day: 22 }, '2026-10'],
    [{ year: 2026, month: 11, day: 10 }, '2026-09'],
    [{ year: 2026, month: 2, day: 15 }, '2025-12'],
    [{ year: 2026, month: 2, day: 16 }, '2026-01'],
    [{ year: 2026, month: 1, day: 1 }, '2025-11'],
    [{ year: 2026, month: 1, day: 16 }, '2025-12'],
  ])('%o -> %s (DESIGN §6 examples)', (today, expected) => {
    expect(latestReportingMonth(today)).toBe(expected);
  });

  it('gives the previous year as the working year until 15 February', () => {
    expect(workingYear({ year: 2026, month: 2, day: 15 })).toBe(2025);
    expect(workingYear({ year: 2026, month: 2, day: 16 })).toBe(2026);
  });
});

describe('addMonths', () => {
  it('crosses year boundaries both ways', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -36)).toBe('2023-03');
  });

  it('is undone by the opposite shift', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -500, max: 500 }),
        (y, m, n) => {
          const start = `${y}-${String(m).padStart(2, '0')}` as const;
          expect(addMonths(addMonths(start, n), -n)).toBe(start);
        },
      ),
    );
  });
});

describe('parseYearMonth', () => {
  it('refuses months outside 01..12 and other shapes', () => {
    expect(parseYearMonth('2026-00')).toBeNull();
    expect(parseYearMonth('2026-13')).toBeNull();
    expect(parseYearMonth('2026-1')).toBeNull();
    expect(parseYearMonth('2026-07')).toEqual({ year: 2026, month: 7 });
  });
});

describe('calendarDateIn', () => {
  it('reads the date in the given zone, not UTC', () => {
    // 03:00 UTC on 16 Feb is still 15 Feb in Chicago.
    expect(calendarDateIn('America/Chicago', new Date('2026-02-16T03:00:00Z'))).toEqual({
      year: 2026,
      month: 2,
      day: 15,
    });
  });
});

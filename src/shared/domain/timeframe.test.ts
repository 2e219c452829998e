import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, latestReportingMonth, workingYear, type YearMonth } from './reporting-month.ts';
import {
  type CalendarDay,
  type Timeframe,
  defaultTimeframe,
  firstDayOfMonth,
  formatTimeframeCode,
  isYearToDateRange,
  lastDayOfMonth,
  MANUAL_DATA_WARNING,
  monthsOf,
  parseTimeframe,
  presets,
  priorPeriod,
  resolveTimeframe,
  reportCountsManualEntries,
  showsManualDataWarning,
} from './timeframe.ts';

/** Latest reporting month 2026-10, working year 2026. */
const NOV_22: CalendarDay = { year: 2026, month: 11, day: 22 };
/** Latest reporting month 2026-09. */
const NOV_10: CalendarDay = { year: 2026, month: 11, day: 10 };
/** Latest reporting month 2025-12, working year 2025. */
const FEB_15: CalendarDay = { year: 2026, month: 2, day: 15 };
/** Latest reporting month 2026-01, working year 2026. */
const FEB_16: CalendarDay = { year: 2026, month: 2, day: 16 };
/** Latest reporting month 2025-11, working year 2025. */
const JAN_1: CalendarDay = { year: 2026, month: 1, day: 1 };

function parsed(code: string, today: CalendarDay = NOV_22): Timeframe {
  const tf = parseTimeframe(code, today);
  if (!tf) throw new Error(`expected ${code} to parse`);
  return tf;
}

describe('parseTimeframe: the URL shapes of spec part 1 §3', () => {
  it('reads ytd-{working year} as 1 January to the end of the latest reporting month', () => {
    expect(parseTimeframe('ytd-2026', NOV_22)).toEqual({
      name: 'YTD',
      code: 'ytd-2026',
      displayText: 'YTD 2026 through 2026-10',
      isYtd: true,
      startDate: '2026-01-01',
      endDate: '2026-10-31',
      startMonth: '2026-01',
      endMonth: '2026-10',
    });
  });

  it('reads ytd-{earlier year} as the whole year', () => {
    expect(parseTimeframe('ytd-2024', NOV_22)).toMatchObject({
      name: 'YTD',
      code: 'ytd-2024',
      isYtd: true,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      displayText: 'YTD 2024 through 2024-12',
    });
  });

  it('refuses ytd of a year after the working year', () => {
    expect(parseTimeframe('ytd-2027', NOV_22)).toBeNull();
    // Until 15 February the working year is the previous one.
    expect(parseTimeframe('ytd-2026', FEB_15)).toBeNull();
    expect(parsed('ytd-2025', FEB_15)).toMatchObject({ startMonth: '2025-01', endMonth: '2025-12' });
    expect(parsed('ytd-2026', FEB_16)).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      isYtd: true,
    });
  });

  it.each([
    ['P12M--2026-06', '12MM', '2025-07', '2026-06', '2025-07-01', '2026-06-30', '12 months ending 2026-06'],
    ['P24M--2026-06', '24MM', '2024-07', '2026-06', '2024-07-01', '2026-06-30', '24 months ending 2026-06'],
    ['P36M--2026-06', '36MM', '2023-07', '2026-06', '2023-07-01', '2026-06-30', '36 months ending 2026-06'],
    ['P12M--2026-10', '12MM', '2025-11', '2026-10', '2025-11-01', '2026-10-31', '12 months ending 2026-10'],
    ['P12M--2026-01', '12MM', '2025-02', '2026-01', '2025-02-01', '2026-01-31', '12 months ending 2026-01'],
  ])(
    'reads %s as rolling months ending then, inclusive',
    (code, name, start, end, startDate, endDate, text) => {
      expect(parseTimeframe(code, NOV_22)).toEqual({
        name,
        code,
        displayText: text,
        isYtd: false,
        startDate,
        endDate,
        startMonth: start,
        endMonth: end,
      });
    },
  );

  it('reads 7 characters YYYY-MM as one month', () => {
    expect(parseTimeframe('2026-03', NOV_22)).toEqual({
      name: 'Monthly',
      code: '2026-03',
      displayText: '2026-03',
      isYtd: false,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      startMonth: '2026-03',
      endMonth: '2026-03',
    });
  });

  it('reads 16 characters YYYY-MM--YYYY-MM as an inclusive custom range', () => {
    expect(parseTimeframe('2025-01--2025-06', NOV_22)).toEqual({
      name: 'Custom',
      code: '2025-01--2025-06',
      displayText: '2025-01 to 2025-06',
      isYtd: false,
      startDate: '2025-01-01',
      endDate: '2025-06-30',
      startMonth: '2025-01',
      endMonth: '2025-06',
    });
    expect(parsed('2024-11--2025-02')).toMatchObject({ startDate: '2024-11-01', endDate: '2025-02-28' });
    expect(parsed('2025-04--2025-04')).toMatchObject({
      name: 'Custom',
      startMonth: '2025-04',
      endMonth: '2025-04',
    });
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['unknown'],
    ['ytd-'],
    ['ytd-20x6'],
    ['ytd-26'],
    ['ytd-02026'],
    ['YTD-2026'],
    ['ytd-2026 '],
    ['ytd2026'],
    ['P12M-2026-06'],
    ['P12M---2026-06'],
    ['P13M--2026-06'],
    ['P6M--2026-06'],
    ['P48M--2026-06'],
    ['p12m--2026-06'],
    ['P12M--2026-13'],
    ['P12M--2026-6'],
    ['P12M--2026-06 '],
    ['2026-13'],
    ['2026-00'],
    ['2026-1'],
    ['26-01'],
    ['2026/01'],
    ['202601'],
    [' 2026-01'],
    ['2026-01 '],
    ['2026-01\n'],
    ['2026-01-01'],
    ['2026-01--2025-12'],
    ['2026-01--2026-1'],
    ['2026-1--2026-01'],
    ['2026-01-2026-02'],
    ['2026-01---2026-02'],
    ['2026-01 -- 2026-02'],
    ['2025-00--2025-06'],
    ['2025-01--2025-13'],
    ['2026-01--'],
    ['--2026-01'],
    ['1899-12'],
    ['1899-12--1900-06'],
    ['P12M--1900-06'],
  ])('treats %j as none', (code) => {
    expect(parseTimeframe(code, NOV_22)).toBeNull();
  });

  it('refuses timeframes ending after the latest reporting month (no data can exist yet)', () => {
    expect(parsed('2026-10', NOV_22).endDate).toBe('2026-10-31');
    expect(parseTimeframe('2026-11', NOV_22)).toBeNull();
    expect(parseTimeframe('2026-10', NOV_10)).toBeNull();
    expect(parsed('2026-09', NOV_10).endMonth).toBe('2026-09');
    expect(parseTimeframe('P12M--2026-11', NOV_22)).toBeNull();
    expect(parseTimeframe('P36M--2027-01', NOV_22)).toBeNull();
    expect(parseTimeframe('2026-01--2026-11', NOV_22)).toBeNull();
    expect(parseTimeframe('2026-01', FEB_15)).toBeNull();
    expect(parsed('2026-01', FEB_16).endMonth).toBe('2026-01');
  });

  it('accepts the earliest month, 1900-01', () => {
    expect(parsed('1900-01').startDate).toBe('1900-01-01');
    expect(parsed('P12M--1900-12').startMonth).toBe('1900-01');
    expect(parsed('ytd-1900').endDate).toBe('1900-12-31');
  });

  it('ignores the day of month except for the 15th-of-month rule', () => {
    expect(parsed('ytd-2026', { year: 2026, month: 11, day: 15 }).endMonth).toBe('2026-09');
    expect(parsed('ytd-2026', { year: 2026, month: 11, day: 16 }).endMonth).toBe('2026-10');
    expect(parsed('ytd-2026', { year: 2026, month: 11, day: 30 }).endMonth).toBe('2026-10');
  });
});

describe('month-end dates', () => {
  it.each([
    ['2024-02', '2024-02-29'],
    ['2025-02', '2025-02-28'],
    ['2000-02', '2000-02-29'],
    ['1900-02', '1900-02-28'],
    ['2025-04', '2025-04-30'],
    ['2025-06', '2025-06-30'],
    ['2025-09', '2025-09-30'],
    ['2025-11', '2025-11-30'],
    ['2025-01', '2025-01-31'],
    ['2025-12', '2025-12-31'],
  ])('%s ends on %s', (month, last) => {
    expect(lastDayOfMonth(month as YearMonth)).toBe(last);
  });

  it('uses them in parsed timeframes, February of leap years included', () => {
    expect(parsed('2024-02').endDate).toBe('2024-02-29');
    expect(parsed('2023-02').endDate).toBe('2023-02-28');
    expect(parsed('P12M--2024-02').endDate).toBe('2024-02-29');
    expect(parsed('2023-12--2024-02')).toMatchObject({ startDate: '2023-12-01', endDate: '2024-02-29' });
  });

  it('starts months on the 1st and refuses non-months', () => {
    expect(firstDayOfMonth('2024-02')).toBe('2024-02-01');
    expect(() => lastDayOfMonth('2024-13')).toThrow(RangeError);
  });
});

describe('defaultTimeframe (DESIGN §6)', () => {
  it.each([
    [NOV_22, 'ytd-2026', '2026-01-01', '2026-10-31'],
    [NOV_10, 'ytd-2026', '2026-01-01', '2026-09-30'],
    [FEB_15, 'ytd-2025', '2025-01-01', '2025-12-31'],
    [FEB_16, 'ytd-2026', '2026-01-01', '2026-01-31'],
    [JAN_1, 'ytd-2025', '2025-01-01', '2025-11-30'],
    [{ year: 2026, month: 1, day: 16 }, 'ytd-2025', '2025-01-01', '2025-12-31'],
    [{ year: 2024, month: 3, day: 16 }, 'ytd-2024', '2024-01-01', '2024-02-29'],
  ])('on %o is %s, %s to %s', (today, code, startDate, endDate) => {
    expect(defaultTimeframe(today)).toMatchObject({ name: 'YTD', code, startDate, endDate, isYtd: true });
  });

  it('is what ytd-{working year} parses to', () => {
    expect(defaultTimeframe(NOV_22)).toEqual(parseTimeframe('ytd-2026', NOV_22));
  });

  it('stands in for a code that is none', () => {
    expect(resolveTimeframe('unknown', NOV_22)).toEqual(defaultTimeframe(NOV_22));
    expect(resolveTimeframe(null, NOV_22)).toEqual(defaultTimeframe(NOV_22));
    expect(resolveTimeframe('2026-13', NOV_22)).toEqual(defaultTimeframe(NOV_22));
    expect(resolveTimeframe('2026-03', NOV_22).code).toBe('2026-03');
  });
});

describe('isYtd', () => {
  it('is true from 1 January to 31 December of one year, whatever the shape', () => {
    expect(parsed('ytd-2025').isYtd).toBe(true);
    expect(parsed('2025-01--2025-12').isYtd).toBe(true);
    expect(parsed('P12M--2025-12').isYtd).toBe(true);
  });

  it('is true from 1 January of the working year to the latest reporting month', () => {
    expect(parsed('2026-01--2026-10', NOV_22).isYtd).toBe(true);
    expect(parsed('2026-01', FEB_16).isYtd).toBe(true);
    expect(parsed('2025-01--2025-11', JAN_1).isYtd).toBe(true);
  });

  it('is false otherwise', () => {
    expect(parsed('2026-01--2026-09', NOV_22).isYtd).toBe(false); // stops before the latest month
    expect(parsed('2026-02--2026-10', NOV_22).isYtd).toBe(false); // starts after January
    expect(parsed('2025-01--2025-10', NOV_22).isYtd).toBe(false); // earlier year, not to December
    expect(parsed('2025-01--2026-10', NOV_22).isYtd).toBe(false); // spans two years
    expect(parsed('2025-12--2026-10', NOV_22).isYtd).toBe(false);
    expect(parsed('2026-01', NOV_22).isYtd).toBe(false);
    expect(parsed('P12M--2026-10', NOV_22).isYtd).toBe(false);
  });

  it('follows the 15th-of-month rule', () => {
    expect(isYearToDateRange('2026-01', '2026-09', NOV_10)).toBe(true);
    expect(isYearToDateRange('2026-01', '2026-09', NOV_22)).toBe(false);
    expect(isYearToDateRange('2025-01', '2025-12', FEB_15)).toBe(true);
    expect(isYearToDateRange('2026-01', '2026-01', FEB_15)).toBe(false);
    expect(isYearToDateRange('2026-01', '2026-01', FEB_16)).toBe(true);
  });
});

describe('formatTimeframeCode', () => {
  it('writes each shape', () => {
    expect(formatTimeframeCode({ name: 'YTD', startMonth: '2026-01', endMonth: '2026-10' })).toBe('ytd-2026');
    expect(formatTimeframeCode({ name: '24MM', startMonth: '2024-07', endMonth: '2026-06' })).toBe(
      'P24M--2026-06',
    );
    expect(formatTimeframeCode({ name: 'Monthly', startMonth: '2026-03', endMonth: '2026-03' })).toBe(
      '2026-03',
    );
    expect(formatTimeframeCode({ name: 'Custom', startMonth: '2025-01', endMonth: '2025-06' })).toBe(
      '2025-01--2025-06',
    );
  });

  const day = fc.record({
    year: fc.integer({ min: 1990, max: 2090 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  });

  /** A valid code for `today`: every shape, ending at or before the latest reporting month. */
  const validCode = day.chain((today) => {
    const latest = latestReportingMonth(today);
    const year = workingYear(today);
    const monthBack = fc.integer({ min: 0, max: 600 }).map((n) => addMonths(latest, -n));
    return fc.tuple(
      fc.constant(today),
      fc.oneof(
        fc.integer({ min: year - 80, max: year }).map((y) => `ytd-${y}`),
        fc.tuple(fc.constantFrom(12, 24, 36), monthBack).map(([n, end]) => `P${n}M--${end}`),
        monthBack,
        fc
          .tuple(monthBack, fc.integer({ min: 0, max: 120 }))
          .map(([end, length]) => `${addMonths(end, -length)}--${end}`),
      ),
    );
  });

  it('round-trips with parseTimeframe for every valid code', () => {
    fc.assert(
      fc.property(validCode, ([today, code]) => {
        const tf = parseTimeframe(code, today);
        expect(tf).not.toBeNull();
        expect(tf!.code).toBe(code);
        expect(formatTimeframeCode(tf!)).toBe(code);
        expect(parseTimeframe(formatTimeframeCode(tf!), today)).toEqual(tf);
      }),
    );
  });

  it('gives consistent timeframes for every valid code', () => {
    fc.assert(
      fc.property(validCode, ([today, code]) => {
        const tf = parseTimeframe(code, today)!;
        const months = monthsOf(tf);
        expect(months[0]).toBe(tf.startMonth);
        expect(months.at(-1)).toBe(tf.endMonth);
        expect(tf.startDate).toBe(`${tf.startMonth}-01`);
        expect(tf.endDate.slice(0, 7)).toBe(tf.endMonth);
        expect(tf.startDate <= tf.endDate).toBe(true);
        expect(tf.endMonth <= latestReportingMonth(today)).toBe(true);
        expect(tf.displayText).toMatch(/^[A-Za-z0-9 -]+$/);
        if (tf.name === '12MM' || tf.name === '24MM' || tf.name === '36MM') {
          expect(months).toHaveLength(Number(tf.name.slice(0, 2)));
        }
      }),
    );
  });

  it('accepts only canonical codes: any string is refused or formats back to itself', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^(ytd-|P\d{2}M--)?\d{4}-\d{1,2}(--\d{4}-\d{1,2})?$/),
          fc.stringMatching(/^ytd-\d{1,5}$/),
        ),
        (code) => {
          const tf = parseTimeframe(code, NOV_22);
          if (tf) expect(formatTimeframeCode(tf)).toBe(code);
        },
      ),
    );
  });
});

describe('priorPeriod', () => {
  it('is the same months one year earlier, across year boundaries', () => {
    expect(priorPeriod(parsed('P12M--2026-06'))).toEqual({
      name: '12MM',
      code: 'P12M--2025-06',
      displayText: '12 months ending 2025-06',
      isYtd: false,
      startDate: '2024-07-01',
      endDate: '2025-06-30',
      startMonth: '2024-07',
      endMonth: '2025-06',
    });
    expect(priorPeriod(parsed('2025-11--2026-02'))).toMatchObject({
      name: 'Custom',
      code: '2024-11--2025-02',
      startDate: '2024-11-01',
      endDate: '2025-02-28',
    });
    expect(priorPeriod(parsed('2026-01'))).toMatchObject({ name: 'Monthly', code: '2025-01' });
    expect(priorPeriod(parsed('P36M--2026-10'))).toMatchObject({
      startMonth: '2022-11',
      endMonth: '2025-10',
    });
  });

  it('moves February 29 to February 28 and back', () => {
    expect(priorPeriod(parsed('2024-02')).endDate).toBe('2023-02-28');
    expect(priorPeriod(parsed('2025-02')).endDate).toBe('2024-02-29');
  });

  it('keeps a whole-year YTD a YTD', () => {
    expect(priorPeriod(parsed('ytd-2025'))).toMatchObject({
      name: 'YTD',
      code: 'ytd-2024',
      displayText: 'YTD 2024 through 2024-12',
      isYtd: true,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
  });

  it('turns a partial YTD into the same custom months of the previous year, still year-to-date', () => {
    expect(priorPeriod(defaultTimeframe(NOV_22))).toEqual({
      name: 'Custom',
      code: '2025-01--2025-10',
      // Worded as the full year's prior is.
      displayText: 'YTD 2025 through 2025-10',
      isYtd: true,
      startDate: '2025-01-01',
      endDate: '2025-10-31',
      startMonth: '2025-01',
      endMonth: '2025-10',
    });
  });

  it('always shifts every month by twelve and gives a code with the same months', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('range', 'month', 'ytd', 'P12M', 'P24M', 'P36M'),
        (back, length, shape) => {
          const end = addMonths('2026-10', -back);
          const code = {
            range: `${addMonths(end, -length)}--${end}`,
            month: end,
            ytd: `ytd-${end.slice(0, 4)}`,
            P12M: `P12M--${end}`,
            P24M: `P24M--${end}`,
            P36M: `P36M--${end}`,
          }[shape];
          const tf = parsed(code);
          const prior = priorPeriod(tf);
          expect(monthsOf(prior)).toEqual(monthsOf(tf).map((m) => addMonths(m, -12)));
          expect(prior.isYtd).toBe(tf.isYtd);
          expect(prior.code).toBe(formatTimeframeCode(prior));
          expect(parsed(prior.code)).toMatchObject({
            startMonth: prior.startMonth,
            endMonth: prior.endMonth,
          });
        },
      ),
    );
  });
});

describe('presets', () => {
  it('offers YTD of the working year, then 12, 24 and 36 months ending the latest month', () => {
    expect(presets(NOV_22).map((p) => [p.name, p.code, p.startDate, p.endDate])).toEqual([
      ['YTD', 'ytd-2026', '2026-01-01', '2026-10-31'],
      ['12MM', 'P12M--2026-10', '2025-11-01', '2026-10-31'],
      ['24MM', 'P24M--2026-10', '2024-11-01', '2026-10-31'],
      ['36MM', 'P36M--2026-10', '2023-11-01', '2026-10-31'],
    ]);
  });

  it('follows the 15th-of-month rule', () => {
    expect(presets(FEB_15).map((p) => p.code)).toEqual([
      'ytd-2025',
      'P12M--2025-12',
      'P24M--2025-12',
      'P36M--2025-12',
    ]);
    expect(presets(FEB_16).map((p) => p.code)).toEqual([
      'ytd-2026',
      'P12M--2026-01',
      'P24M--2026-01',
      'P36M--2026-01',
    ]);
  });

  it('parse back to themselves', () => {
    for (const preset of presets(NOV_10)) expect(parseTimeframe(preset.code, NOV_10)).toEqual(preset);
  });
});

describe('monthsOf', () => {
  it('lists every month, oldest first, across years', () => {
    expect(monthsOf(parsed('2025-11--2026-02'))).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf(parsed('2026-03'))).toEqual(['2026-03']);
    expect(monthsOf(parsed('P12M--2026-06'))).toHaveLength(12);
    expect(monthsOf(parsed('ytd-2026'))).toHaveLength(10);
  });
});

describe('showsManualDataWarning (spec part 1 §5)', () => {
  it('has the exact text', () => {
    expect(MANUAL_DATA_WARNING).toBe('*Manually entered Carrier Production Data will not be returned');
  });

  it('shows for a single month or a custom range that is not year-to-date', () => {
    expect(showsManualDataWarning(parsed('2026-03'))).toBe(true);
    expect(showsManualDataWarning(parsed('2025-01--2025-06'))).toBe(true);
    expect(showsManualDataWarning(parsed('2025-12--2026-10'))).toBe(true);
    expect(showsManualDataWarning(parsed('2025-10--2026-10'))).toBe(true); // 13 months
  });

  it('counts a shared rolling link ending before the latest month, without a warning', () => {
    // P12M--2026-03 on 2026-11-22 (latest month 2026-10): the server counts its manual entries, and
    // the selector shows no warning.
    const shared = parsed('P12M--2026-03');
    expect(reportCountsManualEntries(shared, [])).toBe(true);
    expect(showsManualDataWarning(shared)).toBe(false);
  });

  it("counts a custom range of exactly a preset's months, without a warning", () => {
    // 2025-11--2026-10: the months of P12M--2026-10, typed as a range.
    const custom = parsed('2025-11--2026-10');
    expect(custom.name).toBe('Custom');
    expect(reportCountsManualEntries(custom, [])).toBe(true);
    expect(showsManualDataWarning(custom)).toBe(false);
  });

  it('the warning is shown exactly when a report without standard types leaves manual entries out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 40 }), (back, length) => {
        const end = addMonths('2026-10', -back);
        const tf = parsed(`${addMonths(end, -length)}--${end}`);
        expect(showsManualDataWarning(tf)).toBe(!reportCountsManualEntries(tf, []));
        expect(reportCountsManualEntries(tf, ['HO'])).toBe(false);
      }),
    );
  });

  it('does not show for year-to-date or the rolling presets', () => {
    expect(showsManualDataWarning(parsed('ytd-2026'))).toBe(false);
    expect(showsManualDataWarning(parsed('ytd-2024'))).toBe(false);
    expect(showsManualDataWarning(parsed('P12M--2026-06'))).toBe(false);
    expect(showsManualDataWarning(parsed('P24M--2026-10'))).toBe(false);
    expect(showsManualDataWarning(parsed('P36M--2025-03'))).toBe(false);
    expect(showsManualDataWarning(parsed('2025-01--2025-12'))).toBe(false);
    expect(showsManualDataWarning(parsed('2026-01--2026-10'))).toBe(false);
    expect(showsManualDataWarning(parsed('2026-01', FEB_16))).toBe(false);
    for (const preset of presets(NOV_22)) expect(showsManualDataWarning(preset)).toBe(false);
  });

  it('does not show without a timeframe (the default, a YTD, applies)', () => {
    expect(showsManualDataWarning(null)).toBe(false);
  });
});

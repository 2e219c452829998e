import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateOrderHint,
  decimalHint,
  monthStart,
  parseAmount,
  parseMonth,
  quickAmount,
  readAmount,
  type DateOrder,
  type DecimalSeparator,
} from './import-values.ts';

const amount = (raw: string, decimal: DecimalSeparator | null = 'point') => {
  const r = parseAmount(raw, decimal);
  return r.ok ? r.value : `error: ${r.reason}`;
};
const month = (raw: string, order: DateOrder | null = null) => {
  const r = parseMonth(raw, order);
  return r.ok ? monthStart(r.value) : `error: ${r.reason}`;
};

describe('parseAmount', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['$1,234.56', '1234.56'],
    ['  $ 1,234,567.8 ', '1234567.80'],
    ['(1,234.56)', '-1234.56'],
    ['$(1,234.56)', '-1234.56'],
    ['($1,234.56)', '-1234.56'],
    ['-$12', '-12.00'],
    ['$-12', '-12.00'],
    ['12.00-', '-12.00'],
    ['USD 99.9', '99.90'],
    ['1 234.50', '1234.50'],
    ['1\u00a0234.50', '1234.50'],
    ['.5', '0.50'],
    ['7.', '7.00'],
    ['0', '0.00'],
    ['0.00', '0.00'],
    ['$ -', '0.00'],
    ['-', '0.00'],
    ['(0.00)', '0.00'],
    ['1234.5600000000001', '1234.56'],
    ['1234.5599999999999', '1234.56'],
    ['12.3000', '12.30'],
    ['1,234.56 CR', '-1234.56'],
    ['1,234.56CR', '-1234.56'],
    ['$12.00 cr', '-12.00'],
    ['+1,234.56', '1234.56'],
    ['+$5', '5.00'],
    ['1.2e3', '1200.00'],
    ['99999999999999.99', '99999999999999.99'],
  ])('reads %j as %s', (raw, expected) => {
    expect(amount(raw)).toBe(expected);
  });

  it.each(['', '   ', 'N/A', 'n/a', 'NULL', '#N/A'])('reads %j as not reported (null), never zero', (raw) => {
    expect(amount(raw)).toBeNull();
  });

  it.each(['2.675', '-2.675', '0.005', '0.004', '12.345', '1234.5600001'])(
    'refuses %j, which has more than two decimals, rather than round it',
    (raw) => {
      expect(amount(raw)).toBe(
        `error: "${raw}" has more than two decimals: amounts are loaded to the cent, never rounded.`,
      );
    },
  );

  it.each([
    ['12.345', '12345.00'],
    ['1.234,56', '1234.56'],
    ['1.234.567,8', '1234567.80'],
    ['12,5', '12.50'],
    ['(1.234,56)', '-1234.56'],
    ['1 234,56 CR', '-1234.56'],
    ['$ 397.542', '397542.00'],
  ])('reads %j with a decimal comma as %s', (raw, expected) => {
    expect(amount(raw, 'comma')).toBe(expected);
  });

  it.each([
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1.234.567', '1234567.00'],
    ['1,234,567', '1234567.00'],
    ['12,5', '12.50'],
    ['12.5', '12.50'],
    ['1234', '1234.00'],
  ])('reads %j by its own separators when the file has not declared one', (raw, expected) => {
    expect(amount(raw, null)).toBe(expected);
  });

  it.each(['12.345', '1,234', '-$397.542'])(
    'refuses %j as ambiguous when no separator is declared',
    (raw) => {
      expect(amount(raw, null)).toBe(
        `error: "${raw}" could be read with a decimal point or a decimal comma: declare the file's decimal separator.`,
      );
    },
  );

  it.each([
    ['1,234.56', 'point'],
    ['1.234,56', 'comma'],
    ['1.234.567', 'comma'],
    ['1,234,567', 'point'],
    ['12.5', 'point'],
    ['12,50', 'comma'],
    ['12.345', 'ambiguous'],
    ['$1,234', 'ambiguous'],
    ['1234', null],
    ['', null],
  ])('sees in %j the separator %s', (raw, expected) => {
    expect(decimalHint(raw)).toBe(expected);
  });

  it.each(['abc', '12,34', '1.2.3', '$$5', '1,2345.00', '5 dollars', '--5', '(5', 'CR', '+', '+-5'])(
    'refuses %j naming it',
    (raw) => {
      expect(amount(raw)).toBe(`error: "${raw.trim()}" is not an amount.`);
    },
  );

  it.each(['100000000000000', '-999999999999999.99', '$123,456,789,012,345.00'])(
    'refuses %j as too large for the facts, naming it',
    (raw) => {
      expect(amount(raw)).toBe(
        `error: "${raw}" is too large an amount (at most 14 digits before the point).`,
      );
    },
  );

  it.each([
    ['1234.56', '1234.56'],
    ['-1234.56', '-1234.56'],
    ['0', '0.00'],
    ['12.5', '12.50'],
    ['$1,829.87', '1829.87'],
    ['($1,234.5)', '-1234.50'],
    ['-$0.00', '0.00'],
    ['', null],
  ])('reads the common shape %j by the quick path', (raw, expected) => {
    expect(quickAmount(raw)).toBe(expected);
  });

  it.each([' 5', '1.234', '007', '12,34', '$-12', '(-5)', '-0.50', '1e3', '100000000000000'])(
    'leaves %j to the general path',
    (raw) => {
      expect(quickAmount(raw)).toBeUndefined();
    },
  );

  it('answers on the quick path what the general path answers', () => {
    const digits = (min: number, max: number) =>
      fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const whole = fc.oneof(
      digits(0, 16),
      // Thousands separated by ',' (sometimes misplaced).
      fc
        .tuple(digits(1, 4), fc.array(digits(2, 4), { minLength: 1, maxLength: 4 }))
        .map(([head, groups]) => [head, ...groups].join(',')),
    );
    const shape = fc.record({
      prefix: fc.constantFrom('', '', '-', '(', '$', '-$', '($', '$-', '$(', ' ', '--'),
      whole,
      point: fc.constantFrom('', '.', '.'),
      fraction: digits(0, 4),
      suffix: fc.constantFrom('', '', '', ')', '-', ' '),
    });
    fc.assert(
      fc.property(shape, ({ prefix, whole, point, fraction, suffix }) => {
        const raw = `${prefix}${whole}${point}${point ? fraction : ''}${suffix}`;
        const quick = quickAmount(raw);
        if (quick !== undefined) expect({ ok: true, value: quick }).toEqual(readAmount(raw));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('parseMonth', () => {
  it.each([
    ['2025-03', '2025-03-01'],
    ['2025-03-31', '2025-03-01'],
    ['2025/3/31', '2025-03-01'],
    ['2025-03-31T00:00:00.000Z', '2025-03-01'],
    ['03/2025', '2025-03-01'],
    ['3/2025', '2025-03-01'],
    ['3/31/2025', '2025-03-01'],
    ['31/03/2025', '2025-03-01'],
    ['01.10.2026', '2026-10-01'],
    ['05/05/2026', '2026-05-01'],
    ['202503', '2025-03-01'],
    ['Mar 2025', '2025-03-01'],
    ['March 2025', '2025-03-01'],
    ['Mar-25', '2025-03-01'],
    ["Sept '24", '2024-09-01'],
    ['Sep. 2024', '2024-09-01'],
    ['2025 M03', '2025-03-01'],
    ['2025 March', '2025-03-01'],
    ['45717', '2025-03-01'],
    ['YTD through 03/2025', '2025-03-01'],
    ['Thru March 2025', '2025-03-01'],
    ['Year-to-date as of 2025-06', '2025-06-01'],
  ])('reads %j as %s', (raw, expected) => {
    expect(month(raw)).toBe(expected);
  });

  it.each(['13/2025', '2025-13', 'Marchish 2025', 'next month', '12345', '0/2025', 'Ma 2025'])(
    'refuses %j',
    (raw) => {
      expect(month(raw)).toBe(`error: "${raw}" is not a month.`);
    },
  );

  it.each([
    ['01/10/2026', 'day-first', '2026-10-01'],
    ['01/10/2026', 'month-first', '2026-01-01'],
    ['01.10.2026', 'month-first', '2026-01-01'],
    ['12/01/24', 'month-first', '2024-12-01'],
    ['12/01/24', 'day-first', '2024-01-01'],
    ['03/2025', 'day-first', '2025-03-01'],
  ] as const)('reads %j %s as %s', (raw, order, expected) => {
    expect(month(raw, order)).toBe(expected);
  });

  it.each(['01/10/2026', '12/01/24', '3-4-2026'])(
    'refuses %j as ambiguous when the date order is not declared',
    (raw) => {
      expect(month(raw)).toBe(
        `error: "${raw}" could be day first or month first: declare the file's date order.`,
      );
    },
  );

  it('refuses a day-first date read month first', () => {
    expect(month('31/01/2026', 'month-first')).toBe('error: "31/01/2026" is not a month.');
  });

  it.each([
    ['31/01/2026', 'day-first'],
    ['01/31/2026', 'month-first'],
    ['01.10.2026', 'day-first'],
    ['01/10/2026', 'ambiguous'],
    ['07/07/2026', null],
    ['2026-01-31', null],
    ['03/2026', null],
  ])('sees in %j the date order %s', (raw, expected) => {
    expect(dateOrderHint(raw)).toBe(expected);
  });

  it('names a blank month', () => {
    expect(month('  ')).toBe('error: The month is blank.');
  });
});

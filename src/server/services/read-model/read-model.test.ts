import { describe, expect, it } from 'vitest';
import { CodeFigures } from './read-model.ts';

/** A row of the codes statement with every figure `text`, but the prior written premium not reported. */
const row = (text: string) => ({
  group_uuid: 'c1',
  agency_uuid: 'a1',
  carrier_uuid: 'k1',
  lower_code: '001',
  lower_name: 'main',
  lower_agency_name: 'agency',
  written_premium: text,
  prior_written_premium: null,
  new_written_premium: text,
  prior_new_written_premium: text,
  earned: text,
  prior_earned: text,
  incurred: text,
  prior_incurred: text,
});

const centsOf = (text: string) => new CodeFigures([row(text)]).rows()[0]!.cents;

describe('a code figure read as whole cents', () => {
  it.each([
    ['12', 1200],
    ['0.5', 50],
    ['123.45', 12345],
    ['-0.05', -5],
    ['-1234567.8', -123456780],
    ['90071992547409.91', 9007199254740991],
  ])('%s is %d cents, and a figure not reported is NaN', (text, cents) => {
    const figures = centsOf(text);
    expect(figures[0]).toBe(cents);
    expect(figures[1]).toBeNaN();
    expect(figures.slice(2)).toEqual(Array(6).fill(cents));
  });

  it.each(['', '-', '.5', '1.', '1.234', '1,000.00', '+1', '1e3', ' 1', '12.3.4'])(
    '%j is not an amount of money',
    (text) => {
      expect(() => centsOf(text)).toThrow(`not an amount of money: ${text}`);
    },
  );

  it('refuses an amount past the largest exact whole number of cents', () => {
    expect(() => centsOf('90071992547409.92')).toThrow('amount out of range: 90071992547409.92');
    expect(() => centsOf('123456789012345678.00')).toThrow('amount out of range');
  });
});

import { describe, expect, it } from 'vitest';
import {
  carrierEntryFormSchema,
  carrierEntryRequestSchema,
  dollarsOf,
  offeredMonths,
  offeredYears,
  percentOf,
  type CarrierEntryForm,
} from './manual-entry.ts';

const today = { year: 2026, month: 11, day: 22 };
const form: CarrierEntryForm = {
  carrier: 'Acme Mutual',
  carrierUuid: '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0001',
  subCodeUuid: null,
  subcodeParent: null,
  subCode: 'HAWK-01',
  policyType: 'PL',
  month: 3,
  year: 2026,
  writtenPremium: '1000',
  newBusiness: '',
  mover: '',
  incurredLoss: '',
  earnedPremium: '',
  lossRatio: '',
  radio: 'incurredLossEarnedPremium',
};

/** The field messages of the form for `overrides`, or {} when it is valid. */
function messages(overrides: Partial<Record<keyof CarrierEntryForm, unknown>>): Record<string, string> {
  const result = carrierEntryFormSchema(today).safeParse({ ...form, ...overrides });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('manual entry validation (spec part 2 §5)', () => {
  it.each([
    '0',
    '1000',
    '1,000',
    '1,234,567.89',
    '$1,000.00',
    '-$12.50',
    '-500',
    '$0.99',
    '1234567',
    '9999999999999.99',
  ])('accepts the dollar amount %s', (value) => {
    expect(messages({ writtenPremium: value, newBusiness: value, mover: value })).toEqual({});
  });

  it.each(['12.5', '12.345', '1,00', '1,0000', '$-5', '--5', 'abc', '1 000', '$', '.50', '10000000000000'])(
    'rejects the dollar amount %s with "Not a valid dollar amount"',
    (value) => {
      expect(messages({ writtenPremium: value })).toEqual({ writtenPremium: 'Not a valid dollar amount' });
      expect(messages({ mover: value })).toEqual({ mover: 'Not a valid dollar amount' });
    },
  );

  it('checks incurred loss and earned premium only with the incurred/earned option', () => {
    expect(messages({ incurredLoss: 'x', earnedPremium: 'y' })).toEqual({
      incurredLoss: 'Not a valid dollar amount',
      earnedPremium: 'Not a valid dollar amount',
    });
    expect(messages({ radio: 'lossRatio', incurredLoss: 'x', earnedPremium: 'y' })).toEqual({});
  });

  it.each(['55', '55.5', '55.12345', '55.12345%', '0%', '120'])('accepts the loss ratio %s', (value) => {
    expect(messages({ radio: 'lossRatio', lossRatio: value })).toEqual({});
  });

  it.each(['55.123456', '55%%', '%55', 'fifty', '55.', '5 5', '1.5e3'])(
    'rejects the loss ratio %s with "Not a valid percent"',
    (value) => {
      expect(messages({ radio: 'lossRatio', lossRatio: value })).toEqual({
        lossRatio: 'Not a valid percent',
      });
    },
  );

  it.each(['-3.2', '-0.5%', '-55'])('rejects the negative loss ratio %s', (value) => {
    expect(messages({ radio: 'lossRatio', lossRatio: value })).toEqual({
      lossRatio: 'A loss ratio cannot be negative',
    });
  });

  it('checks the loss ratio only with the loss ratio option', () => {
    expect(messages({ lossRatio: 'fifty' })).toEqual({});
  });

  it('requires carrier, sub-code, line of business, month and year with "Required"', () => {
    expect(
      messages({ carrier: '', subCode: '  ', policyType: undefined, month: undefined, year: undefined }),
    ).toEqual({
      carrier: 'Required',
      subCode: 'Required',
      policyType: 'Required',
      month: 'Required',
      year: 'Required',
    });
  });

  it('limits the sub-code to 40 characters', () => {
    expect(messages({ subCode: 'x'.repeat(40) })).toEqual({});
    expect(messages({ subCode: 'x'.repeat(41) })).toEqual({ subCode: 'At most 40 characters' });
  });

  it('offers the working year and the two before, and months up to the current one', () => {
    expect(offeredYears(today)).toEqual([2026, 2025, 2024]);
    // The working year is the previous year until 15 February.
    expect(offeredYears({ year: 2027, month: 2, day: 15 })).toEqual([2026, 2025, 2024]);
    expect(offeredYears({ year: 2027, month: 2, day: 16 })).toEqual([2027, 2026, 2025]);
    expect(offeredMonths(2026, today)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(offeredMonths(2025, today)).toHaveLength(12);
    expect(messages({ month: 12 })).toEqual({ month: 'Choose a month that has begun' });
    expect(messages({ year: 2023 })).toEqual({ year: 'Choose one of the offered years' });
    expect(messages({ year: 2025, month: 12 })).toEqual({});
  });

  it('counts empty amounts as 0 and reads typed amounts exactly', () => {
    expect(dollarsOf('')).toBe('0');
    expect(dollarsOf('-$1,234.50')).toBe('-1234.50');
    expect(percentOf('55.12345%')).toBe('55.12345');
    expect(percentOf('')).toBe('0');
  });

  it('gives the request the same rules as the form', () => {
    const request = carrierEntryRequestSchema.safeParse({
      carrierUuid: form.carrierUuid,
      subCodeUuid: null,
      subCode: 'x'.repeat(41),
      policyType: 'PL',
      month: 3,
      year: 2026,
      writtenPremium: '12.5',
      newBusiness: '',
      mover: '',
      incurredLoss: '',
      earnedPremium: '',
      lossRatio: '',
      radio: 'incurredLossEarnedPremium',
      requestId: '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0002',
    });
    expect(request.success).toBe(false);
    expect(Object.fromEntries(request.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      subCode: 'At most 40 characters',
      writtenPremium: 'Not a valid dollar amount',
    });
  });
});

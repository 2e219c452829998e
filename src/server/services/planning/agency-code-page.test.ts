import { describe, expect, it } from 'vitest';
import type { CodeFigure } from '#server/services/read-model/read-model.ts';
import fc from 'fast-check';
import { codePointOrder, firstInOrder, totalsOf } from './agency-code-page.ts';

const code = (cents: number[]): CodeFigure => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  agencyUuid: '00000000-0000-4000-8000-000000000002',
  carrierUuid: '00000000-0000-4000-8000-000000000003',
  lowerCode: 'a1',
  lowerName: 'a1',
  lowerAgencyName: 'agency',
  cents,
});

describe('the planning table by agency code', () => {
  it('orders names by code point, as the database\'s "C" collation does', () => {
    // U+E000 sorts before U+1F600 by code point; in UTF-16 units the pair's 0xD83D comes first.
    const names = ['\u{1F600}', '\uE000', 'z', 'a', 'ab'];
    expect([...names].sort(codePointOrder)).toEqual(['a', 'ab', 'z', '\uE000', '\u{1F600}']);
    expect(codePointOrder('same', 'same')).toBe(0);
  });

  it('sums the totals exactly, to the cent, past what a number adds exactly', () => {
    const none = NaN;
    const big = Number.MAX_SAFE_INTEGER - 1; // cents
    const totals = totalsOf([
      code([big, 1, none, -5, 10, none, none, none]),
      code([3, 2, none, 7, -10, none, none, none]),
      code([-3, 3, none, none, 0, none, none, none]),
    ]);
    // (2^53 - 2) cents, exactly (added as numbers, 2^53 - 2 + 3 would round to 2^53): as a number,
    // the nearest to $90,071,992,547,409.90.
    expect(totals.writtenPremium).toBe(Number('90071992547409.90'));
    expect(totals.priorWrittenPremium).toBe(0.06);
    expect(totals.newWrittenPremium).toBeNull();
    expect(totals.priorNewWrittenPremium).toBe(0.02);
    expect(totals.earned).toBe(0);
  });

  it('keeps the first codes of a page in the order a whole sort gives', () => {
    // Keys with ties, ordered by key and then by position: a total order, as the table's is.
    const byKey = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 400 }),
        fc.nat(120),
        (keys, count) => {
          const items = keys.map((key, i): [number, number] => [key, i]);
          expect(firstInOrder(items, count, byKey)).toEqual([...items].sort(byKey).slice(0, count));
        },
      ),
    );
  });
});

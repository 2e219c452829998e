import { describe, expect, it } from 'vitest';
import { HIDDEN_CARRIER_NAME, isCollaborating, maskCarrierRows, NO_COLLABORATION } from './collaboration.ts';

const rows = [
  { carrierUuid: 'a', carrierName: 'Acme Mutual', writtenPremium: 100 },
  { carrierUuid: 'b', carrierName: 'Bluestem', writtenPremium: 200 },
  { carrierUuid: 'c', carrierName: 'Cedar Farm', writtenPremium: 300 },
];

describe('maskCarrierRows', () => {
  it('changes nothing without collaboration mode or without carriers', () => {
    expect(maskCarrierRows(rows, null)).toEqual(rows);
    expect(maskCarrierRows(rows, NO_COLLABORATION)).toEqual(rows);
    expect(maskCarrierRows(rows, { carriersUuid: [], shareType: 'all' })).toEqual(rows);
  });

  it("hides the names of carriers outside the list with shareType 'names', keeping their figures", () => {
    expect(maskCarrierRows(rows, { carriersUuid: ['b'], shareType: 'names' })).toEqual([
      { carrierUuid: 'a', carrierName: HIDDEN_CARRIER_NAME, writtenPremium: 100 },
      { carrierUuid: 'b', carrierName: 'Bluestem', writtenPremium: 200 },
      { carrierUuid: 'c', carrierName: HIDDEN_CARRIER_NAME, writtenPremium: 300 },
    ]);
  });

  it("keeps only the listed carriers with shareType 'all'", () => {
    expect(maskCarrierRows(rows, { carriersUuid: ['a', 'c'], shareType: 'all' })).toEqual([rows[0], rows[2]]);
  });

  it('is active only with at least one carrier', () => {
    expect(isCollaborating(null)).toBe(false);
    expect(isCollaborating(NO_COLLABORATION)).toBe(false);
    expect(isCollaborating({ carriersUuid: ['a'], shareType: 'names' })).toBe(true);
  });
});

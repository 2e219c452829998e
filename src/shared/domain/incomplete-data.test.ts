import { describe, expect, it } from 'vitest';
import { isIncomplete, withoutIncomplete } from './incomplete-data.ts';

describe('incomplete carrier data', () => {
  it('is incomplete when the current or the prior period misses months', () => {
    expect(isIncomplete({ haveMissingCurrentData: false, haveMissingPriorData: false })).toBe(false);
    expect(isIncomplete({ haveMissingCurrentData: true, haveMissingPriorData: false })).toBe(true);
    expect(isIncomplete({ haveMissingCurrentData: false, haveMissingPriorData: true })).toBe(true);
  });

  const rows = [
    { id: 'a', incomplete: false },
    { id: 'b', incomplete: true },
    { id: 'c', incomplete: false },
  ];

  it('removes incomplete carrier rows only when asked', () => {
    expect(withoutIncomplete(rows, false, 'carriers')).toBe(rows);
    expect(withoutIncomplete(rows, true, 'carriers').map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('keeps incomplete agency and agency code rows, which stay greyed', () => {
    expect(withoutIncomplete(rows, true, 'agencies')).toBe(rows);
    expect(withoutIncomplete(rows, true, 'agencyCodes')).toBe(rows);
  });
});

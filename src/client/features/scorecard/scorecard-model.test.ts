import { describe, expect, it } from 'vitest';
import {
  changeLine,
  changeYear,
  initialScorecardState,
  offersStandardTypes,
  scorecardSearchParams,
  sortCarriers,
  DEFAULT_SORT,
} from './scorecard-model.ts';

const today = { year: 2026, month: 11, day: 22 };

describe('the scorecard page state', () => {
  it('starts in the current year, 12M Book, P&C and every carrier', () => {
    expect(initialScorecardState(2026, today)).toEqual({
      year: 2026,
      mode: 'trailing',
      line: 'P&C',
      standardTypes: [],
      composite: 'all',
      carrierType: 'all',
      search: '',
      selectedAgencyUuid: null,
    });
  });

  it('resets the policy type, carrier type, search and standard types with the year (spec part 2 §4)', () => {
    const state = {
      ...initialScorecardState(2026, today),
      mode: 'ytd' as const,
      line: 'PL' as const,
      standardTypes: ['PAUTO'],
      carrierType: 'core' as const,
      search: 'acme',
      composite: 'carriers' as const,
    };
    expect(changeYear(state, 2024, today)).toEqual({
      ...state,
      year: 2024,
      mode: 'ytd',
      line: 'P&C',
      standardTypes: [],
      carrierType: 'all',
      search: '',
    });
    expect(changeYear(state, 2026, today).mode).toBe('trailing');
  });

  it('clears the standard types with the line, and offers them for PL and CL only', () => {
    const state = { ...initialScorecardState(2026, today), line: 'PL' as const, standardTypes: ['PAUTO'] };
    expect(changeLine(state, 'CL')).toMatchObject({ line: 'CL', standardTypes: [] });
    expect(['P&C', 'PL', 'CL', 'BOND', 'CROP'].filter((l) => offersStandardTypes(l as 'PL'))).toEqual([
      'PL',
      'CL',
    ]);
  });

  it('asks for the months of the mode, the kinds, the picked agency and, by carrier, the line and its types', () => {
    const state = {
      ...initialScorecardState(2026, today),
      line: 'PL' as const,
      standardTypes: ['PAUTO', 'HOME'],
      composite: 'wholesalers' as const,
      selectedAgencyUuid: 'a1',
    };
    const byCarrier = Object.fromEntries(scorecardSearchParams(state, 'n1', today, { carrierQuery: true }));
    expect(byCarrier).toEqual({
      levelUuid: 'n1',
      startDate: '2025-11-01',
      endDate: '2026-10-31',
      isMga: 'true',
      isStandard: 'false',
      isCrop: 'false',
      isFlood: 'false',
      isSurety: 'false',
      isWorkersComp: 'false',
      selectedAgencyUuid: 'a1',
      parentTypeCode: 'PL',
      standardTypes: 'PAUTO,HOME',
    });
    const level = scorecardSearchParams({ ...state, mode: 'ytd' }, 'n1', today, { carrierQuery: false });
    expect(level.get('startDate')).toBe('2026-01-01');
    expect(level.has('parentTypeCode')).toBe(false);
  });

  it('sorts by written premium, highest first, unreported last', () => {
    const row = (carrierName: string, writtenPremiumYTD: number | null) => ({
      carrierUuid: carrierName,
      carrierName,
      isCoreCarrier: false,
      isMga: false,
      haveMissingData: false,
      lines: [],
      writtenPremiumYTD,
      baseCommissionYTD: null,
      additionalCommissionYTD: null,
      totalCommissionYTD: null,
      baseCommissionPercent: null,
      additionalCommissionPercent: null,
      totalCommissionPercent: null,
    });
    const sorted = sortCarriers([row('b', 5), row('a', null), row('c', 50)], DEFAULT_SORT);
    expect(sorted.map((r) => r.carrierName)).toEqual(['c', 'b', 'a']);
    expect(sortCarriers(sorted, { key: 'carrierName', direction: 'asc' }).map((r) => r.carrierName)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

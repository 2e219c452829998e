import { describe, expect, it } from 'vitest';
import {
  defaultScorecardMode,
  isAllZero,
  offersModeSwitch,
  percentOf,
  sharesOf,
  scorecardMonths,
  scorecardTitle,
  scorecardYears,
  selectAllState,
  sumScorecardFigures,
  visibleCarriers,
} from './scorecard.ts';

const today = { year: 2026, month: 11, day: 22 }; // latest reporting month 2026-10

describe('the scorecard timeframe', () => {
  it('offers the mode switch for the current year only, 12M Book by default there', () => {
    expect(scorecardYears(today)).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(offersModeSwitch(2026, today)).toBe(true);
    expect(offersModeSwitch(2025, today)).toBe(false);
    expect(defaultScorecardMode(2026, today)).toBe('trailing');
    expect(defaultScorecardMode(2025, today)).toBe('ytd');
    // Until 15 February the current year is the previous one.
    expect(defaultScorecardMode(2025, { year: 2026, month: 2, day: 10 })).toBe('trailing');
  });

  it('covers twelve months to the latest month, January to it, or a whole earlier year', () => {
    expect(scorecardMonths(2026, 'trailing', today)).toEqual({ start: '2025-11', end: '2026-10' });
    expect(scorecardMonths(2026, 'ytd', today)).toEqual({ start: '2026-01', end: '2026-10' });
    expect(scorecardMonths(2024, 'trailing', today)).toEqual({ start: '2024-01', end: '2024-12' });
  });

  it("titles the page with the agency, or 'Agencies' for a network", () => {
    expect(scorecardTitle(2026, 'Prairie Insurance')).toBe('2026 Invoice Revenue for Prairie Insurance');
    expect(scorecardTitle(2025, null)).toBe('2025 Invoice Revenue for Agencies');
  });
});

const row = (name: string, wp: number | null, base: number | null, add: number | null, core = false) => ({
  carrierUuid: name,
  carrierName: name,
  isCoreCarrier: core,
  writtenPremiumYTD: wp,
  baseCommissionYTD: base,
  additionalCommissionYTD: add,
  totalCommissionYTD: base === null && add === null ? null : (base ?? 0) + (add ?? 0),
});

describe('the scorecard table', () => {
  it('hides rows whose figures are all zero or missing, and searches case-insensitively', () => {
    expect(isAllZero(row('a', 0, null, 0))).toBe(true);
    expect(isAllZero(row('a', 0, 0.01, 0))).toBe(false);
    const rows = [row('Acme Mutual', 10, 1, 0, true), row('Bluestem', 5, 1, null), row('Zero', 0, 0, 0)];
    expect(visibleCarriers(rows, 'ACME', 'all').map((r) => r.carrierName)).toEqual(['Acme Mutual']);
    expect(visibleCarriers(rows, '', 'noncore').map((r) => r.carrierName)).toEqual(['Bluestem']);
    expect(visibleCarriers(rows, '', 'core').map((r) => r.carrierName)).toEqual(['Acme Mutual']);
    expect(visibleCarriers(rows, ' ', 'all')).toHaveLength(2);
  });

  it('gives the select-all state: 0 none, 1 all, 2 partial', () => {
    expect(selectAllState(0, 4)).toBe(0);
    expect(selectAllState(2, 4)).toBe(2);
    expect(selectAllState(4, 4)).toBe(1);
  });

  it('sums in cents and takes percents from the sums, never averaged', () => {
    // 0.1 + 0.2 is not 0.3 in floating point; in cents it is.
    const sums = sumScorecardFigures([
      row('a', 0.1, 0.01, null),
      row('b', 0.2, 0.02, 0.01),
      row('c', 99.7, 12, null),
    ]);
    expect(sums).toEqual({
      writtenPremiumYTD: 100,
      baseCommissionYTD: 12.03,
      additionalCommissionYTD: 0.01,
      totalCommissionYTD: 12.04,
      baseCommissionPercent: 12.03,
      additionalCommissionPercent: 0.01,
      totalCommissionPercent: 12.04,
    });
    expect(sumScorecardFigures([])).toMatchObject({ writtenPremiumYTD: null, totalCommissionPercent: null });
  });

  it('rounds percents half away from zero, and has none without premium', () => {
    expect(percentOf(1n, 8n)).toBe(12.5);
    expect(percentOf(1n, 3n)).toBe(33.33);
    expect(percentOf(2n, 3n)).toBe(66.67);
    expect(percentOf(-1n, 8000n)).toBe(-0.01);
    expect(percentOf(-1n, 80000n)).toBe(0);
    expect(percentOf(5n, 0n)).toBeNull();
    expect(percentOf(null, 5n)).toBeNull();
    expect(percentOf(57_949n, 100_000n, 1)).toBe(57.9);
    expect(percentOf(1n, 3n, 1)).toBe(33.3);
  });

  it('splits a whole into shares rounded once, that add up to exactly 100', () => {
    // 57.949 % and 42.051 %: 57.9 and 42.1, never 58.0 (rounded from 57.95) and 100.1 in all.
    expect(sharesOf([57_949n, 42_051n], 100_000n)).toEqual([57.9, 42.1]);
    // 33.35 % and 66.65 %: rounded on its own each would be 33.4 + 66.7 = 100.1.
    expect(sharesOf([3_335n, 6_665n], 10_000n)).toEqual([33.4, 66.6]);
    expect(sharesOf([1n, 1n, 1n], 3n)).toEqual([33.4, 33.3, 33.3]);
    expect(sharesOf([0n, 500n], 500n)).toEqual([0, 100]);
    // Parts that do not make up the whole (or a negative part) are each rounded on their own.
    expect(sharesOf([-100n, 1_100n], 1_000n)).toEqual([-10, 110]);
    expect(sharesOf([100n, null], 1_000n)).toEqual([10, null]);
    expect(sharesOf([0n, 0n], 0n)).toEqual([null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { NO_FIGURES, type ProductionFigures } from '#shared/contracts/production.ts';
import type { NetworkSummaryResponse } from '#shared/contracts/planning.ts';
import {
  NOT_APPLICABLE,
  PLEASE_WAIT,
  cardRows,
  networkShare,
  percentOfBook,
  selectionSummary,
  type PlanningRow,
} from './planning-model.ts';

describe('the network comparison tooltip (spec part 2 §8)', () => {
  it("says 'Please wait...' while the network's data loads", () => {
    expect(networkShare(1200, undefined)).toBe(PLEASE_WAIT);
    expect(PLEASE_WAIT).toBe('Please wait...');
  });
  it("says 'N/A' when the network total is zero or not reported", () => {
    expect(networkShare(1200, 0)).toBe(NOT_APPLICABLE);
    expect(networkShare(1200, null)).toBe(NOT_APPLICABLE);
    expect(NOT_APPLICABLE).toBe('N/A');
  });
  it("gives the level's share of the network total, a missing value counting as none", () => {
    expect(networkShare(250, 1000)).toBe(25);
    expect(networkShare(null, 1000)).toBe(0);
  });
});

describe('the cards', () => {
  const figures = (writtenPremium: number): ProductionFigures => ({ ...NO_FIGURES, writtenPremium });
  it('list the policy types PL, CL, BOND, P&C, without the network until it has loaded', () => {
    const before = cardRows(undefined);
    expect(before.map((r) => r.code)).toEqual(['PL', 'CL', 'BOND', 'P&C']);
    expect(before.every((r) => r.network === null)).toBe(true);
    const summary = {
      levelSummary: { PL: figures(10) },
      networkSummary: { PL: figures(40), CL: figures(0) },
    } as unknown as NetworkSummaryResponse;
    const [pl, cl] = cardRows(summary);
    expect(pl!.measures.writtenPremium).toBe(10);
    expect(pl!.network!.writtenPremium).toBe(40);
    expect(cl!.measures.writtenPremium).toBeNull();
  });
  it("give new business as a percent of written premium ('% of Book'), none without written premium", () => {
    expect(percentOfBook({ newBusiness: 25, writtenPremium: 200 })).toBe(12.5);
    expect(percentOfBook({ newBusiness: 25, writtenPremium: 0 })).toBeNull();
    expect(percentOfBook({ newBusiness: null, writtenPremium: 200 })).toBeNull();
  });
});

describe('the Selection Summary', () => {
  it('adds the selected rows in whole cents', () => {
    const row = (writtenPremium: number | null, earned: number | null) =>
      ({
        measures: {
          writtenPremium,
          priorWrittenPremium: null,
          newBusiness: 0.1,
          priorNewBusiness: null,
          earned,
          incurred: null,
        },
      }) as unknown as PlanningRow;
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the summary says 0.3.
    expect(selectionSummary([row(0.1, 1.15), row(0.2, null), row(null, 2.2)])).toEqual({
      totalWp: 0.3,
      priorWp: 0,
      nb: 0.3,
      priorNb: 0,
      ep: 3.35,
      il: 0,
    });
  });
});

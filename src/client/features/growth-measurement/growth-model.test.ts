import { describe, expect, it } from 'vitest';
import type { CarrierProductionRecord, PlanLeaf } from '#shared/contracts/growth-measurement.ts';
import { chartPoints, measurePlan } from './growth-model.ts';

const ACME = '00000000-0000-4000-8000-00000000000a';
const BLUE = '00000000-0000-4000-8000-00000000000b';

const leaf = (
  carrierUuid: string,
  carrierName: string,
  lineCode: PlanLeaf['lineCode'],
  wpGoalPlan: number,
  apNewBusiness: number,
): PlanLeaf => ({
  hash: `${carrierUuid}:${lineCode}`,
  carrierUuid,
  carrierName,
  lineCode,
  priorWrittenPremium: 100_000,
  growthGoalPlan: 10,
  rate: 5,
  retention: 85,
  wpGoalPlan,
  apNewBusiness,
  apPercentNewToBook: 18.9,
});

const record = (
  carrierUuid: string,
  line: string,
  wp: number,
  prior: number,
  nb: number,
): CarrierProductionRecord => ({
  carrierUuid,
  agencyUuid: '00000000-0000-4000-8000-000000000001',
  carrierName: '',
  agencyName: '',
  agencyState: 'IA',
  policyTypeCode: line,
  broadLineOfBusinessStandardTypeCode: line,
  broadLineOfBusinessStandardTypeName: line,
  writtenPremiumYTD: wp,
  priorWrittenPremiumYTD: prior,
  newWrittenPremiumYTD: nb,
  month: 6,
  year: 2026,
});

const plan = {
  leafLevelData: [
    leaf(ACME, 'Acme Mutual', 'CL', 12_000, 1_200.01),
    leaf(ACME, 'Acme Mutual', 'PL', 110_000, 20_750),
    leaf(BLUE, 'Bluestem', 'PL', 0.1, 0.01),
  ],
};
const ytd = {
  records: [
    record(ACME, 'PL', 60_000, 50_000, 9_000),
    record(ACME, 'CL', 5_000, 0, 100),
    record(ACME, 'BOND', 999, 999, 999), // not in the plan
  ],
};

describe('measurePlan', () => {
  it('measures each line against the goal of the months so far and rolls up in cents', () => {
    const m = measurePlan(plan, ytd, { month: 6, line: 'P&C', search: '' });
    const acme = m.carriers.find((c) => c.carrierUuid === ACME)!;
    expect(acme.lines.map((l) => l.lineCode)).toEqual(['PL', 'CL']);
    const pl = acme.lines[0]!.figures;
    // 6 x 110,000 / 12 = 55,000; 6 x 20,750 / 12 = 10,375.
    expect(pl).toMatchObject({
      goalCents: 5_500_000,
      actualCents: 6_000_000,
      newBusinessGoalCents: 1_037_500,
    });
    expect(pl.percentOfGoal).toBeCloseTo(109.0909, 3);
    expect(pl.changePercent).toBeCloseTo(20);
    // The year's 20,750 less the 9,000 written so far.
    expect(pl.newBusinessNeededCents).toBe(1_175_000);
    // Prior 0: 'N/A'.
    expect(acme.lines[1]!.figures.changePercent).toBeNull();
    // CL: 6 x 1,200.01 / 12 = 600.005 -> 600.01; the carrier sums its lines' cents.
    expect(acme.lines[1]!.figures.newBusinessGoalCents).toBe(60_001);
    expect(acme.figures.newBusinessGoalCents).toBe(1_037_500 + 60_001);
    expect(m.total.goalCents).toBe(m.carriers.reduce((sum, c) => sum + c.figures.goalCents, 0));
    // Bluestem has no actual: 0 written, all of its new business still needed.
    expect(m.carriers[1]!.figures).toMatchObject({ actualCents: 0, newBusinessNeededCents: 1 });
  });

  it('keeps the chosen line and the carriers whose name contains the search', () => {
    expect(
      measurePlan(plan, ytd, { month: 6, line: 'CL', search: '' }).carriers.map((c) => c.carrierName),
    ).toEqual(['Acme Mutual']);
    const searched = measurePlan(plan, ytd, { month: 6, line: 'P&C', search: '  BLUE ' });
    expect(searched.carriers.map((c) => c.carrierName)).toEqual(['Bluestem']);
    expect(searched.total.annualGoalCents).toBe(10);
  });
});

describe('chartPoints', () => {
  it('draws the goal line over the year and the cumulative actual of the measured carriers and lines', () => {
    const measured = measurePlan(plan, ytd, { month: 2, line: 'PL', search: '' });
    // PL goals: 110,000 + 0.10 a year.
    const points = chartPoints(measured, [
      { month: 1, carriers: { [ACME]: { PL: 9_000.5, CL: 400, BOND: 5 }, [BLUE]: { PL: 0.25 } } },
      { month: 2, carriers: { [ACME]: { PL: 18_000.5, CL: 800 } } },
    ]);
    expect(points).toHaveLength(12);
    expect(points[0]).toEqual({ month: 1, goal: 9_166.68, actual: 9_000.75 });
    expect(points[1]).toEqual({ month: 2, goal: 18_333.35, actual: 18_000.5 });
    expect(points[11]).toEqual({ month: 12, goal: 110_000.1, actual: null });
  });
});

import { describe, expect, it } from 'vitest';
import {
  hundredthsOf,
  lastMonthOfYear,
  monthForYear,
  monthlyGoalCents,
  newBusinessStillNeededCents,
  percentNewToBook,
  percentOfGoal,
  planChangePercent,
  planGoals,
  reportingDateTone,
  toBasisPoints,
  toCents,
} from './growth-plan.ts';

describe('planGoals (spec part 2 §9)', () => {
  it('takes the retained premium grown by the rate from the written-premium goal', () => {
    // $100,000 prior, 10 % growth, 85 % retention, 5 % rate:
    // goal 110,000; retained 100,000 x 0.85 x 1.05 = 89,250; new business 20,750.
    const goals = planGoals({
      priorCents: toCents(100_000),
      growthGoalBp: toBasisPoints(10),
      retentionBp: toBasisPoints(85),
      rateBp: toBasisPoints(5),
    });
    expect(goals).toEqual({ wpGoalCents: 11_000_000, retainedCents: 8_925_000, newBusinessCents: 2_075_000 });
    expect(percentNewToBook(goals.newBusinessCents, goals.wpGoalCents)).toBeCloseTo(18.8636, 4);
  });

  it('needs only the growth when retention is 100 % and the rate is 0', () => {
    const goals = planGoals({ priorCents: 5_000_000, growthGoalBp: 800, retentionBp: 10_000, rateBp: 0 });
    expect(goals.wpGoalCents).toBe(5_400_000);
    expect(goals.newBusinessCents).toBe(400_000);
  });

  it('needs more new business when the rate falls', () => {
    // $200,000, 5 % growth, 90 % retention, -3 % rate: 210,000 - 200,000 x 0.9 x 0.97 = 35,400.
    const goals = planGoals({ priorCents: 20_000_000, growthGoalBp: 500, retentionBp: 9_000, rateBp: -300 });
    expect(goals.retainedCents).toBe(17_460_000);
    expect(goals.newBusinessCents).toBe(3_540_000);
  });

  it('asks for nothing on a prior of 0', () => {
    const goals = planGoals({ priorCents: 0, growthGoalBp: 1_000, retentionBp: 9_000, rateBp: 400 });
    expect(goals).toEqual({ wpGoalCents: 0, retainedCents: 0, newBusinessCents: 0 });
    expect(percentNewToBook(goals.newBusinessCents, goals.wpGoalCents)).toBeNull();
  });

  it('rounds once, half away from zero, on the exact product', () => {
    // $0.33 x 1.015 = 0.33495 -> 0.33; $0.35 x 1.05 = 0.3675 -> 0.37.
    expect(planGoals({ priorCents: 33, growthGoalBp: 150, retentionBp: 0, rateBp: 0 }).wpGoalCents).toBe(33);
    expect(planGoals({ priorCents: 35, growthGoalBp: 500, retentionBp: 0, rateBp: 0 }).wpGoalCents).toBe(37);
    // $1.00, 0.5 % growth -> 1.005 -> 1.01 (a float product would give 1.00).
    expect(planGoals({ priorCents: 100, growthGoalBp: 50, retentionBp: 0, rateBp: 0 }).wpGoalCents).toBe(101);
    // A negative new-business goal rounds away from zero too: 1.00 x 1.005 - 1.00 x 1.0 x 1.01 = -0.005.
    expect(
      planGoals({ priorCents: 100, growthGoalBp: 50, retentionBp: 10_000, rateBp: 100 }).newBusinessCents,
    ).toBe(-1);
  });

  it('stays exact on large books', () => {
    const goals = planGoals({
      priorCents: 987_654_321_099,
      growthGoalBp: 1_234,
      retentionBp: 8_765,
      rateBp: 321,
    });
    // 987,654,321,099 x 1.1234 = 1,109,530,864,322.6166 -> ...323
    expect(goals.wpGoalCents).toBe(1_109_530_864_323);
  });
});

describe('monthlyGoalCents (spec part 2 §9)', () => {
  it('is month index x annual goal / 12', () => {
    expect(monthlyGoalCents(2_075_000, 1)).toBe(172_917); // 172,916.67 -> 172,917
    expect(monthlyGoalCents(2_075_000, 6)).toBe(1_037_500);
    expect(monthlyGoalCents(2_075_000, 12)).toBe(2_075_000);
    expect(monthlyGoalCents(-1_200, 3)).toBe(-300);
  });

  it('refuses a month outside the year', () => {
    expect(() => monthlyGoalCents(100, 0)).toThrow(RangeError);
    expect(() => monthlyGoalCents(100, 13)).toThrow(RangeError);
  });
});

describe('measurement', () => {
  it("is 'N/A' (null) when prior is 0 or negative", () => {
    expect(planChangePercent(100, 0)).toBeNull();
    expect(planChangePercent(100, -5)).toBeNull();
    expect(planChangePercent(110, 100)).toBeCloseTo(10);
  });

  it('gives the percent of goal and the new business still needed', () => {
    expect(percentOfGoal(50, 200)).toBe(25);
    expect(percentOfGoal(50, 0)).toBeNull();
    expect(newBusinessStillNeededCents(2_075_000, 500_000)).toBe(1_575_000);
    expect(newBusinessStillNeededCents(2_075_000, 3_000_000)).toBe(0);
  });
});

describe('year selection (spec part 2 §4)', () => {
  const today = { year: 2026, month: 11, day: 22 }; // latest reporting month 2026-10
  it('sets the month to the current reporting month for the current year, else 1', () => {
    expect(monthForYear(2026, today)).toBe(10);
    expect(monthForYear(2025, today)).toBe(1);
  });

  it('knows the last month with figures of a year', () => {
    expect(lastMonthOfYear(2026, today)).toBe(10);
    expect(lastMonthOfYear(2025, today)).toBe(12);
    expect(lastMonthOfYear(2027, today)).toBe(0);
    // Until 15 February the working year is the previous one.
    expect(monthForYear(2025, { year: 2026, month: 2, day: 10 })).toBe(12);
  });
});

describe('reportingDateTone (spec part 2 §4 "Date badge")', () => {
  const period = { start: '2026-01', end: '2026-10' };
  it('is ok at or after the period end, warning within it, error before it or without data', () => {
    expect(reportingDateTone('2026-10', period)).toBe('ok');
    expect(reportingDateTone('2026-11', period)).toBe('ok');
    expect(reportingDateTone('2026-09', period)).toBe('warning');
    expect(reportingDateTone('2026-01', period)).toBe('warning');
    expect(reportingDateTone('2025-12', period)).toBe('error');
    expect(reportingDateTone(null, period)).toBe('error');
  });
});

describe('hundredthsOf', () => {
  it('reads numeric text exactly', () => {
    expect(hundredthsOf('1234.5')).toBe(123_450);
    expect(hundredthsOf('-0.25')).toBe(-25);
    expect(hundredthsOf('7')).toBe(700);
    expect(hundredthsOf('999999999.99')).toBe(99_999_999_999);
    expect(hundredthsOf('0.05')).toBe(5);
  });
});

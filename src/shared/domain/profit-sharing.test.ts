import { describe, expect, it } from 'vitest';
import {
  allocateCheck,
  AllocationError,
  NO_WHAT_IF,
  PRIOR_NOT_POSITIVE_REASON,
  projectAgreement,
  runToYearEnd,
  sumActuals,
  type ProfitShareActuals,
  type ProfitShareAgreementTerms,
} from './profit-sharing.ts';

const dollars = (amount: number) => Math.round(amount * 100);

/** Worked example 1: a policies-in-force grid, a 3-year loss-ratio gate and a network's kicker. */
const pifGrid: ProfitShareAgreementTerms = {
  measure: 'writtenPremium',
  grid: {
    axis: 'policiesInForce',
    lossRatioUnderBp: [null],
    minimums: [580, 607, 662],
    rates: [[280, 315, 345]],
  },
  gates: {
    minimumPremiumCents: null,
    maximumLossRatioBp: 5500,
    lossRatioYears: 3,
    minimumGrowthBp: null,
    largeLossCapCents: null,
  },
  kicker: { newBusinessThresholdCents: dollars(250_000), rateBp: 100 },
};

const hartfordJuly: ProfitShareActuals = {
  monthsElapsed: 7,
  writtenPremiumCents: dollars(467_511),
  priorWrittenPremiumCents: dollars(400_609),
  priorYearWrittenPremiumCents: dollars(690_000),
  newBusinessCents: dollars(134_794),
  earnedCents: dollars(405_674),
  incurredCents: dollars(199_880),
  multiYearEarnedCents: dollars(1_000_000),
  multiYearIncurredCents: dollars(466_000),
  policiesInForce: 604,
  restOfLastYear: null,
};

/** Worked example 2: a loss-ratio x growth grid. */
const growthGrid: ProfitShareAgreementTerms = {
  measure: 'writtenPremium',
  grid: {
    axis: 'growth',
    lossRatioUnderBp: [5500],
    minimums: [0, 1000, 2000],
    rates: [[100, 150, 200]],
  },
  gates: {
    minimumPremiumCents: dollars(250_000),
    maximumLossRatioBp: null,
    lossRatioYears: 1,
    minimumGrowthBp: null,
    largeLossCapCents: dollars(100_000),
  },
  kicker: null,
};

const wholeYear = (overrides: Partial<ProfitShareActuals>): ProfitShareActuals => ({
  monthsElapsed: 12,
  writtenPremiumCents: dollars(1_000_000),
  priorWrittenPremiumCents: dollars(833_333.33),
  priorYearWrittenPremiumCents: dollars(833_333.33),
  newBusinessCents: dollars(200_000),
  earnedCents: dollars(1_000_000),
  incurredCents: dollars(500_000),
  multiYearEarnedCents: dollars(1_000_000),
  multiYearIncurredCents: dollars(500_000),
  policiesInForce: null,
  restOfLastYear: null,
  ...overrides,
});

describe('worked example 1: a policies-in-force grid with a loss-ratio gate and a kicker', () => {
  const { yearToDate } = projectAgreement(pifGrid, hartfordJuly);

  it('passes the 3-year loss-ratio gate and reads the loss ratio and growth', () => {
    expect(yearToDate.gates).toEqual([
      { gate: 'maximumLossRatio', passes: true, figure: 4660, threshold: 5500, reason: null },
    ]);
    expect(yearToDate.lossRatioBp).toBe(4927);
    expect(yearToDate.growthBp).toBe(1670);
  });

  it('pays 2.8 % of written premium at 604 policies: $13,090.31', () => {
    expect(yearToDate.cell).toEqual({ row: 0, col: 0, rateBp: 280 });
    expect(yearToDate.basePayoutCents).toBe(1_309_031);
  });

  it('needs 3 more policies for 3.15 % ($14,726.60) and 58 for 3.45 % ($16,129.13)', () => {
    expect(yearToDate.betterCells).toMatchObject([
      { col: 1, rateBp: 315, policies: 3, payoutCents: 1_472_660, lossRatioPointsBp: null },
      { col: 2, rateBp: 345, policies: 58, payoutCents: 1_612_913 },
    ]);
    expect(yearToDate.betterCells[0]!.payoutCents - yearToDate.basePayoutCents).toBe(163_629);
  });

  it('annualises new business to $231,075.43, $18,924.57 short of the kicker', () => {
    expect(runToYearEnd(dollars(134_794), 7, null)).toBe(23_107_543);
    expect(yearToDate.kicker).toEqual({ reached: false, shortCents: 1_892_457, payoutCents: 0 });
  });

  it('pays the kicker (1 % of new business) once a what-if brings new business over the threshold', () => {
    const { yearToDate: withMore } = projectAgreement(pifGrid, hartfordJuly, {
      ...NO_WHAT_IF,
      extraNewBusinessCents: dollars(20_000),
    });
    // 134,794 x 12/7 + 20,000 = 251,075.43 >= 250,000: 1 % of it.
    expect(withMore.kicker).toEqual({ reached: true, shortCents: 0, payoutCents: 251_075 });
    expect(withMore.payoutCents).toBe(withMore.basePayoutCents + 251_075);
  });

  it('fails the gate when the 3-year loss ratio reaches 55 %', () => {
    const projection = projectAgreement(pifGrid, {
      ...hartfordJuly,
      multiYearIncurredCents: dollars(550_000),
    });
    expect(projection.yearToDate.eligible).toBe(false);
    expect(projection.yearToDate.payoutCents).toBe(0);
    expect(projection.status).toBe('notEligible');
  });
});

describe('worked example 2: a loss-ratio x growth grid', () => {
  it('pays 2.0 % on a $1,000,000 book under 55 % with 20 % growth: $20,000', () => {
    const { yearToDate, yearEnd, status } = projectAgreement(growthGrid, wholeYear({}));
    expect(yearToDate.cell).toEqual({ row: 0, col: 2, rateBp: 200 });
    expect(yearToDate.payoutCents).toBe(dollars(20_000));
    expect(yearEnd.payoutCents).toBe(dollars(20_000));
    expect(status).toBe('onTrack');
  });

  it('is at risk when the year so far pays more than the year end, or eligible but in no paying cell', () => {
    // Half a year 20 % up; last year's second half as strong as this year's first: the year ends flat.
    const halfYear = (overrides: Partial<ProfitShareActuals>) =>
      wholeYear({
        monthsElapsed: 6,
        writtenPremiumCents: dollars(600_000),
        priorWrittenPremiumCents: dollars(500_000),
        priorYearWrittenPremiumCents: dollars(1_000_000),
        earnedCents: dollars(600_000),
        incurredCents: dollars(300_000),
        restOfLastYear: {
          writtenPremiumCents: dollars(400_000),
          newBusinessCents: null,
          earnedCents: dollars(400_000),
          incurredCents: dollars(200_000),
        },
        ...overrides,
      });
    const shrinking = projectAgreement(growthGrid, halfYear({}));
    expect([shrinking.yearToDate.payoutCents, shrinking.yearEnd.payoutCents]).toEqual([
      dollars(12_000),
      dollars(10_000),
    ]);
    expect(shrinking.status).toBe('atRisk');
    const growing = projectAgreement(growthGrid, halfYear({ priorWrittenPremiumCents: dollars(600_000) }));
    expect([growing.yearToDate.payoutCents, growing.yearEnd.payoutCents]).toEqual([
      dollars(6_000),
      dollars(10_000),
    ]);
    expect(growing.status).toBe('onTrack');
    // Every gate passes, but the loss ratio (60 %) is above the grid's only row: no cell pays.
    const belowTheBands = projectAgreement(growthGrid, wholeYear({ incurredCents: dollars(600_000) }));
    expect([belowTheBands.yearEnd.eligible, belowTheBands.yearEnd.payoutCents]).toEqual([true, 0]);
    expect(belowTheBands.status).toBe('atRisk');
    const failingGate = projectAgreement(growthGrid, wholeYear({ writtenPremiumCents: dollars(200_000) }));
    expect(failingGate.yearEnd.eligible).toBe(false);
    expect(failingGate.status).toBe('notEligible');
  });

  it('counts growth exactly on a band minimum in the band', () => {
    const exact = projectAgreement(
      growthGrid,
      wholeYear({ writtenPremiumCents: dollars(1_200_000), priorWrittenPremiumCents: dollars(1_000_000) }),
    );
    expect(exact.yearToDate.cell?.rateBp).toBe(200);
    const justUnder = projectAgreement(
      growthGrid,
      wholeYear({ writtenPremiumCents: dollars(1_199_999.99), priorWrittenPremiumCents: dollars(1_000_000) }),
    );
    expect(justUnder.yearToDate.cell?.rateBp).toBe(150);
    expect(justUnder.yearToDate.betterCells).toMatchObject([{ rateBp: 200, writtenPremiumCents: 1 }]);
  });

  it('puts a loss ratio exactly on the limit outside the band, and says how far it must come down', () => {
    const onLimit = projectAgreement(growthGrid, wholeYear({ incurredCents: dollars(550_000) }));
    expect(onLimit.yearToDate.cell).toBeNull();
    expect(onLimit.yearToDate.payoutCents).toBe(0);
    expect(onLimit.yearToDate.betterCells.at(-1)).toMatchObject({ rateBp: 200, lossRatioPointsBp: 1 });
    const justUnder = projectAgreement(growthGrid, wholeYear({ incurredCents: dollars(549_999.99) }));
    expect(justUnder.yearToDate.cell?.rateBp).toBe(200);
  });

  it('counts a large loss only up to the per-loss cap', () => {
    const capped = projectAgreement(growthGrid, wholeYear({ incurredCents: dollars(449_000) }), {
      ...NO_WHAT_IF,
      largeLossCents: dollars(250_000),
    });
    // 449,000 + 100,000 (the cap) = 549,000: still under 55 %.
    expect(capped.yearToDate.figures.incurredCents).toBe(dollars(549_000));
    expect(capped.yearToDate.cell?.rateBp).toBe(200);
  });

  it('fails the minimum-premium gate below $250,000', () => {
    const small = projectAgreement(
      growthGrid,
      wholeYear({ writtenPremiumCents: dollars(240_000), priorWrittenPremiumCents: dollars(200_000) }),
    );
    expect(small.yearToDate.gates).toEqual([
      {
        gate: 'minimumPremium',
        passes: false,
        figure: dollars(240_000),
        threshold: dollars(250_000),
        reason: null,
      },
    ]);
    expect(small.yearToDate.payoutCents).toBe(0);
  });

  it('with a prior of 0, growth is not computable: no growth band, and a growth gate fails saying why', () => {
    const terms = { ...growthGrid, gates: { ...growthGrid.gates, minimumGrowthBp: 0 } };
    const { yearToDate } = projectAgreement(terms, wholeYear({ priorWrittenPremiumCents: 0 }));
    expect(yearToDate.growthBp).toBeNull();
    expect(yearToDate.cell).toBeNull();
    expect(yearToDate.gates.find((g) => g.gate === 'minimumGrowth')).toEqual({
      gate: 'minimumGrowth',
      passes: false,
      figure: null,
      threshold: 0,
      reason: PRIOR_NOT_POSITIVE_REASON,
    });
  });

  it('runs the year on at the last 12 months pace, and a rate change moves only the rest of the year', () => {
    // 600,000 so far, and last year wrote 600,000 in the months still to come: 1,200,000.
    const actuals = wholeYear({
      monthsElapsed: 3,
      writtenPremiumCents: dollars(600_000),
      priorYearWrittenPremiumCents: dollars(1_000_000),
      restOfLastYear: {
        writtenPremiumCents: dollars(600_000),
        newBusinessCents: null,
        earnedCents: dollars(750_000),
        incurredCents: dollars(300_000),
      },
    });
    expect(projectAgreement(growthGrid, actuals).yearEnd.figures.writtenPremiumCents).toBe(
      dollars(1_200_000),
    );
    const rateUp = projectAgreement(growthGrid, actuals, { ...NO_WHAT_IF, rateChangeBp: 1000 });
    expect(rateUp.yearEnd.figures.writtenPremiumCents).toBe(dollars(1_260_000));
    // Earned 1,000,000 so far + 750,000; incurred 500,000 + 300,000; new business has no rest: straight on.
    expect(rateUp.yearEnd.figures.earnedCents).toBe(dollars(1_750_000));
    expect(rateUp.yearEnd.figures.incurredCents).toBe(dollars(800_000));
    expect(rateUp.yearEnd.figures.newBusinessCents).toBe(dollars(800_000));
  });
});

describe('a network agreement', () => {
  it('is measured on the sum of its agencies', () => {
    const a = wholeYear({
      writtenPremiumCents: dollars(400_000),
      priorWrittenPremiumCents: dollars(350_000),
    });
    const b = wholeYear({
      writtenPremiumCents: dollars(600_000),
      priorWrittenPremiumCents: dollars(483_333.33),
    });
    const network = sumActuals([
      { ...a, earnedCents: dollars(400_000), incurredCents: dollars(100_000) },
      { ...b, earnedCents: dollars(600_000), incurredCents: dollars(400_000) },
    ]);
    expect(network.writtenPremiumCents).toBe(dollars(1_000_000));
    expect(network.incurredCents).toBe(dollars(500_000));
    const { yearToDate } = projectAgreement(growthGrid, network);
    expect(yearToDate.lossRatioBp).toBe(5000);
    expect(yearToDate.payoutCents).toBe(dollars(20_000));
  });
});

describe('worked example 3: allocating a network check', () => {
  const agencies = [
    {
      agencyUuid: 'a1',
      premiumCents: dollars(238_000),
      earnedCents: dollars(238_000),
      incurredCents: dollars(59_500),
    },
    {
      agencyUuid: 'a2',
      premiumCents: dollars(333_000),
      earnedCents: dollars(333_000),
      incurredCents: dollars(199_800),
    },
    {
      agencyUuid: 'a3',
      premiumCents: dollars(429_000),
      earnedCents: dollars(429_000),
      incurredCents: dollars(288_700),
    },
  ];
  const check = dollars(100_000);
  const total = (lines: { amountCents: number }[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);

  it('by premium share pays 23.8 %, 33.3 % and 42.9 %', () => {
    const lines = allocateCheck(check, 'premiumShare', agencies);
    expect(lines.map((l) => l.amountCents)).toEqual([dollars(23_800), dollars(33_300), dollars(42_900)]);
  });

  it('weighted by loss-ratio relativity pays agency 1 (25 % against the group 54.8 %: 0.456) more', () => {
    const lines = allocateCheck(check, 'lossRatioWeighted', agencies);
    expect(lines[0]!.relativityBp).toBe(4562);
    expect(lines[0]!.amountCents).toBeGreaterThan(dollars(23_800));
    expect(lines[2]!.amountCents).toBeLessThan(dollars(42_900));
    expect(total(lines)).toBe(check);
    // Premium x (2 - relativity): 238,000 x 1.5438, 333,000 x 0.9051, 429,000 x 0.7720 as exact
    // fractions; the floors leave 2 cents, which go to agencies 3 and 2 (remainders 113/137, 82/137).
    expect(lines.map((l) => l.amountCents)).toEqual([3_674_233, 3_014_015, 3_311_752]);
  });

  it('gives the cents left to the largest remainders, then in the order given', () => {
    const even = [
      { agencyUuid: 'x', premiumCents: 1, earnedCents: 0, incurredCents: 0 },
      { agencyUuid: 'y', premiumCents: 1, earnedCents: 0, incurredCents: 0 },
      { agencyUuid: 'z', premiumCents: 1, earnedCents: 0, incurredCents: 0 },
    ];
    expect(allocateCheck(100, 'premiumShare', even).map((l) => l.amountCents)).toEqual([34, 33, 33]);
    expect(allocateCheck(200, 'premiumShare', even).map((l) => l.amountCents)).toEqual([67, 67, 66]);
  });

  it('by hand must add up to the check', () => {
    const byHand = agencies.map((a, i) => ({
      ...a,
      amountCents: [dollars(50_000), dollars(30_000), dollars(20_000)][i],
    }));
    expect(total(allocateCheck(check, 'byHand', byHand))).toBe(check);
    expect(() => allocateCheck(check + 1, 'byHand', byHand)).toThrow(
      new AllocationError("The amounts add up to $100,000.00, not the check's $100,000.01."),
    );
  });

  it('refuses a check of $0 and an allocation with no premium', () => {
    expect(() => allocateCheck(0, 'premiumShare', agencies)).toThrow(AllocationError);
    expect(() =>
      allocateCheck(
        check,
        'premiumShare',
        agencies.map((a) => ({ ...a, premiumCents: 0 })),
      ),
    ).toThrow('There is no premium to share the check by.');
  });
});

/**
 * Profit-sharing (contingent) agreements: what a carrier's grid pays, defined once for the server
 * (projections through the API, the network's ranking and exports) and the browser (the what-if inputs
 * recompute live). Background: a carrier pays a percentage of premium when the loss ratio stays under a
 * band and growth (or policies in force, or premium) clears another, provided eligibility gates pass.
 *
 * Money is integer cents and percentages basis points (1 % = 100 bp), as in `growth-plan.ts`. Every
 * comparison with a band's limit is an exact comparison of products (no ratio is rounded before it is
 * compared), and every payout is rounded once, half away from zero.
 *
 * Band edges, one rule everywhere:
 * - a loss ratio qualifies for a band when it is *under* the band's limit ("a loss ratio under 55 %"):
 *   exactly on the limit falls in the next, worse band;
 * - growth, policies in force and premium qualify when they *reach* the band's minimum ("580–606
 *   policies", "20 % growth"): exactly on the minimum is in the band.
 */

const BP = 10_000n;

/** a / b rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < b) return q;
  return a < 0n ? q - 1n : q + 1n;
}

/** ceil(a / b) for b > 0. */
function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b > 0n ? q + 1n : q;
}

/** What a bonus is a percentage of. */
export const PROFIT_SHARE_MEASURES = ['writtenPremium', 'earnedPremium'] as const;
export type ProfitShareMeasure = (typeof PROFIT_SHARE_MEASURES)[number];

/** The second axis of a grid (the first is always loss ratio). */
export const GRID_AXES = ['growth', 'policiesInForce', 'premium'] as const;
export type GridAxis = (typeof GRID_AXES)[number];

/**
 * A grid: loss-ratio rows (each a limit the loss ratio must be under, best first; `null` for a row
 * that takes any loss ratio, as in a grid that only has policy-count bands) by columns of the second
 * axis (each a minimum to reach, lowest first; `null` for a column with no minimum). `rates[row][col]`
 * is the bonus in basis points, or null for no bonus in that cell.
 */
export type ProfitShareGrid = {
  axis: GridAxis;
  /** Loss-ratio limits in basis points (5500 = 55 %), best (lowest) first. */
  lossRatioUnderBp: readonly (number | null)[];
  /**
   * Minimums of the second axis, lowest first: growth in basis points, policies in force as a count,
   * premium in cents.
   */
  minimums: readonly (number | null)[];
  rates: readonly (readonly (number | null)[])[];
};

/** Eligibility gates: every one set must pass for any bonus to be paid. */
export type ProfitShareGates = {
  /** The measure's year figure must reach this (cents). */
  minimumPremiumCents: number | null;
  /** The loss ratio over `lossRatioYears` years (1–3) must be under this (bp). */
  maximumLossRatioBp: number | null;
  lossRatioYears: 1 | 2 | 3;
  /** Written-premium growth must reach this (bp, may be negative). */
  minimumGrowthBp: number | null;
  /** A single loss counts at most this much (cents), where the figures allow (the what-if large loss). */
  largeLossCapCents: number | null;
};

/** An extra percentage of new business once new business reaches a threshold (a network's kicker). */
export type ProfitShareKicker = {
  newBusinessThresholdCents: number;
  rateBp: number;
};

export type ProfitShareAgreementTerms = {
  measure: ProfitShareMeasure;
  grid: ProfitShareGrid;
  gates: ProfitShareGates;
  kicker: ProfitShareKicker | null;
};

/** The actual figures of an agreement's lines for its year so far, in cents (null: not reported). */
export type ProfitShareActuals = {
  /** Months of the year the figures cover (1–12). */
  monthsElapsed: number;
  writtenPremiumCents: number | null;
  /** The same months a year earlier. */
  priorWrittenPremiumCents: number | null;
  /** The whole prior year. */
  priorYearWrittenPremiumCents: number | null;
  newBusinessCents: number | null;
  earnedCents: number | null;
  incurredCents: number | null;
  /** Earned and incurred over the gate's years (this year so far and the years before it). */
  multiYearEarnedCents: number | null;
  multiYearIncurredCents: number | null;
  policiesInForce: number | null;
  /**
   * What the same lines wrote, earned and lost in the rest of last year (the months after those
   * elapsed): the year runs on at the last 12 months' pace, year end = this year so far + the rest of
   * last year. Null without last year's figures: the year runs straight on (x 12 / months elapsed).
   */
  restOfLastYear: RestOfYear | null;
};

export type RestOfYear = {
  writtenPremiumCents: number | null;
  newBusinessCents: number | null;
  earnedCents: number | null;
  incurredCents: number | null;
};

/** What-if inputs, applied before the grid is read. */
export type ProfitShareWhatIf = {
  /** New business written on top of the actuals (adds to written premium too). */
  extraNewBusinessCents: number;
  /** One more loss (counted up to the gate's large-loss cap). */
  largeLossCents: number;
  /** A rate change on the premium still to be written this year (bp, may be negative). */
  rateChangeBp: number;
};

export const NO_WHAT_IF: ProfitShareWhatIf = { extraNewBusinessCents: 0, largeLossCents: 0, rateChangeBp: 0 };

/** The figures a grid is read with: one for the year so far, one projected to year end. */
export type ProfitShareFigures = {
  measureCents: number | null;
  writtenPremiumCents: number | null;
  priorWrittenPremiumCents: number | null;
  newBusinessCents: number | null;
  earnedCents: number | null;
  incurredCents: number | null;
  policiesInForce: number | null;
};

export type GateName = 'minimumPremium' | 'maximumLossRatio' | 'minimumGrowth';

/** A gate's outcome, with the figure and the threshold it was held to (bp or cents as the gate reads). */
export type GateResult = {
  gate: GateName;
  passes: boolean;
  figure: number | null;
  threshold: number;
  /** Why the figure could not be computed (it then fails), or null. */
  reason: string | null;
};

/** What it takes to reach a better cell, per axis (null: that axis needs nothing more). */
export type Distance = {
  row: number;
  col: number;
  rateBp: number;
  payoutCents: number;
  /** How many basis points of loss ratio must come off (the loss ratio must end under the limit). */
  lossRatioPointsBp: number | null;
  /** Written premium still to write for the growth band (cents). */
  writtenPremiumCents: number | null;
  /** Policies still to add. */
  policies: number | null;
  /** Premium (the measure) still to write for the premium band (cents). */
  premiumCents: number | null;
};

export type Evaluation = {
  figures: ProfitShareFigures;
  /** Loss ratio in basis points, rounded for display (null: no earned premium). */
  lossRatioBp: number | null;
  /** Growth in basis points, rounded for display (null: prior not positive). */
  growthBp: number | null;
  gates: GateResult[];
  eligible: boolean;
  /** The cell that applies, or null when the figures fall in no cell with a rate. */
  cell: { row: number; col: number; rateBp: number } | null;
  /** The grid's payout (0 when not eligible or no cell applies). */
  basePayoutCents: number;
  kicker: { reached: boolean; shortCents: number; payoutCents: number } | null;
  payoutCents: number;
  /** Every cell paying more than the current one, with what each needs, best-paying last. */
  betterCells: Distance[];
};

export type ProfitShareStatus = 'onTrack' | 'atRisk' | 'notEligible';

export type Projection = {
  yearToDate: Evaluation;
  yearEnd: Evaluation;
  status: ProfitShareStatus;
};

export const PRIOR_NOT_POSITIVE_REASON = 'Prior value is either 0 or negative';
export const NO_EARNED_REASON = 'No earned premium reported';
export const NOT_REPORTED_REASON = 'Not reported';

/** The payout of `rateBp` on `cents`, rounded once. */
export function payoutOf(cents: number, rateBp: number): number {
  return Number(divRound(BigInt(cents) * BigInt(rateBp), BP));
}

/** Whether a loss ratio incurred / earned is under `limitBp` (exact; earned > 0). */
function lossRatioUnder(incurred: bigint, earned: bigint, limitBp: number): boolean {
  return incurred * BP < BigInt(limitBp) * earned;
}

/** Whether growth (current - prior) / prior reaches `minimumBp` (exact; prior > 0). */
function growthReaches(current: bigint, prior: bigint, minimumBp: number): boolean {
  return (current - prior) * BP >= BigInt(minimumBp) * prior;
}

/** Loss ratio in basis points, rounded half away from zero; null without earned premium. */
export function lossRatioBpOf(incurredCents: number | null, earnedCents: number | null): number | null {
  if (incurredCents === null || earnedCents === null || earnedCents <= 0) return null;
  return Number(divRound(BigInt(incurredCents) * BP, BigInt(earnedCents)));
}

/** Growth in basis points, rounded half away from zero; null when prior is 0 or negative. */
export function growthBpOf(currentCents: number | null, priorCents: number | null): number | null {
  if (currentCents === null || priorCents === null || priorCents <= 0) return null;
  return Number(divRound((BigInt(currentCents) - BigInt(priorCents)) * BP, BigInt(priorCents)));
}

/** Whether the figures qualify for a loss-ratio row (exact). */
function qualifiesRow(figures: ProfitShareFigures, limitBp: number | null): boolean {
  if (limitBp === null) return true;
  const { incurredCents, earnedCents } = figures;
  if (earnedCents === null || earnedCents <= 0) return false;
  return lossRatioUnder(BigInt(incurredCents ?? 0), BigInt(earnedCents), limitBp);
}

/** Whether the figures qualify for a column of the second axis (exact). */
function qualifiesColumn(figures: ProfitShareFigures, axis: GridAxis, minimum: number | null): boolean {
  if (minimum === null) return true;
  switch (axis) {
    case 'growth': {
      const { writtenPremiumCents: current, priorWrittenPremiumCents: prior } = figures;
      if (current === null || prior === null || prior <= 0) return false;
      return growthReaches(BigInt(current), BigInt(prior), minimum);
    }
    case 'policiesInForce':
      return figures.policiesInForce !== null && figures.policiesInForce >= minimum;
    case 'premium':
      return figures.measureCents !== null && figures.measureCents >= minimum;
  }
}

/** The gates' outcomes for the figures (multi-year loss ratio from its own sums). */
function gateResults(
  gates: ProfitShareGates,
  figures: ProfitShareFigures,
  multiYear: { earned: number | null; incurred: number | null },
): GateResult[] {
  const results: GateResult[] = [];
  if (gates.minimumPremiumCents !== null) {
    const figure = figures.measureCents;
    results.push({
      gate: 'minimumPremium',
      passes: figure !== null && figure >= gates.minimumPremiumCents,
      figure,
      threshold: gates.minimumPremiumCents,
      reason: figure === null ? NOT_REPORTED_REASON : null,
    });
  }
  if (gates.maximumLossRatioBp !== null) {
    const { earned, incurred } = multiYear;
    const computable = earned !== null && earned > 0;
    results.push({
      gate: 'maximumLossRatio',
      passes: computable && lossRatioUnder(BigInt(incurred ?? 0), BigInt(earned), gates.maximumLossRatioBp),
      figure: computable ? lossRatioBpOf(incurred ?? 0, earned) : null,
      threshold: gates.maximumLossRatioBp,
      reason: computable ? null : NO_EARNED_REASON,
    });
  }
  if (gates.minimumGrowthBp !== null) {
    const { writtenPremiumCents: current, priorWrittenPremiumCents: prior } = figures;
    const computable = current !== null && prior !== null && prior > 0;
    results.push({
      gate: 'minimumGrowth',
      passes: computable && growthReaches(BigInt(current), BigInt(prior), gates.minimumGrowthBp),
      figure: computable ? growthBpOf(current, prior) : null,
      threshold: gates.minimumGrowthBp,
      reason: computable ? null : PRIOR_NOT_POSITIVE_REASON,
    });
  }
  return results;
}

/** The best-paying cell the figures qualify for (ties: the first row, then the first column). */
function applicableCell(grid: ProfitShareGrid, figures: ProfitShareFigures): Evaluation['cell'] {
  let best: Evaluation['cell'] = null;
  grid.lossRatioUnderBp.forEach((limit, row) => {
    if (!qualifiesRow(figures, limit)) return;
    grid.minimums.forEach((minimum, col) => {
      const rate = grid.rates[row]?.[col] ?? null;
      if (rate === null || !qualifiesColumn(figures, grid.axis, minimum)) return;
      if (!best || rate > best.rateBp) best = { row, col, rateBp: rate };
    });
  });
  return best;
}

/** What a cell needs beyond the figures, per axis (0 or more; null where the axis needs nothing). */
function distanceTo(
  terms: ProfitShareAgreementTerms,
  figures: ProfitShareFigures,
  row: number,
  col: number,
): Omit<Distance, 'row' | 'col' | 'rateBp' | 'payoutCents'> {
  const { grid } = terms;
  const limit = grid.lossRatioUnderBp[row] ?? null;
  const minimum = grid.minimums[col] ?? null;
  let lossRatioPointsBp: number | null = null;
  if (limit !== null && !qualifiesRow(figures, limit)) {
    const ratio = lossRatioBpOf(figures.incurredCents ?? 0, figures.earnedCents);
    // Under the limit means at least one basis point below it.
    lossRatioPointsBp = ratio === null ? null : Math.max(1, ratio - limit + 1);
  }
  let writtenPremiumCents: number | null = null;
  let policies: number | null = null;
  let premiumCents: number | null = null;
  if (minimum !== null && !qualifiesColumn(figures, grid.axis, minimum)) {
    if (grid.axis === 'growth' && figures.priorWrittenPremiumCents && figures.priorWrittenPremiumCents > 0) {
      // The least written premium w with (w - prior) / prior >= minimum: prior x (1 + minimum), up.
      const needed = divCeil(BigInt(figures.priorWrittenPremiumCents) * (BP + BigInt(minimum)), BP);
      writtenPremiumCents = Number(needed) - (figures.writtenPremiumCents ?? 0);
    } else if (grid.axis === 'policiesInForce') {
      policies = minimum - (figures.policiesInForce ?? 0);
    } else if (grid.axis === 'premium') {
      premiumCents = minimum - (figures.measureCents ?? 0);
    }
  }
  return { lossRatioPointsBp, writtenPremiumCents, policies, premiumCents };
}

/** Reads the grid, the gates and the kicker with one set of figures. */
export function evaluate(
  terms: ProfitShareAgreementTerms,
  figures: ProfitShareFigures,
  multiYear: { earned: number | null; incurred: number | null },
  kickerNewBusinessCents: number | null,
): Evaluation {
  const gates = gateResults(terms.gates, figures, multiYear);
  const eligible = gates.every((gate) => gate.passes);
  const cell = applicableCell(terms.grid, figures);
  const measure = figures.measureCents ?? 0;
  const basePayoutCents = eligible && cell ? payoutOf(measure, cell.rateBp) : 0;
  let kicker: Evaluation['kicker'] = null;
  if (terms.kicker) {
    const newBusiness = kickerNewBusinessCents ?? 0;
    const reached = eligible && newBusiness >= terms.kicker.newBusinessThresholdCents;
    kicker = {
      reached,
      shortCents: Math.max(0, terms.kicker.newBusinessThresholdCents - newBusiness),
      payoutCents: reached ? payoutOf(newBusiness, terms.kicker.rateBp) : 0,
    };
  }
  const current = cell?.rateBp ?? 0;
  const betterCells: Distance[] = [];
  terms.grid.rates.forEach((rates, row) =>
    rates.forEach((rate, col) => {
      if (rate === null || rate <= current) return;
      betterCells.push({
        row,
        col,
        rateBp: rate,
        payoutCents: payoutOf(measure, rate),
        ...distanceTo(terms, figures, row, col),
      });
    }),
  );
  betterCells.sort((a, b) => a.rateBp - b.rateBp || a.row - b.row || a.col - b.col);
  return {
    figures,
    lossRatioBp: lossRatioBpOf(figures.incurredCents, figures.earnedCents),
    growthBp: growthBpOf(figures.writtenPremiumCents, figures.priorWrittenPremiumCents),
    gates,
    eligible,
    cell,
    basePayoutCents,
    kicker,
    payoutCents: basePayoutCents + (kicker?.payoutCents ?? 0),
    betterCells,
  };
}

/**
 * A year-to-date amount run on to year end: plus the rest of last year when known (the last 12
 * months' pace), else straight on (x 12 / months elapsed, rounded once).
 */
export function runToYearEnd(cents: number, monthsElapsed: number, restOfLastYear: number | null): number {
  if (monthsElapsed >= 12) return cents;
  if (restOfLastYear !== null) return cents + restOfLastYear;
  return Number(divRound(BigInt(cents) * 12n, BigInt(monthsElapsed)));
}

const plus = (a: number | null, b: number) => (a === null && b === 0 ? null : (a ?? 0) + b);

/**
 * The projection of an agreement: the grid read with the year's figures so far and with the figures
 * run on to year end, after the what-if inputs. Status: at risk when the year so far pays more than
 * the year-end projection (a payout at risk), or when every gate passes at year end but the projection
 * reaches no cell that pays; on track when the year-end projection pays, no less than the year so far;
 * not eligible otherwise.
 */
export function projectAgreement(
  terms: ProfitShareAgreementTerms,
  actuals: ProfitShareActuals,
  whatIf: ProfitShareWhatIf = NO_WHAT_IF,
): Projection {
  const monthsElapsed = Math.min(12, Math.max(1, Math.trunc(actuals.monthsElapsed)));
  const cap = terms.gates.largeLossCapCents;
  const largeLoss = cap === null ? whatIf.largeLossCents : Math.min(whatIf.largeLossCents, cap);
  const written = plus(actuals.writtenPremiumCents, whatIf.extraNewBusinessCents);
  const newBusiness = plus(actuals.newBusinessCents, whatIf.extraNewBusinessCents);
  const incurred = plus(actuals.incurredCents, largeLoss);
  const measureOf = (figures: { written: number | null; earned: number | null }) =>
    terms.measure === 'writtenPremium' ? figures.written : figures.earned;

  const ytdFigures: ProfitShareFigures = {
    measureCents: measureOf({ written, earned: actuals.earnedCents }),
    writtenPremiumCents: written,
    priorWrittenPremiumCents: actuals.priorWrittenPremiumCents,
    newBusinessCents: newBusiness,
    earnedCents: actuals.earnedCents,
    incurredCents: incurred,
    policiesInForce: actuals.policiesInForce,
  };
  const rest = actuals.restOfLastYear;
  const run = (cents: number | null, pick: (r: RestOfYear) => number | null) =>
    cents === null ? null : runToYearEnd(cents, monthsElapsed, rest && pick(rest));
  // The rest of the year's written premium moves with the rate change; what is written stays.
  const yearWrittenBase = run(actuals.writtenPremiumCents, (r) => r.writtenPremiumCents);
  const yearWritten =
    yearWrittenBase === null || actuals.writtenPremiumCents === null
      ? plus(null, whatIf.extraNewBusinessCents)
      : actuals.writtenPremiumCents +
        Number(
          divRound(
            BigInt(yearWrittenBase - actuals.writtenPremiumCents) * (BP + BigInt(whatIf.rateChangeBp)),
            BP,
          ),
        ) +
        whatIf.extraNewBusinessCents;
  const yearEarned = run(actuals.earnedCents, (r) => r.earnedCents);
  const yearIncurred = plus(
    run(actuals.incurredCents, (r) => r.incurredCents),
    largeLoss,
  );
  const yearNewBusiness = plus(
    run(actuals.newBusinessCents, (r) => r.newBusinessCents),
    whatIf.extraNewBusinessCents,
  );
  const yearFigures: ProfitShareFigures = {
    measureCents: measureOf({ written: yearWritten, earned: yearEarned }),
    writtenPremiumCents: yearWritten,
    priorWrittenPremiumCents: actuals.priorYearWrittenPremiumCents,
    newBusinessCents: yearNewBusiness,
    earnedCents: yearEarned,
    incurredCents: yearIncurred,
    policiesInForce: actuals.policiesInForce,
  };
  const multiYear = {
    earned: actuals.multiYearEarnedCents,
    incurred: plus(actuals.multiYearIncurredCents, largeLoss),
  };
  // The kicker is measured on the year's new business: run on to year end in both readings.
  const yearToDate = evaluate(terms, ytdFigures, multiYear, yearNewBusiness);
  const yearEnd = evaluate(terms, yearFigures, multiYear, yearNewBusiness);
  const status: ProfitShareStatus =
    yearToDate.payoutCents > yearEnd.payoutCents || (yearEnd.payoutCents === 0 && yearEnd.eligible)
      ? 'atRisk'
      : yearEnd.payoutCents > 0
        ? 'onTrack'
        : 'notEligible';
  return { yearToDate, yearEnd, status };
}

/** Sums the actuals of a network's agencies: a network agreement is measured on the aggregate. */
export function sumActuals(agencies: readonly ProfitShareActuals[]): ProfitShareActuals {
  const add = (pick: (a: ProfitShareActuals) => number | null): number | null =>
    agencies.reduce<number | null>((sum, agency) => {
      const value = pick(agency);
      return value === null ? sum : (sum ?? 0) + value;
    }, null);
  const rests = agencies.map((a) => a.restOfLastYear).filter((r) => r !== null);
  const restSum = (pick: (r: RestOfYear) => number | null) =>
    rests.reduce<number | null>((sum, r) => {
      const value = pick(r);
      return value === null ? sum : (sum ?? 0) + value;
    }, null);
  return {
    monthsElapsed: Math.max(1, ...agencies.map((a) => a.monthsElapsed)),
    writtenPremiumCents: add((a) => a.writtenPremiumCents),
    priorWrittenPremiumCents: add((a) => a.priorWrittenPremiumCents),
    priorYearWrittenPremiumCents: add((a) => a.priorYearWrittenPremiumCents),
    newBusinessCents: add((a) => a.newBusinessCents),
    earnedCents: add((a) => a.earnedCents),
    incurredCents: add((a) => a.incurredCents),
    multiYearEarnedCents: add((a) => a.multiYearEarnedCents),
    multiYearIncurredCents: add((a) => a.multiYearIncurredCents),
    policiesInForce: add((a) => a.policiesInForce),
    restOfLastYear:
      rests.length === 0
        ? null
        : {
            writtenPremiumCents: restSum((r) => r.writtenPremiumCents),
            newBusinessCents: restSum((r) => r.newBusinessCents),
            earnedCents: restSum((r) => r.earnedCents),
            incurredCents: restSum((r) => r.incurredCents),
          },
  };
}

/** How a network shares a contingent check among its member agencies. */
export const ALLOCATION_METHODS = ['premiumShare', 'lossRatioWeighted', 'byHand'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

export type AllocationInput = {
  agencyUuid: string;
  /** The agreement's measure for the year (cents). */
  premiumCents: number;
  earnedCents: number;
  incurredCents: number;
  /** By hand: the amount given (cents). */
  amountCents?: number;
};

export type AllocationLine = {
  agencyUuid: string;
  amountCents: number;
  /** The agency's loss ratio over the group's, in basis points (10000 = the group's); null: none. */
  relativityBp: number | null;
};

export class AllocationError extends Error {}

/** A weight as an exact fraction. */
type Fraction = { n: bigint; d: bigint };

/**
 * Shares `checkCents` among agencies in proportion to `weights`, in whole cents that sum to the check:
 * each gets the floor of its exact share, and the cents left go one each to the largest remainders
 * (ties: the order given). Exact: shares and remainders are compared as fractions.
 */
function shareOut(checkCents: number, weights: readonly Fraction[]): number[] {
  const check = BigInt(checkCents);
  // total = sum of n_i / d_i as one fraction N / D.
  let total: Fraction = { n: 0n, d: 1n };
  for (const w of weights) total = { n: total.n * w.d + w.n * total.d, d: total.d * w.d };
  if (total.n <= 0n) throw new AllocationError('There is no premium to share the check by.');
  // share_i = check x (n_i / d_i) / (N / D) = check x n_i x D / (d_i x N)
  const parts = weights.map((w, index) => {
    const numerator = check * w.n * total.d;
    const denominator = w.d * total.n;
    return {
      index,
      floor: numerator / denominator,
      remainder: { n: numerator % denominator, d: denominator },
    };
  });
  let left = check - parts.reduce((sum, part) => sum + part.floor, 0n);
  const order = [...parts].sort((a, b) => {
    const diff = b.remainder.n * a.remainder.d - a.remainder.n * b.remainder.d;
    return diff > 0n ? 1 : diff < 0n ? -1 : a.index - b.index;
  });
  const amounts = parts.map((part) => part.floor);
  for (const part of order) {
    if (left <= 0n) break;
    amounts[part.index]! += 1n;
    left -= 1n;
  }
  return amounts.map(Number);
}

/** Each agency's loss ratio over the group's (exact, and in basis points); null without earned premium. */
function relativities(agencies: readonly AllocationInput[]) {
  const groupEarned = agencies.reduce((sum, a) => sum + BigInt(a.earnedCents), 0n);
  const groupIncurred = agencies.reduce((sum, a) => sum + BigInt(a.incurredCents), 0n);
  const relativity = (a: AllocationInput): Fraction | null => {
    if (a.earnedCents <= 0 || groupEarned <= 0n || groupIncurred <= 0n) return null;
    // (incurred_a / earned_a) / (incurred_g / earned_g)
    return { n: BigInt(a.incurredCents) * groupEarned, d: BigInt(a.earnedCents) * groupIncurred };
  };
  const relativityBp = (a: AllocationInput) => {
    const r = relativity(a);
    return r === null ? null : Number(divRound(r.n * BP, r.d));
  };
  return { relativity, relativityBp };
}

/** The loss-ratio relativity of each agency of a group, in basis points (10000 = the group's); null: none. */
export function lossRatioRelativitiesBp(agencies: readonly AllocationInput[]): (number | null)[] {
  const { relativityBp } = relativities(agencies);
  return agencies.map(relativityBp);
}

/**
 * Allocates a network's check to its agencies.
 * - premiumShare: by each agency's share of the premium.
 * - lossRatioWeighted: by premium x (2 - relativity), relativity = the agency's loss ratio over the
 *   group's (an agency at half the group's loss ratio counts 1.5 times its premium; at twice the
 *   group's or more, nothing). An agency without earned premium counts as the group (relativity 1).
 * - byHand: the amounts given, which must sum to the check.
 */
export function allocateCheck(
  checkCents: number,
  method: AllocationMethod,
  agencies: readonly AllocationInput[],
): AllocationLine[] {
  if (!Number.isInteger(checkCents) || checkCents <= 0)
    throw new AllocationError('The check amount must be more than $0.00.');
  if (agencies.length === 0)
    throw new AllocationError('Choose at least one agency to allocate the check to.');
  const { relativity, relativityBp } = relativities(agencies);
  if (method === 'byHand') {
    const amounts = agencies.map((a) => a.amountCents ?? 0);
    if (amounts.some((amount) => !Number.isInteger(amount) || amount < 0))
      throw new AllocationError('Each amount must be $0.00 or more, in whole cents.');
    const sum = amounts.reduce((total, amount) => total + amount, 0);
    if (sum !== checkCents)
      throw new AllocationError(
        `The amounts add up to ${formatCents(sum)}, not the check's ${formatCents(checkCents)}.`,
      );
    return agencies.map((a, i) => ({
      agencyUuid: a.agencyUuid,
      amountCents: amounts[i]!,
      relativityBp: relativityBp(a),
    }));
  }
  const weights = agencies.map((a): Fraction => {
    const premium = BigInt(Math.max(0, a.premiumCents));
    if (method === 'premiumShare') return { n: premium, d: 1n };
    const r = relativity(a) ?? { n: 1n, d: 1n };
    // premium x (2 - n/d) = premium x (2d - n) / d, floored at 0.
    const factor = 2n * r.d - r.n;
    return { n: factor > 0n ? premium * factor : 0n, d: r.d };
  });
  const amounts = shareOut(checkCents, weights);
  return agencies.map((a, i) => ({
    agencyUuid: a.agencyUuid,
    amountCents: amounts[i]!,
    relativityBp: relativityBp(a),
  }));
}

/** Cents as dollars with two decimals and thousands separators ("$1,234.50"), for messages. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

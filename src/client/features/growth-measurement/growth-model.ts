import type {
  CarrierProductionRecord,
  FullPlanResponse,
  PlanLeaf,
  YtdResponse,
} from '#shared/contracts/growth-measurement.ts';
import {
  monthlyGoalCents,
  newBusinessStillNeededCents,
  percentOfGoal,
  planChangePercent,
  PLAN_LINE_CODES,
  PLAN_TOTAL_CODE,
  toCents,
  toDollars,
  type PlanLineCode,
} from '#shared/domain/growth-plan.ts';

/**
 * The measurement table and chart of /growth-measurement: a plan's goals for the months so far
 * against the actual year-to-date figures, per carrier and line, rolled up per carrier and for the
 * agency. Sums are taken in integer cents.
 */

export type LineFilter = PlanLineCode | typeof PLAN_TOTAL_CODE;

/** One row's figures, in cents (percentages in percent). */
export type MeasuredFigures = {
  /** Prior-year written premium of the same months. */
  priorCents: number;
  /** Written-premium goal of the months so far (month index x annual goal / 12). */
  goalCents: number;
  actualCents: number;
  /** Actual as a percent of goal; null when the goal is not positive. */
  percentOfGoal: number | null;
  /** Actual against prior; null ('N/A') when prior is 0 or negative. */
  changePercent: number | null;
  /** New-business goal of the months so far. */
  newBusinessGoalCents: number;
  actualNewBusinessCents: number;
  /** The year's new-business goal less the new business written so far, never below 0. */
  newBusinessNeededCents: number;
  /** The year's goals (for the chart). */
  annualGoalCents: number;
  annualNewBusinessCents: number;
};

export type MeasuredLine = { lineCode: PlanLineCode; figures: MeasuredFigures };
export type MeasuredCarrier = {
  carrierUuid: string;
  carrierName: string;
  figures: MeasuredFigures;
  lines: MeasuredLine[];
};
export type Measurement = { carriers: MeasuredCarrier[]; total: MeasuredFigures };

type Sums = Omit<MeasuredFigures, 'percentOfGoal' | 'changePercent'>;

const zero = (): Sums => ({
  priorCents: 0,
  goalCents: 0,
  actualCents: 0,
  newBusinessGoalCents: 0,
  actualNewBusinessCents: 0,
  newBusinessNeededCents: 0,
  annualGoalCents: 0,
  annualNewBusinessCents: 0,
});

function addInto(into: Sums, s: Sums): void {
  for (const key of Object.keys(into) as (keyof Sums)[]) into[key] += s[key];
}

function withRatios(s: Sums): MeasuredFigures {
  return {
    ...s,
    percentOfGoal: percentOfGoal(s.actualCents, s.goalCents),
    changePercent: planChangePercent(s.actualCents, s.priorCents),
  };
}

const recordKey = (carrierUuid: string, line: string) => `${carrierUuid}:${line}`;

function leafSums(leaf: PlanLeaf, record: CarrierProductionRecord | undefined, month: number): Sums {
  const annualGoalCents = toCents(leaf.wpGoalPlan);
  const annualNewBusinessCents = toCents(leaf.apNewBusiness);
  const actualNewBusinessCents = toCents(record?.newWrittenPremiumYTD ?? 0);
  return {
    priorCents: toCents(record?.priorWrittenPremiumYTD ?? 0),
    goalCents: month > 0 ? monthlyGoalCents(annualGoalCents, month) : 0,
    actualCents: toCents(record?.writtenPremiumYTD ?? 0),
    newBusinessGoalCents: month > 0 ? monthlyGoalCents(annualNewBusinessCents, month) : 0,
    actualNewBusinessCents,
    newBusinessNeededCents: newBusinessStillNeededCents(annualNewBusinessCents, actualNewBusinessCents),
    annualGoalCents,
    annualNewBusinessCents,
  };
}

/** Case-insensitive "contains" on the carrier name (spec part 2 §5 "Carrier search"). */
export function matchesSearch(name: string, search: string): boolean {
  return name.toLowerCase().includes(search.trim().toLowerCase());
}

/**
 * The plan measured against the actual figures through `month`: the plan's carriers (those with a
 * leaf of the chosen line whose name contains the search), their lines, and the total.
 */
export function measurePlan(
  plan: Pick<FullPlanResponse, 'leafLevelData'>,
  ytd: Pick<YtdResponse, 'records'> | null,
  options: { month: number; line: LineFilter; search: string },
): Measurement {
  const records = new Map((ytd?.records ?? []).map((r) => [recordKey(r.carrierUuid, r.policyTypeCode), r]));
  const carriers = new Map<string, { name: string; sums: Sums; lines: MeasuredLine[] }>();
  const total = zero();
  for (const leaf of plan.leafLevelData) {
    if (options.line !== PLAN_TOTAL_CODE && leaf.lineCode !== options.line) continue;
    if (!matchesSearch(leaf.carrierName, options.search)) continue;
    const sums = leafSums(leaf, records.get(recordKey(leaf.carrierUuid, leaf.lineCode)), options.month);
    const carrier = carriers.get(leaf.carrierUuid) ?? { name: leaf.carrierName, sums: zero(), lines: [] };
    addInto(carrier.sums, sums);
    carrier.lines.push({ lineCode: leaf.lineCode, figures: withRatios(sums) });
    carriers.set(leaf.carrierUuid, carrier);
    addInto(total, sums);
  }
  return {
    carriers: [...carriers].map(([carrierUuid, c]) => ({
      carrierUuid,
      carrierName: c.name,
      figures: withRatios(c.sums),
      lines: c.lines.sort(
        (a, b) => PLAN_LINE_CODES.indexOf(a.lineCode) - PLAN_LINE_CODES.indexOf(b.lineCode),
      ),
    })),
    total: withRatios(total),
  };
}

export type ChartPoint = { month: number; goal: number; actual: number | null };

/**
 * The chart: the written premium of the measured carriers and lines (those of the table) at the end
 * of each month so far, summed in cents, against the goal line (month index x their annual goal /
 * 12) over the whole year.
 */
export function chartPoints(measurement: Measurement, cumulative: YtdResponse['cumulative']): ChartPoint[] {
  const byMonth = new Map(cumulative.map((c) => [c.month, c.carriers]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const carriers = byMonth.get(month);
    let actual: number | null = null;
    if (carriers) {
      let sum = 0;
      for (const carrier of measurement.carriers) {
        for (const { lineCode } of carrier.lines)
          sum += toCents(carriers[carrier.carrierUuid]?.[lineCode] ?? 0);
      }
      actual = toDollars(sum);
    }
    return { month, goal: toDollars(monthlyGoalCents(measurement.total.annualGoalCents, month)), actual };
  });
}

import { z } from 'zod';
import { PLAN_LINE_CODES, PLAN_PERCENT_LIMITS } from '#shared/domain/growth-plan.ts';

/**
 * Growth plan measurement (spec part 2 §2, §3 "Plan", "Plan data per carrier and line", "Reporting
 * date", "Active plan years", §7 /api/growth-measurement/*). Money is dollars with cents as JSON
 * numbers; percentages are percent (10.5 is 10.5 %).
 */

const levelUuid = z.string().uuid('levelUuid must be the UUID of an agency').optional();

/** Query of the calls that read an agency's plans or figures. */
export const growthLevelQuerySchema = z.object({ levelUuid });
export type GrowthLevelQuery = z.infer<typeof growthLevelQuerySchema>;

export const planIdParamsSchema = z.object({
  planId: z.string().uuid('planId must be the id of a plan'),
});

export const planLineCodeSchema = z.enum(PLAN_LINE_CODES, {
  message: `Line of business must be one of ${PLAN_LINE_CODES.join(', ')}`,
});

/** Spec part 2 §3 "Plan": name and year, with what the editor needs to save safely. */
export const planSchema = z.object({
  planId: z.string().uuid(),
  agencyUuid: z.string().uuid(),
  name: z.string(),
  year: z.number().int(),
  /** Counts saves: a save names the version it was made on (a stale one is a 409). */
  version: z.number().int(),
  updatedAt: z.string(),
  /** Who saved last, by name; null when unknown. */
  updatedBy: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/growth-measurement/active-plan-years: "activePlans keyed by year, and yearOptions". */
export const activePlanYearsResponseSchema = z.object({
  activePlans: z.record(z.string(), planSchema),
  yearOptions: z.array(z.object({ label: z.string(), value: z.number().int() })),
  /** The agency the answer is for. */
  agencyUuid: z.string().uuid(),
  /** Whether the caller may create and change this agency's plans. */
  canEdit: z.boolean(),
});
export type ActivePlanYearsResponse = z.infer<typeof activePlanYearsResponseSchema>;

const planFiguresSchema = z.object({
  /** Prior-year written premium. */
  priorWrittenPremium: z.number(),
  /** Written-premium goal: prior x (1 + growth goal). */
  wpGoalPlan: z.number(),
  /** New-business goal: the written-premium goal less prior x retention x (1 + rate). */
  apNewBusiness: z.number(),
  /** New business as a percent of the written-premium goal; null when the goal is not positive. */
  apPercentNewToBook: z.number().nullable(),
});

/** A leaf: one carrier and line (spec part 2 §3 "Plan data per carrier and line"). */
export const planLeafSchema = planFiguresSchema.extend({
  /** The row's key: carrier and line. */
  hash: z.string(),
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  lineCode: planLineCodeSchema,
  growthGoalPlan: z.number(),
  rate: z.number(),
  retention: z.number(),
});
export type PlanLeaf = z.infer<typeof planLeafSchema>;

export const carrierRollupSchema = planFiguresSchema.extend({
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
});
export type CarrierRollup = z.infer<typeof carrierRollupSchema>;

/** GET /api/growth-measurement/plan/{planId}/full */
export const fullPlanResponseSchema = z.object({
  plan: planSchema,
  leafLevelData: z.array(planLeafSchema),
  carrierRollup: z.array(carrierRollupSchema),
  agencyRollup: planFiguresSchema,
  canEdit: z.boolean(),
});
export type FullPlanResponse = z.infer<typeof fullPlanResponseSchema>;

/** GET /api/growth-measurement/active-plans/{planId} */
export const activePlanResponseSchema = z.object({ plan: planSchema });

/** GET /api/growth-measurement/reporting-dates */
export const reportingDatesResponseSchema = z.object({
  reportingDates: z.array(
    z.object({
      carrierUuid: z.string().uuid(),
      /** The carrier's latest reported month at the agency, YYYY-MM; null: never. */
      mostRecentReportingDate: z.string().nullable(),
    }),
  ),
});
export type ReportingDatesResponse = z.infer<typeof reportingDatesResponseSchema>;

/** GET /api/growth-measurement/ytd-agency-carrier/v2 */
export const ytdQuerySchema = z.object({
  levelUuid,
  year: z.coerce
    .number({ message: 'year must be a year' })
    .int('year must be a year')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be 2100 or earlier'),
  /** The last month counted (1-12); by default the year's last month with figures. */
  month: z.coerce
    .number({ message: 'month must be 1 to 12' })
    .int('month must be 1 to 12')
    .min(1, 'month must be 1 to 12')
    .max(12, 'month must be 1 to 12')
    .optional(),
});
export type YtdQuery = z.infer<typeof ytdQuerySchema>;

/** Spec part 2 §3 "Carrier production record", one per carrier and line with figures. */
export const carrierProductionRecordSchema = z.object({
  carrierUuid: z.string().uuid(),
  agencyUuid: z.string().uuid(),
  carrierName: z.string(),
  agencyName: z.string(),
  agencyState: z.string(),
  policyTypeCode: z.string(),
  broadLineOfBusinessStandardTypeCode: z.string(),
  broadLineOfBusinessStandardTypeName: z.string(),
  writtenPremiumYTD: z.number().nullable(),
  priorWrittenPremiumYTD: z.number().nullable(),
  newWrittenPremiumYTD: z.number().nullable(),
  month: z.number().int(),
  year: z.number().int(),
});
export type CarrierProductionRecord = z.infer<typeof carrierProductionRecordSchema>;

export const ytdResponseSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  records: z.array(carrierProductionRecordSchema),
  /**
   * Written premium year to date at the end of each month 1..month, per carrier (by id) and line
   * (null: not reported), for the chart of cumulative actual against goal.
   */
  cumulative: z.array(
    z.object({
      month: z.number().int(),
      carriers: z.record(z.string(), z.record(z.string(), z.number().nullable())),
    }),
  ),
});
export type YtdResponse = z.infer<typeof ytdResponseSchema>;

const percentField = (field: keyof typeof PLAN_PERCENT_LIMITS) => {
  const { min, max, label } = PLAN_PERCENT_LIMITS[field];
  return z
    .number({ message: `${label} must be a percent` })
    .min(min, `${label} must be at least ${min} %`)
    .max(max, `${label} must be at most ${max} %`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${label} takes at most two decimals`,
    });
};

/** A row the editor saves: the inputs only (the goals are computed). */
export const planRowInputSchema = z.object({
  carrierUuid: z.string().uuid('carrierUuid must be the id of a carrier'),
  lineCode: planLineCodeSchema,
  priorWrittenPremium: z
    .number({ message: 'Prior written premium must be an amount' })
    .min(0, 'Prior written premium must not be negative')
    .max(999_999_999.99, 'Prior written premium must be at most $999,999,999.99')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'Prior written premium takes at most two decimals',
    }),
  growthGoalPlan: percentField('growthGoalPlan'),
  rate: percentField('rate'),
  retention: percentField('retention'),
});
export type PlanRowInput = z.infer<typeof planRowInputSchema>;

const planName = z
  .string({ message: 'Plan name is required' })
  .trim()
  .min(1, 'Plan name is required')
  .max(120, 'Plan name must be at most 120 characters');

/** POST /api/growth-measurement/plans */
export const createPlanBodySchema = z.object({
  name: planName,
  year: z
    .number({ message: 'year must be a year' })
    .int('year must be a year')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be 2100 or earlier'),
  /** Start from last year's plan (carriers, lines and percentages) with this year's prior figures. */
  copyLastYear: z.boolean().default(false),
});
export type CreatePlanBody = z.input<typeof createPlanBodySchema>;

/** PUT /api/growth-measurement/plan/{planId}: the whole plan as the editor has it. */
export const savePlanBodySchema = z
  .object({
    version: z.number().int(),
    name: planName,
    rows: z.array(planRowInputSchema).max(2_000, 'A plan holds at most 2,000 rows'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rows.forEach((row, index) => {
      const key = `${row.carrierUuid}:${row.lineCode}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index, 'lineCode'],
          message: 'A carrier appears twice with the same line of business',
        });
      }
      seen.add(key);
    });
  });
export type SavePlanBody = z.infer<typeof savePlanBodySchema>;

/** GET /api/growth-measurement/carriers: the carriers a plan may name. */
export const planCarriersResponseSchema = z.object({
  carriers: z.array(z.object({ uuid: z.string().uuid(), name: z.string() })),
});
export type PlanCarriersResponse = z.infer<typeof planCarriersResponseSchema>;

import { z } from 'zod';
import { BROAD_LINE_CODES } from './production.ts';

/**
 * The agency production scorecard (spec part 2 §2 "Agency production scorecard", §3 Scorecard
 * fields and Timeframe (scorecard), §7 /api/scorecards/by-agency, /by-carrier, /stats).
 */

const flag = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');

const isoDate = (field: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`);

/** The scorecard's timeframe (spec part 2 §3): a year, or startDate and endDate. */
export const scorecardTimeframeSchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  year: z
    .string()
    .regex(/^\d{4}$/, 'year must be a year as YYYY')
    .transform(Number)
    .optional(),
  startDate: isoDate('startDate').optional(),
  endDate: isoDate('endDate').optional(),
  /** For a network level: one of its agencies (spec part 2 §2: a network user picks one agency). */
  selectedAgencyUuid: z.string().uuid('selectedAgencyUuid must be the UUID of an agency').optional(),
});

const carrierFlags = {
  isStandard: flag,
  isMga: flag,
  isCrop: flag,
  isFlood: flag,
  isSurety: flag,
  isWorkersComp: flag,
};

/** GET /api/scorecards/by-agency and /stats: the timeframe and the carrier-kind flags. */
export const scorecardQuerySchema = scorecardTimeframeSchema.extend(carrierFlags);
export type ScorecardQuery = z.infer<typeof scorecardQuerySchema>;

/** GET /api/scorecards/by-carrier: also the policy type and its standard types (a comma list). */
export const scorecardByCarrierQuerySchema = scorecardQuerySchema.extend({
  parentTypeCode: z
    .enum(BROAD_LINE_CODES, { message: 'parentTypeCode must be P&C, PL, CL, BOND or CROP' })
    .default('P&C'),
  standardTypes: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});
export type ScorecardByCarrierQuery = z.infer<typeof scorecardByCarrierQuerySchema>;

/** Exact dollars (numeric summed in SQL); null when nothing was reported, which is not zero. */
const money = z.number().nullable();
/** A percent of the written premium (14.25 is 14.25 %), from summed amounts; null without premium. */
const percent = z.number().nullable();

/** Spec part 2 §3 Scorecard fields. */
export const scorecardFiguresSchema = z.object({
  writtenPremiumYTD: money,
  baseCommissionYTD: money,
  additionalCommissionYTD: money,
  totalCommissionYTD: money,
  baseCommissionPercent: percent,
  additionalCommissionPercent: percent,
  totalCommissionPercent: percent,
});
export type ScorecardFigures = z.infer<typeof scorecardFiguresSchema>;

export const scorecardPeriodSchema = z.object({ startDate: z.string(), endDate: z.string() });

/** GET /api/scorecards/by-agency: per policy type, the total and its core / non-core split. */
export const scorecardByAgencyResponseSchema = z.object({
  period: scorecardPeriodSchema,
  policyTypes: z.record(
    z.enum(BROAD_LINE_CODES),
    z.object({
      total: scorecardFiguresSchema,
      core: scorecardFiguresSchema,
      noncore: scorecardFiguresSchema,
    }),
  ),
});
export type ScorecardByAgencyResponse = z.infer<typeof scorecardByAgencyResponseSchema>;

/** A line of a carrier's breakdown: a standard type, or a broad line where the statement maps no further. */
export const scorecardLineSchema = scorecardFiguresSchema.extend({
  code: z.string(),
  name: z.string(),
  isLowestLevel: z.boolean(),
});
export type ScorecardLine = z.infer<typeof scorecardLineSchema>;

export const scorecardCarrierSchema = scorecardFiguresSchema.extend({
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  isCoreCarrier: z.boolean(),
  isMga: z.boolean(),
  /** Some agency's statements of the carrier start or stop within the period. */
  haveMissingData: z.boolean(),
  lines: z.array(scorecardLineSchema),
});
export type ScorecardCarrier = z.infer<typeof scorecardCarrierSchema>;

/** GET /api/scorecards/by-carrier: per carrier, by written premium descending, and the totals. */
export const scorecardByCarrierResponseSchema = z.object({
  period: scorecardPeriodSchema,
  parentTypeCode: z.enum(BROAD_LINE_CODES),
  carriers: z.array(scorecardCarrierSchema),
  totals: scorecardFiguresSchema,
});
export type ScorecardByCarrierResponse = z.infer<typeof scorecardByCarrierResponseSchema>;

/** GET /api/scorecards/stats: a summary per policy type, and the latest month with data. */
export const scorecardStatsResponseSchema = z.object({
  period: scorecardPeriodSchema,
  /** The last day of the latest month with a commission statement at the level (YYYY-MM-DD). */
  latestDataDate: z.string().nullable(),
  policyTypes: z.array(
    scorecardFiguresSchema.extend({
      policyTypeCode: z.enum(BROAD_LINE_CODES),
      carriers: z.number().int(),
      coreCarriers: z.number().int(),
    }),
  ),
});
export type ScorecardStatsResponse = z.infer<typeof scorecardStatsResponseSchema>;

/** GET /api/scorecards/export: the carrier table as CSV, with the table's search and carrier type. */
export const scorecardExportQuerySchema = scorecardByCarrierQuerySchema.extend({
  search: z.string().max(200, 'search must be at most 200 characters').default(''),
  carrierType: z
    .enum(['all', 'core', 'noncore'], { message: 'carrierType must be all, core or noncore' })
    .default('all'),
});
export type ScorecardExportQuery = z.infer<typeof scorecardExportQuerySchema>;

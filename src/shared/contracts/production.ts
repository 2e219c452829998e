import { z } from 'zod';

const isoDate = (field: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`);
const flag = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');

/** The broad line a report is computed for; 'P&C' is the total (spec part 1 §3 "Lines of business"). */
export const BROAD_LINE_CODES = ['P&C', 'PL', 'CL', 'BOND', 'CROP'] as const;
export type BroadLineCode = (typeof BROAD_LINE_CODES)[number];

/** Query of by-carrier and by-agency (spec part 2 §7): period, level, line, standard types, composites. */
export const productionQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  startDate: isoDate('startDate'),
  endDate: isoDate('endDate'),
  broadLineOfBusinessStandardTypeCode: z.enum(BROAD_LINE_CODES).default('P&C'),
  /** Comma-separated standard type codes; empty means every type. */
  standardTypes: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  isStandard: flag,
  isMga: flag,
  isCrop: flag,
  isFlood: flag,
  isSurety: flag,
  isWorkersComp: flag,
  /**
   * The client's word that the range is year to date (spec part 2 §7); the server derives it from the
   * dates, and refuses a query whose word disagrees.
   */
  isYtd: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type ProductionQuery = z.infer<typeof productionQuerySchema>;

/** Exact dollars (numeric summed in SQL); null when nothing was reported, which is not zero. */
const money = z.number().nullable();

export const productionFiguresSchema = z.object({
  writtenPremium: money,
  priorWrittenPremium: money,
  newWrittenPremium: money,
  priorNewWrittenPremium: money,
  earned: money,
  priorEarned: money,
  incurred: money,
  priorIncurred: money,
});
export type ProductionFigures = z.infer<typeof productionFiguresSchema>;

/** A line with no reported figure in either period. */
export const NO_FIGURES: ProductionFigures = {
  writtenPremium: null,
  priorWrittenPremium: null,
  newWrittenPremium: null,
  priorNewWrittenPremium: null,
  earned: null,
  priorEarned: null,
  incurred: null,
  priorIncurred: null,
};

export const periodSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  priorStartDate: z.string(),
  priorEndDate: z.string(),
  /** Manual entries are included only for year-to-date and the rolling presets, without standard types. */
  includesManualEntries: z.boolean(),
});

/** Figures per line code: the broad lines (or the chosen line's standard types) and the line's total. */
export const linesSchema = z.record(z.string(), productionFiguresSchema);

/**
 * A carrier's figures per line (spec part 2 §3 "Carrier row (planning tool)"): those of the report's
 * manual-entry rule, and the '...WithManual' variants that always count manual entries.
 */
export const carrierFiguresSchema = productionFiguresSchema.extend({
  writtenPremiumWithManual: money,
  priorWrittenPremiumWithManual: money,
  newWrittenPremiumWithManual: money,
  priorNewWrittenPremiumWithManual: money,
  earnedWithManual: money,
  priorEarnedWithManual: money,
  incurredWithManual: money,
  priorIncurredWithManual: money,
});
export type CarrierFigures = z.infer<typeof carrierFiguresSchema>;

/** A line's figures with, as its '...WithManual' variants, the figures `withManual` (manual entries counted). */
export function carrierFigures(own: ProductionFigures, withManual: ProductionFigures = own): CarrierFigures {
  const variants = Object.fromEntries(
    Object.entries(withManual).map(([field, value]) => [`${field}WithManual`, value]),
  );
  return { ...own, ...variants } as CarrierFigures;
}

const yearMonthOrNull = z.string().nullable();

export const carrierProductionRowSchema = z.object({
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  isMga: z.boolean(),
  isCoreCarrier: z.boolean(),
  /** The months (YYYY-MM) of the period every agency of the level carrying the carrier reported. */
  reportedMonths: z.array(z.string()),
  /** The carrier's last reported month (YYYY-MM) in the period, or null: none. */
  latestYearMonth: yearMonthOrNull,
  /** The carrier's last month from its feed at the level (YYYY-MM), or null. */
  mostRecentReportingDate: yearMonthOrNull,
  /** The last month of the level's manual entries for the carrier (YYYY-MM), or null. */
  manualMostRecentReportingDate: yearMonthOrNull,
  haveMissingCurrentData: z.boolean(),
  haveMissingPriorData: z.boolean(),
  lines: z.record(z.string(), carrierFiguresSchema),
});
export type CarrierProductionRow = z.infer<typeof carrierProductionRowSchema>;

/** GET /api/core-production/by-carrier: rows keyed by carrier id. */
export const byCarrierResponseSchema = z.object({
  period: periodSchema,
  lineCode: z.enum(BROAD_LINE_CODES),
  carriers: z.record(z.string(), carrierProductionRowSchema),
});
export type ByCarrierResponse = z.infer<typeof byCarrierResponseSchema>;

export const agencyProductionRowSchema = z.object({
  agencyUuid: z.string().uuid(),
  name: z.string(),
  agencyCity: z.string(),
  agencyState: z.string(),
  haveMissingCurrentData: z.boolean(),
  haveMissingPriorData: z.boolean(),
  lines: linesSchema,
});
export type AgencyProductionRow = z.infer<typeof agencyProductionRowSchema>;

/** GET /api/core-production/by-agency */
export const byAgencyResponseSchema = z.object({
  period: periodSchema,
  lineCode: z.enum(BROAD_LINE_CODES),
  agencies: z.array(agencyProductionRowSchema),
});
export type ByAgencyResponse = z.infer<typeof byAgencyResponseSchema>;

export const agencyCodeProductionRowSchema = z.object({
  agencyCodeUuid: z.string().uuid(),
  /** The code, and its name when it has one other than the code. */
  code: z.string(),
  name: z.string(),
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  haveMissingCurrentData: z.boolean(),
  haveMissingPriorData: z.boolean(),
  lines: linesSchema,
});
export type AgencyCodeProductionRow = z.infer<typeof agencyCodeProductionRowSchema>;

/**
 * What the planning table sorts agency codes by: the name (its label) or one of its measures (spec
 * part 2 §9: current written premium, highest first, by default).
 */
export const AGENCY_CODE_SORT_KEYS = [
  'label',
  'writtenPremium',
  'priorWrittenPremium',
  'writtenPremiumChange',
  'newBusiness',
  'priorNewBusiness',
  'newBusinessChange',
  'earned',
  'incurred',
  'lossRatio',
  'priorLossRatio',
] as const;
export type AgencyCodeSortKey = (typeof AGENCY_CODE_SORT_KEYS)[number];

/** The largest page of agency codes one call answers. */
export const MAX_AGENCY_CODE_PAGE_SIZE = 500;

/** A whole number from 1 to `max` in a query string. */
const wholeNumber = (field: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${field} must be a whole number`)
    .refine((v) => Number(v) >= 1 && Number(v) <= max, `${field} must be between 1 and ${max}`);

/**
 * GET /api/core-production/by-agencyCode: the spec's query (part 2 §7), plus the table's page, sort
 * and search, done by the server over the whole selection (decision 026). Without pageSize the answer
 * holds every row of the selection, as the spec's call does.
 */
export const agencyCodeQuerySchema = productionQuerySchema.extend({
  /** A case-insensitive contains on the code, its name, its agency's and its carrier's names. */
  search: z.string().trim().max(100, 'search must be at most 100 characters').default(''),
  sort: z
    .enum(AGENCY_CODE_SORT_KEYS, { message: `sort must be one of ${AGENCY_CODE_SORT_KEYS.join(', ')}` })
    .default('writtenPremium'),
  direction: z.enum(['asc', 'desc'], { message: "direction must be 'asc' or 'desc'" }).default('desc'),
  page: wholeNumber('page', 100_000).default('1').transform(Number),
  pageSize: wholeNumber('pageSize', MAX_AGENCY_CODE_PAGE_SIZE)
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /**
   * Only the codes of this carrier (a carrier row's Subcode sub-table; an agency row's asks with the
   * agency as levelUuid).
   */
  carrierUuid: z.string().uuid('carrierUuid must be the UUID of a carrier').optional(),
});
export type AgencyCodeQuery = z.infer<typeof agencyCodeQuerySchema>;

/** GET /api/core-production/by-agencyCode: production per agency code (sub-code), a page of the selection. */
export const byAgencyCodeResponseSchema = z.object({
  period: periodSchema,
  lineCode: z.enum(BROAD_LINE_CODES),
  /** The page's rows, in the order asked. */
  agencyCodes: z.array(agencyCodeProductionRowSchema),
  /** How many agency codes the whole selection has (every page). */
  totalCount: z.number().int(),
  /** The 'Totals:' row: the line's figures summed over the whole selection (not reported: null). */
  totals: productionFiguresSchema,
  page: z.number().int(),
  /** The page size asked, or null: every row of the selection. */
  pageSize: z.number().int().nullable(),
});
export type ByAgencyCodeResponse = z.infer<typeof byAgencyCodeResponseSchema>;

/**
 * GET /api/core-production/by-agencyCode/export: the planning table by agency code as CSV, every row
 * of the selection (search and sort as the table; page and page size are ignored), displayText naming
 * the file.
 */
export const agencyCodeExportQuerySchema = agencyCodeQuerySchema.extend({
  displayText: z.string().trim().min(1, 'displayText is required').max(100),
});

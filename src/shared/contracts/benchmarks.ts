import { z } from 'zod';
import {
  BENCHMARK_METRICS,
  LOSS_RATIO_WARNING_MAX,
  LOSS_RATIO_WARNING_MIN,
  MAX_SIZE_BAND_LIMIT,
  MAX_SIZE_BAND_LIMITS,
  sizeBandLimitsProblem,
} from '#shared/domain/benchmarks.ts';
import { periodSchema } from './production.ts';

const isoDate = (field: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`);

/** Query of benchmarks and early warnings: the level (agency or network) and the period's months. */
export const benchmarksQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  startDate: isoDate('startDate'),
  endDate: isoDate('endDate'),
  isYtd: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type BenchmarksQuery = z.infer<typeof benchmarksQuerySchema>;

/** The network's early warnings are paged: 25 a page (the tables' page size, spec part 2 §9), at most 500. */
export const WARNINGS_PAGE_SIZE = 25;
export const WARNINGS_PAGE_SIZE_MAX = 500;
export const WARNING_REASONS = ['lossRatio', 'growth'] as const;
/**
 * How the network's warnings are ordered: by agency name, or the agencies with the largest written
 * premium in the period first (the calls that matter most).
 */
export const WARNING_ORDERS = ['agency', 'premium'] as const;
export type WarningOrder = (typeof WARNING_ORDERS)[number];

/**
 * An early-warnings request: a benchmarks query, and at the network the page (and its size), a
 * search of agency names, one reason to list alone and the order. An agency's own warnings come on
 * one page.
 */
export const warningsQuerySchema = benchmarksQuerySchema.extend({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
    .transform(Number)
    .refine((v) => v >= 1, 'page must be a whole number from 1')
    .default(1),
  pageSize: z
    .string()
    .regex(/^\d{1,6}$/, `pageSize must be a whole number from 1 to ${WARNINGS_PAGE_SIZE_MAX}`)
    .transform(Number)
    .refine(
      (v) => v >= 1 && v <= WARNINGS_PAGE_SIZE_MAX,
      `pageSize must be a whole number from 1 to ${WARNINGS_PAGE_SIZE_MAX}`,
    )
    .default(WARNINGS_PAGE_SIZE),
  search: z.string().trim().max(100, 'The search is at most 100 characters.').optional(),
  reason: z.enum(WARNING_REASONS, { message: 'reason must be lossRatio or growth' }).optional(),
  order: z.enum(WARNING_ORDERS, { message: 'order must be agency or premium' }).default('agency'),
  /** Each agency's first warning alone (in the order), with how many others it has: pages of agencies. */
  perAgency: z
    .enum(['true', 'false'], { message: 'perAgency must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type WarningsQuery = z.input<typeof warningsQuerySchema>;

/** What a row benchmarks: the agency's whole book, one carrier, or one broad line. */
export const BENCHMARK_DIMENSIONS = ['total', 'carrier', 'line'] as const;
export type BenchmarkDimension = (typeof BENCHMARK_DIMENSIONS)[number];

const metricEnum = z.enum(BENCHMARK_METRICS);

/**
 * One figure of a row against its peers: the network's distribution (n reporting agencies,
 * quartiles), and, at an agency, its value, how many agencies of its band report it, and its
 * percentile rank among them (null: alone in its band or not reported).
 */
export const benchmarkFigureSchema = z.object({
  metric: metricEnum,
  n: z.number().int(),
  q1: z.number(),
  median: z.number(),
  q3: z.number(),
  value: z.number().nullable(),
  bandN: z.number().int().nullable(),
  percentileRank: z.number().nullable(),
});
export type BenchmarkFigure = z.infer<typeof benchmarkFigureSchema>;

export const benchmarkRowSchema = z.object({
  dimension: z.enum(BENCHMARK_DIMENSIONS),
  /** The carrier's uuid, the broad line's code, or 'total'. */
  key: z.string(),
  name: z.string(),
  figures: z.array(benchmarkFigureSchema),
});
export type BenchmarkRow = z.infer<typeof benchmarkRowSchema>;

/** A member agency's own figures (the network's view only), over its whole book. */
export const memberFiguresSchema = z.object({
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  band: z.number().int(),
  writtenPremium: z.number().nullable(),
  growth: z.number().nullable(),
  newBusinessShare: z.number().nullable(),
  lossRatio: z.number().nullable(),
  commissionRate: z.number().nullable(),
});
export type MemberFigures = z.infer<typeof memberFiguresSchema>;

export const benchmarkSettingsSchema = z.object({
  /** Ascending written-premium limits of the size bands, in whole dollars. */
  sizeBandLimits: z.array(z.number()),
  /** Early warning: a loss ratio above this (percent) and rising warns. */
  lossRatioThreshold: z.number(),
  /** Whether the network saved its own (else the defaults). */
  saved: z.boolean(),
});
export type BenchmarkSettings = z.infer<typeof benchmarkSettingsSchema>;

export const benchmarksResponseSchema = z.object({
  period: periodSchema,
  level: z.enum(['agency', 'network']),
  settings: benchmarkSettingsSchema,
  /** The agency's size band (0-based) and its label; null at the network level. */
  band: z.object({ index: z.number().int(), label: z.string() }).nullable(),
  rows: z.array(benchmarkRowSchema),
  /** The member agencies with their figures: the network level only (null for an agency). */
  members: z.array(memberFiguresSchema).nullable(),
});
export type BenchmarksResponse = z.infer<typeof benchmarksResponseSchema>;

export const settingsQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
});

export const saveSettingsBodySchema = z
  .object({
    levelUuid: z.string().uuid('levelUuid must be the UUID of a network').optional(),
    sizeBandLimits: z
      .array(
        z
          .number({ message: 'Each band limit must be a number of dollars.' })
          .int('Each band limit must be a whole number of dollars above 0.')
          .min(1, 'Each band limit must be a whole number of dollars above 0.')
          .max(MAX_SIZE_BAND_LIMIT, 'A band limit must be at most $10,000,000,000.'),
      )
      .max(MAX_SIZE_BAND_LIMITS, `At most ${MAX_SIZE_BAND_LIMITS} band limits.`),
    lossRatioThreshold: z
      .number({ message: 'The loss ratio threshold must be a number.' })
      .min(LOSS_RATIO_WARNING_MIN, `The loss ratio threshold must be at least ${LOSS_RATIO_WARNING_MIN}%.`)
      .max(LOSS_RATIO_WARNING_MAX, `The loss ratio threshold must be at most ${LOSS_RATIO_WARNING_MAX}%.`)
      .refine((v) => Math.round(v * 100) === v * 100, 'The loss ratio threshold has at most two decimals.'),
  })
  .superRefine((body, ctx) => {
    const problem = sizeBandLimitsProblem(body.sizeBandLimits);
    if (problem) ctx.addIssue({ code: 'custom', path: ['sizeBandLimits'], message: problem });
  });
export type SaveSettingsBody = z.infer<typeof saveSettingsBodySchema>;

/** One early warning: an agency's carrier or line, its figures and why it warns. */
export const warningSchema = z.object({
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  dimension: z.enum(['carrier', 'line']),
  key: z.string(),
  name: z.string(),
  /** The carrier to open Carrier Production on (a carrier's warning), or null (a line's). */
  carrierUuid: z.string().uuid().nullable(),
  reasons: z.array(z.enum(WARNING_REASONS)),
  writtenPremium: z.number().nullable(),
  priorWrittenPremium: z.number().nullable(),
  growth: z.number().nullable(),
  growthFirstQuartile: z.number().nullable(),
  lossRatio: z.number().nullable(),
  priorLossRatio: z.number().nullable(),
  /** With `perAgency`: how many more warnings the agency has. */
  others: z.number().int().optional(),
});
export type Warning = z.infer<typeof warningSchema>;

export const warningsResponseSchema = z.object({
  period: periodSchema,
  level: z.enum(['agency', 'network']),
  settings: benchmarkSettingsSchema,
  /** The page's warnings (at an agency, every one of its own; with `perAgency`, one per agency). */
  warnings: z.array(warningSchema),
  /** How many warnings match the request, over every page, and at how many agencies. */
  total: z.number().int(),
  agencies: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WarningsResponse = z.infer<typeof warningsResponseSchema>;

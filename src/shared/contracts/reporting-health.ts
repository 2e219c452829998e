/**
 * Reporting health and the monthly close (/api/network-intelligence/health): per agency x carrier,
 * whether the carrier's report of the month arrived (and how), is late or missing against the
 * carrier's usual lag, left values unmapped in an upload, or has blank figures (decision 070).
 */
import { z } from 'zod';
import { healthCarrierSchema } from './carrier-lags.ts';

export { healthCarrierSchema, type HealthCarrier } from './carrier-lags.ts';

const yearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month as YYYY-MM')
  .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, {
    message: 'month must be between 2000-01 and 2100-12',
  });

export const healthQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  /** The month to close; without it, the latest month reports are due for (DESIGN §6). */
  month: yearMonth.optional(),
});
export type HealthQuery = z.infer<typeof healthQuerySchema>;

const arrivalStatus = z.enum(['received', 'notDue', 'late', 'missing']);
const closeProblem = z.enum(['missing', 'late', 'unmapped', 'blanks']);

export const healthLineSchema = z.object({
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  status: arrivalStatus,
  problems: z.array(closeProblem),
  /** How the month arrived: a carrier feed, an upload or a manual entry; null when it has not. */
  source: z.enum(['feed', 'upload', 'manual']).nullable(),
  /** The day it arrived (YYYY-MM-DD) when known: uploads and manual entries record it. */
  arrivedOn: z.string().nullable(),
  /** The day the report is due: the month's end plus the carrier's usual lag. */
  dueOn: z.string(),
  /** Rows an upload of this agency, carrier and month left out, their values unmapped or unreadable. */
  unmappedValues: z.number().int(),
  /** Figures of the month not reported (blank), as opposed to a reported $0. */
  blankValues: z.number().int(),
  zeroValues: z.number().int(),
  /** The carrier's last reported month for the agency (YYYY-MM), null when none in the last year. */
  lastMonth: z.string().nullable(),
  /** How the fix is made: the carrier's months came by manual entry, or else by files. */
  fix: z.enum(['upload', 'manualEntry']),
});
export type HealthLine = z.infer<typeof healthLineSchema>;

export const healthUploadSchema = z.object({
  uploadUuid: z.string().uuid(),
  fileName: z.string(),
  status: z.enum(['staged', 'committed']),
  createdAt: z.string(),
  /** Rows left out of the load (values unmapped or unreadable); null while the file is not loaded. */
  rowsExcluded: z.number().int().nullable(),
  errorCount: z.number().int(),
});

export const healthResponseSchema = z.object({
  levelKind: z.enum(['network', 'agency']),
  month: z.string(),
  monthOptions: z.array(z.string()),
  today: z.string(),
  lines: z.array(healthLineSchema),
  carriers: z.array(healthCarrierSchema),
  /** Uploads of the month not loaded yet, or loaded with rows left out. */
  uploads: z.array(healthUploadSchema),
  counts: z.object({
    lines: z.number().int(),
    fine: z.number().int(),
    missing: z.number().int(),
    late: z.number().int(),
    unmapped: z.number().int(),
    blanks: z.number().int(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

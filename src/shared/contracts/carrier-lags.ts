/**
 * Each carrier's usual reporting lag (/api/network-intelligence/carrier-lags, decision 070): the date
 * badges' rule, apart from the monthly close's answer so the pages with badges load only this.
 */
import { z } from 'zod';

export const healthCarrierSchema = z.object({
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  lagDays: z.number().int(),
  lagBasis: z.enum(['history', 'default']),
  lagMonths: z.number().int(),
  /** The latest month the carrier's report is due for today, by its usual lag (the date badge's rule). */
  expectedLatestMonth: z.string(),
});
export type HealthCarrier = z.infer<typeof healthCarrierSchema>;

/** GET /api/network-intelligence/carrier-lags: each carrier's usual lag at the level (the date badges). */
export const carrierLagsQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
});
export const carrierLagsResponseSchema = z.object({ carriers: z.array(healthCarrierSchema) });
export type CarrierLagsResponse = z.infer<typeof carrierLagsResponseSchema>;

import { z } from 'zod';

const yearMonth = (field: string) =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${field} must be a month as YYYY-MM`);

/** GET /api/core-production/reported-months: rangeStart..rangeEnd (YYYY-MM; the client starts one year early). */
export const reportedMonthsQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  rangeStart: yearMonth('rangeStart'),
  rangeEnd: yearMonth('rangeEnd'),
});

/** Per carrier, the months (YYYY-MM) it reported for every agency of the level that has it. */
export const reportedMonthsResponseSchema = z.object({
  carrierReportedMonths: z.array(
    z.object({
      carrierUuid: z.string().uuid(),
      /** Months reported by every agency of the level that carries the carrier. */
      months: z.array(z.string()),
      mostRecentReportingDate: z.string().nullable(),
    }),
  ),
});
export type ReportedMonthsResponse = z.infer<typeof reportedMonthsResponseSchema>;

import { z } from 'zod';
import { BROAD_LINE_CODES, linesSchema, periodSchema } from './production.ts';

/**
 * GET /api/core-production/by-month (Performance Charts): the query of by-carrier (period, level,
 * line, standard types, composites) answered month by month. Each month carries its figures and, as
 * the prior figures, those of the same month a year earlier; `totals` are the whole period's (equal to
 * by-carrier's sums over its carriers).
 */
export const byMonthResponseSchema = z.object({
  period: periodSchema,
  lineCode: z.enum(BROAD_LINE_CODES),
  /** Every month of the period, oldest first; `lines` is empty for a month without figures. */
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      lines: linesSchema,
    }),
  ),
  totals: linesSchema,
});
export type ByMonthResponse = z.infer<typeof byMonthResponseSchema>;

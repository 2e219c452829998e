import { z } from 'zod';
import { productionQuerySchema } from './production.ts';

/**
 * GET /api/core-production/agency/export: the Carrier Production table as CSV (spec part 1 §7). The
 * same filters as by-carrier, plus displayText for the file name, and the view the table shows
 * (carriers, the default, or agencies).
 */
export const productionExportQuerySchema = productionQuerySchema.extend({
  displayText: z.string().trim().min(1, 'displayText is required').max(100),
  view: z
    .enum(['carriers', 'agencies'], { message: "view must be 'carriers' or 'agencies'" })
    .default('carriers'),
});

import { z } from 'zod';
import { BROAD_LINE_CODES, productionFiguresSchema, productionQuerySchema } from './production.ts';

/** The planning tool's calls (spec part 2 §7): the network comparison and the carrier lists. */

const figuresByLine = z.record(z.string(), productionFiguresSchema);

const summaryPeriodSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  priorStartDate: z.string(),
  priorEndDate: z.string(),
  includesManualEntries: z.boolean(),
});

/** GET /api/core-production/network/summary: startDate, endDate (and the level whose network). */
export const networkSummaryQuerySchema = productionQuerySchema.pick({
  levelUuid: true,
  startDate: true,
  endDate: true,
});
export type NetworkSummaryQuery = z.infer<typeof networkSummaryQuerySchema>;

/**
 * The network's figures per broad line and in total ('P&C'), every carrier counted, and the same
 * figures of the level asked for (the cards' values that the network comparison compares).
 */
export const networkSummaryResponseSchema = z.object({
  period: summaryPeriodSchema,
  networkSummary: figuresByLine,
  levelSummary: figuresByLine,
});
export type NetworkSummaryResponse = z.infer<typeof networkSummaryResponseSchema>;

/** GET /api/core-production/network/summary-by-carrier: startDate, endDate, standardTypes, policyTypeCode. */
export const summaryByCarrierQuerySchema = productionQuerySchema
  .pick({ levelUuid: true, startDate: true, endDate: true, standardTypes: true })
  .extend({ policyTypeCode: z.enum(BROAD_LINE_CODES).default('P&C') });
export type SummaryByCarrierQuery = z.infer<typeof summaryByCarrierQuerySchema>;

/** The network's figures per carrier, per line code of the policy type (and its total). */
export const summaryByCarrierResponseSchema = z.object({
  period: summaryPeriodSchema,
  lineCode: z.enum(BROAD_LINE_CODES),
  byCarrierSummary: z.record(z.string(), figuresByLine),
});
export type SummaryByCarrierResponse = z.infer<typeof summaryByCarrierResponseSchema>;

export const levelQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
});

/** GET /api/core-production/carriers: the level's carriers with their last reported months (YYYY-MM). */
export const planningCarriersResponseSchema = z.object({
  carriers: z.array(
    z.object({
      id: z.string().uuid(),
      carrier: z.string(),
      mostRecentReportingDate: z.string().nullable(),
      manualMostRecentReportingDate: z.string().nullable(),
    }),
  ),
});
export type PlanningCarriersResponse = z.infer<typeof planningCarriersResponseSchema>;

/** GET /api/agency-planning/carriers: the level's carriers with uuid and name. */
export const agencyPlanningCarriersResponseSchema = z.object({
  carriers: z.array(z.object({ uuid: z.string().uuid(), name: z.string() })),
});
export type AgencyPlanningCarriersResponse = z.infer<typeof agencyPlanningCarriersResponseSchema>;

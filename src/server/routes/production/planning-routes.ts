import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  agencyCodeExportQuerySchema,
  agencyCodeQuerySchema,
  byAgencyCodeResponseSchema,
} from '#shared/contracts/production.ts';
import {
  agencyPlanningCarriersResponseSchema,
  levelQuerySchema,
  networkSummaryQuerySchema,
  networkSummaryResponseSchema,
  planningCarriersResponseSchema,
  summaryByCarrierQuerySchema,
  summaryByCarrierResponseSchema,
} from '#shared/contracts/planning.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { type requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { productionContext, productionErrors } from './production-routes.ts';
import {
  agencyPlanningCarriers,
  networkSummary,
  networkSummaryByCarrier,
  planningCarriers,
  productionByAgencyCode,
} from '#server/services/planning/planning-report.ts';
import {
  agencyCodeCsvLines,
  exportFileName,
  inChunks,
} from '#server/services/production/production-export.ts';
import { levelName } from '#server/services/levels/levels-service.ts';

const errors = productionErrors;

/**
 * The network planning tool's calls (spec part 2 §7) beside Carrier Production's: the same cpr
 * feature and a level inside the caller's scope. The network comparison reads the level's own network.
 */
export const planningRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  const context = (request: Parameters<typeof requireActor>[0], levelUuid: string | undefined) =>
    productionContext(db, request, levelUuid);

  app.get(
    '/api/core-production/by-agencyCode',
    {
      schema: {
        tags: ['planning'],
        summary: 'Carrier production per agency code, with the prior period: a page, its count and totals',
        querystring: agencyCodeQuerySchema,
        response: { 200: byAgencyCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return productionByAgencyCode(db, level, request.query, today(), mode);
    },
  );

  app.get(
    '/api/core-production/by-agencyCode/export',
    {
      schema: {
        tags: ['planning'],
        summary: 'The planning table by agency code as CSV, every row of the selection (streamed)',
        querystring: agencyCodeExportQuerySchema,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      const everyRow = { ...request.query, page: 1, pageSize: undefined };
      const report = await productionByAgencyCode(db, level, everyRow, today(), mode);
      const name = await levelName(db, level);
      const fileName = exportFileName(`${name ?? 'Planning'} Agency Codes`, request.query.displayText);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(inChunks(agencyCodeCsvLines(report))) as never); // a stream, not JSON
    },
  );

  app.get(
    '/api/core-production/network/summary',
    {
      schema: {
        tags: ['planning'],
        summary: "The network's figures per broad line, for the planning tool's network comparison",
        querystring: networkSummaryQuerySchema,
        response: { 200: networkSummaryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return networkSummary(db, level, request.query, today(), mode);
    },
  );

  app.get(
    '/api/core-production/network/summary-by-carrier',
    {
      schema: {
        tags: ['planning'],
        summary: "The network's figures per carrier for a policy type",
        querystring: summaryByCarrierQuerySchema,
        response: { 200: summaryByCarrierResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return networkSummaryByCarrier(db, level, request.query, today(), mode);
    },
  );

  app.get(
    '/api/core-production/carriers',
    {
      schema: {
        tags: ['planning'],
        summary: "The level's carriers with their most recent reporting dates",
        querystring: levelQuerySchema,
        response: { 200: planningCarriersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return planningCarriers(db, level, mode);
    },
  );

  app.get(
    '/api/agency-planning/carriers',
    {
      schema: {
        tags: ['planning'],
        summary: "The level's carriers with uuid and name",
        querystring: levelQuerySchema,
        response: { 200: agencyPlanningCarriersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return agencyPlanningCarriers(db, level, mode);
    },
  );
};

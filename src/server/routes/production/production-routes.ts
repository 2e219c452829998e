import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  byAgencyResponseSchema,
  byCarrierResponseSchema,
  productionQuerySchema,
} from '#shared/contracts/production.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import { AppError } from '#server/errors.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { requireFeature } from '#server/services/access/access-service.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { productionByAgency, productionByCarrier } from '#server/services/production/production-report.ts';
import {
  agencyCsvLines,
  carrierCsvLines,
  exportFileName,
  inChunks,
} from '#server/services/production/production-export.ts';
import { reportedMonths } from '#server/services/production/reported-months.ts';
import { levelName } from '#server/services/levels/levels-service.ts';
import { productionExportQuerySchema } from '#shared/contracts/export.ts';
import {
  reportedMonthsQuerySchema,
  reportedMonthsResponseSchema,
} from '#shared/contracts/reported-months.ts';
import { Readable } from 'node:stream';

/**
 * The context of a Carrier Production (or Performance Charts) call: the caller holds the cpr feature,
 * the level is inside their scope (else 403), and their collaboration mode.
 */
export async function productionContext(
  db: Db,
  request: Parameters<typeof requireActor>[0],
  levelUuid: string | undefined,
) {
  const actor = requireActor(request);
  const [level, mode] = await Promise.all([
    resolveLevel(db, actor, levelUuid),
    getCollaborationMode(db, actor),
    requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE),
  ]);
  return { level, mode };
}

/** The error answers of the production calls. */
export const productionErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

const errors = productionErrors;

/** Carrier Production: needs the cpr feature and a level inside the caller's scope. */
export const productionRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  const context = (request: Parameters<typeof requireActor>[0], levelUuid: string | undefined) =>
    productionContext(db, request, levelUuid);

  app.get(
    '/api/core-production/by-carrier',
    {
      schema: {
        tags: ['production'],
        summary: 'Carrier production per carrier, with the prior period',
        querystring: productionQuerySchema,
        response: { 200: byCarrierResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return productionByCarrier(db, level, request.query, today(), mode);
    },
  );

  app.get(
    '/api/core-production/by-agency',
    {
      schema: {
        tags: ['production'],
        summary: 'Carrier production per agency, with the prior period',
        querystring: productionQuerySchema,
        response: { 200: byAgencyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      return productionByAgency(db, level, request.query, today(), mode);
    },
  );

  app.get(
    '/api/core-production/agency/export',
    {
      schema: {
        tags: ['production'],
        summary: 'Carrier Production as CSV (streamed)',
        querystring: productionExportQuerySchema,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { level, mode } = await context(request, request.query.levelUuid);
      const lines =
        request.query.view === 'agencies'
          ? agencyCsvLines(await productionByAgency(db, level, request.query, today(), mode))
          : carrierCsvLines(await productionByCarrier(db, level, request.query, today(), mode));
      const name = await levelName(db, level);
      const fileName = exportFileName(name ?? 'Carrier_Production', request.query.displayText);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(inChunks(lines)) as never); // a stream: not a JSON body to serialise
    },
  );

  app.get(
    '/api/core-production/reported-months',
    {
      schema: {
        tags: ['production'],
        summary: 'Months each carrier reported at the level',
        querystring: reportedMonthsQuerySchema,
        response: { 200: reportedMonthsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level } = await context(request, request.query.levelUuid);
      const { rangeStart, rangeEnd } = request.query;
      if (rangeStart > rangeEnd) {
        throw new AppError('bad_request', 'rangeEnd must not be before rangeStart.', {
          rangeEnd: 'rangeEnd must not be before rangeStart.',
        });
      }
      return {
        carrierReportedMonths: await reportedMonths(
          db,
          level,
          rangeStart as YearMonth,
          rangeEnd as YearMonth,
        ),
      };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { agreementsQuerySchema } from '#shared/contracts/profit-sharing.ts';
import {
  importAgreementsBodySchema,
  importAgreementsResponseSchema,
} from '#shared/contracts/profit-sharing-import.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { requireFeature } from '#server/services/access/access-service.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { levelName } from '#server/services/levels/levels-service.ts';
import { sharedCarriers } from '#server/services/production/production-report.ts';
import { listAgreements } from '#server/services/profit-sharing/agreements.ts';
import { agreementsFileName } from '#server/services/profit-sharing/agreements-export.ts';
import { importAgreements } from '#server/services/profit-sharing/agreements-import.ts';
import { agreementsXlsx, XLSX_CONTENT_TYPE } from '#server/services/profit-sharing/agreements-xlsx.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const tags = ['profit sharing'];

/**
 * Profit-sharing agreements in and out as files: the import of a filled CSV template (written as POST
 * /api/profit-sharing/agreements writes, with the same scope and rights) and the XLSX of the
 * projections (the CSV export's rows). Carrier Production is required, as for every agreement call.
 */
export const agreementsIoRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  type Request = Parameters<typeof requireActor>[0];
  const context = async (request: Request, levelUuid: string | undefined) => {
    const actor = requireActor(request);
    const [level, mode] = await Promise.all([
      resolveLevel(db, actor, levelUuid),
      getCollaborationMode(db, actor),
      requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE),
    ]);
    return { actor, level, carriers: sharedCarriers(mode) };
  };

  app.post(
    '/api/profit-sharing/agreements/import',
    {
      schema: {
        tags,
        summary:
          "Create the level's agreements a filled CSV template describes (all of them, or none when any row is wrong)",
        body: importAgreementsBodySchema,
        response: { 200: importAgreementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await context(request, request.body.levelUuid);
      const agreementUuids = await importAgreements(db, actor, level, request.body.csv);
      return { imported: agreementUuids.length, agreementUuids };
    },
  );

  app.get(
    '/api/profit-sharing/agreements/export.xlsx',
    {
      schema: {
        tags,
        summary: "The level's agreements of a year and their projections as XLSX (the CSV's rows)",
        querystring: agreementsQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { actor, level, carriers } = await context(request, request.query.levelUuid);
      const answer = await listAgreements(db, actor, level, request.query.year, carriers, today());
      const name = await levelName(db, level);
      const fileName = agreementsFileName(name, answer.year).replace(/\.csv$/, '.xlsx');
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send((await agreementsXlsx(answer)) as never); // bytes: not a JSON body
    },
  );
};

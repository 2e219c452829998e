import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  allocationBodySchema,
  allocationSchema,
  checkDetailSchema,
  checkParamsSchema,
  checksQuerySchema,
  checksResponseSchema,
  createCheckBodySchema,
  deleteCheckQuerySchema,
  importChecksBodySchema,
  importChecksResponseSchema,
  saveAllocationBodySchema,
  saveCheckBodySchema,
} from '#shared/contracts/profit-sharing-checks.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { requireFeature } from '#server/services/access/access-service.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { sharedCarriers } from '#server/services/production/production-report.ts';
import {
  checkDetail,
  checksNetwork,
  createCheck,
  deleteCheck,
  findCheck,
  listChecks,
  previewAllocation,
  saveAllocation,
  saveCheck,
} from '#server/services/profit-sharing/checks.ts';
import {
  CHECKS_TEMPLATE_NAME,
  checksTemplate,
  importChecks,
} from '#server/services/profit-sharing/checks-import.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const tags = ['profit sharing'];

/**
 * A network's contingent checks (/api/profit-sharing/checks*, decision 067): recorded, shared among
 * the network's member agencies and counted in their scorecards. Every call needs Carrier Production
 * (the checks are shared by its figures); only the network's users and internal staff may use them.
 */
export const checksRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  type Request = Parameters<typeof requireActor>[0];
  const networkContext = async (request: Request, levelUuid: string | undefined) => {
    const actor = requireActor(request);
    const [level, mode] = await Promise.all([
      resolveLevel(db, actor, levelUuid),
      getCollaborationMode(db, actor),
      requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE),
    ]);
    return { actor, networkUuid: checksNetwork(actor, level), carriers: sharedCarriers(mode) };
  };
  const checkContext = async (request: Request, checkUuid: string) => {
    const actor = requireActor(request);
    const [mode] = await Promise.all([
      getCollaborationMode(db, actor),
      requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE),
    ]);
    return { actor, found: await findCheck(db, actor, checkUuid, sharedCarriers(mode)) };
  };

  app.get(
    '/api/profit-sharing/checks',
    {
      schema: {
        tags,
        summary: "A network's contingent checks of a year, and the agreements a check may be recorded under",
        querystring: checksQuerySchema,
        response: { 200: checksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { networkUuid, carriers } = await networkContext(request, request.query.levelUuid);
      return listChecks(db, networkUuid, request.query.year, carriers, today());
    },
  );

  app.get(
    '/api/profit-sharing/checks/template',
    {
      schema: {
        tags,
        summary: 'The bulk template of contingent checks (CSV: carrier, year, amount, date received, memo)',
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      await requireFeature(db, requireActor(request), CARRIER_PRODUCTION_FEATURE);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CHECKS_TEMPLATE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(checksTemplate() as never); // CSV text: not a JSON body
    },
  );

  app.post(
    '/api/profit-sharing/checks/import',
    {
      schema: {
        tags,
        summary: 'Record the checks of a filled bulk template: all of them, or none when a row is wrong',
        body: importChecksBodySchema,
        response: { 200: importChecksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, networkUuid } = await networkContext(request, request.body.levelUuid);
      return { recorded: await importChecks(db, actor, networkUuid, request.body.csv) };
    },
  );

  app.post(
    '/api/profit-sharing/checks',
    {
      schema: {
        tags,
        summary: "Record a contingent check under one of the network's own agreements",
        body: createCheckBodySchema,
        response: { 200: checkDetailSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE);
      const created = await createCheck(db, actor, request.body);
      return checkDetail(db, await findCheck(db, actor, created, null), today());
    },
  );

  app.get(
    '/api/profit-sharing/checks/:checkUuid',
    {
      schema: {
        tags,
        summary: 'One check: its saved allocation and the member agencies it is shared among',
        params: checkParamsSchema,
        response: { 200: checkDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { found } = await checkContext(request, request.params.checkUuid);
      return checkDetail(db, found, today());
    },
  );

  app.put(
    '/api/profit-sharing/checks/:checkUuid',
    {
      schema: {
        tags,
        summary:
          'Save a check (refused when someone saved it meanwhile; a new amount removes its allocation)',
        params: checkParamsSchema,
        body: saveCheckBodySchema,
        response: { 200: checkDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, found } = await checkContext(request, request.params.checkUuid);
      await saveCheck(db, actor, found.check, request.body);
      return checkDetail(db, await findCheck(db, actor, found.check.checkUuid, null), today());
    },
  );

  app.delete(
    '/api/profit-sharing/checks/:checkUuid',
    {
      schema: {
        tags,
        summary: 'Delete a check and its allocation (refused when someone saved it meanwhile)',
        params: checkParamsSchema,
        querystring: deleteCheckQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { actor, found } = await checkContext(request, request.params.checkUuid);
      await deleteCheck(db, actor, found.check, request.query.version);
      return { deleted: true as const };
    },
  );

  app.post(
    '/api/profit-sharing/checks/:checkUuid/allocation/preview',
    {
      schema: {
        tags,
        summary: "A check's allocation to the member agencies by a method, computed and not saved",
        params: checkParamsSchema,
        body: allocationBodySchema,
        response: { 200: allocationSchema, ...errors },
      },
    },
    async (request) => {
      const { found } = await checkContext(request, request.params.checkUuid);
      return previewAllocation(db, found, request.body, today());
    },
  );

  app.put(
    '/api/profit-sharing/checks/:checkUuid/allocation',
    {
      schema: {
        tags,
        summary:
          "Save a check's allocation, replacing the previous one (refused when the check changed meanwhile)",
        params: checkParamsSchema,
        body: saveAllocationBodySchema,
        response: { 200: checkDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, found } = await checkContext(request, request.params.checkUuid);
      await saveAllocation(db, actor, found, request.body, today());
      return checkDetail(db, await findCheck(db, actor, found.check.checkUuid, null), today());
    },
  );
};

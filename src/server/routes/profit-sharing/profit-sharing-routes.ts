import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { planCarriersResponseSchema } from '#shared/contracts/growth-measurement.ts';
import {
  agreementDetailSchema,
  agreementParamsSchema,
  agreementsQuerySchema,
  agreementsResponseSchema,
  copyAgreementsBodySchema,
  copyAgreementsResponseSchema,
  createAgreementBodySchema,
  deleteAgreementQuerySchema,
  MEMBER_PAGE_SIZE,
  saveAgreementBodySchema,
} from '#shared/contracts/profit-sharing.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { requireFeature } from '#server/services/access/access-service.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { levelName } from '#server/services/levels/levels-service.ts';
import { planCarriers } from '#server/services/growth-measurement/growth-plans.ts';
import { inChunks } from '#server/services/production/production-export.ts';
import { sharedCarriers } from '#server/services/production/production-report.ts';
import {
  agreementDetail,
  copyLastYear,
  createAgreement,
  deleteAgreement,
  findAgreement,
  listAgreements,
  saveAgreement,
} from '#server/services/profit-sharing/agreements.ts';
import { agreementsCsvLines, agreementsFileName } from '#server/services/profit-sharing/agreements-export.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const tags = ['profit sharing'];

/**
 * Profit-sharing agreements (/api/profit-sharing/*): every call needs Carrier Production (the cpr
 * feature; the agreements are read against its figures) and a holder inside the caller's scope; in
 * collaboration mode only the shared carriers' agreements are seen.
 */
export const profitSharingRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
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
  const agreementContext = async (request: Request, agreementUuid: string) => {
    const actor = requireActor(request);
    const [mode] = await Promise.all([
      getCollaborationMode(db, actor),
      requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE),
    ]);
    return { actor, ...(await findAgreement(db, actor, agreementUuid, sharedCarriers(mode))) };
  };

  app.get(
    '/api/profit-sharing/agreements',
    {
      schema: {
        tags,
        summary:
          "A level's agreements of a year with their projections (a network's: and its agencies', ranked)",
        querystring: agreementsQuerySchema,
        response: { 200: agreementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level, carriers } = await context(request, request.query.levelUuid);
      const { year, page, pageSize } = request.query;
      return listAgreements(db, actor, level, year, carriers, today(), {
        page: page ?? 1,
        pageSize: pageSize ?? MEMBER_PAGE_SIZE,
      });
    },
  );

  app.get(
    '/api/profit-sharing/carriers',
    {
      schema: {
        tags,
        summary: 'The carriers an agreement may name (the catalogue)',
        response: { 200: planCarriersResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireFeature(db, requireActor(request), CARRIER_PRODUCTION_FEATURE);
      return planCarriers(db);
    },
  );

  app.get(
    '/api/profit-sharing/agreements/export',
    {
      schema: {
        tags,
        summary: "The level's agreements of a year and their projections as CSV",
        querystring: agreementsQuerySchema,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { actor, level, carriers } = await context(request, request.query.levelUuid);
      const answer = await listAgreements(db, actor, level, request.query.year, carriers, today());
      const name = await levelName(db, level);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${agreementsFileName(name, answer.year)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(inChunks(agreementsCsvLines(answer))) as never); // a stream: not a JSON body
    },
  );

  app.get(
    '/api/profit-sharing/agreements/:agreementUuid',
    {
      schema: {
        tags,
        summary: 'One agreement: its figures, its year so far by month and its projection',
        params: agreementParamsSchema,
        response: { 200: agreementDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { agreement } = await agreementContext(request, request.params.agreementUuid);
      return agreementDetail(db, agreement, today());
    },
  );

  app.post(
    '/api/profit-sharing/agreements',
    {
      schema: {
        tags,
        summary: "Create an agreement of the level (an agency's, or its network's)",
        body: createAgreementBodySchema,
        response: { 200: agreementDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await context(request, request.body.levelUuid);
      const created = await createAgreement(db, actor, level, request.body);
      const { agreement } = await findAgreement(db, actor, created, null);
      return agreementDetail(db, agreement, today());
    },
  );

  app.post(
    '/api/profit-sharing/agreements/copy',
    {
      schema: {
        tags,
        summary: "Copy last year's agreements of the level into a year",
        body: copyAgreementsBodySchema,
        response: { 200: copyAgreementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await context(request, request.body.levelUuid);
      return { copied: await copyLastYear(db, actor, level, request.body.year) };
    },
  );

  app.put(
    '/api/profit-sharing/agreements/:agreementUuid',
    {
      schema: {
        tags,
        summary: 'Save an agreement (refused when someone saved it meanwhile)',
        params: agreementParamsSchema,
        body: saveAgreementBodySchema,
        response: { 200: agreementDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, agreement } = await agreementContext(request, request.params.agreementUuid);
      await saveAgreement(db, actor, agreement, request.body);
      const saved = await findAgreement(db, actor, agreement.agreementUuid, null);
      return agreementDetail(db, saved.agreement, today());
    },
  );

  app.delete(
    '/api/profit-sharing/agreements/:agreementUuid',
    {
      schema: {
        tags,
        summary: 'Delete an agreement (refused when someone saved it meanwhile)',
        params: agreementParamsSchema,
        querystring: deleteAgreementQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { actor, agreement } = await agreementContext(request, request.params.agreementUuid);
      await deleteAgreement(db, actor, agreement, request.query.version);
      return { deleted: true as const };
    },
  );
};

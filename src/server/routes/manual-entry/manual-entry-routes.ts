import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { levelQuerySchema } from '#shared/contracts/levels.ts';
import {
  carrierEntryListQuerySchema,
  carrierEntryListSchema,
  carrierEntryRequestSchema,
  carrierEntrySavedSchema,
  carrierSearchQuerySchema,
  carrierSearchResponseSchema,
  subCodeQuerySchema,
  subCodeResponseSchema,
} from '#shared/contracts/manual-entry.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import {
  agencyLevel,
  deleteCarrierEntry,
  listCarrierEntries,
  listSubCodes,
  saveCarrierEntry,
  searchCarriers,
} from '#server/services/manual-entry/manual-entry-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Manual carrier entry (spec part 2 §7): an agency's hand-typed production for carriers without a
 * data feed. Every call works on one agency inside the caller's scope (`levelUuid`, default the
 * agency user's own agency).
 */
export const manualEntryRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  const context = async (request: Parameters<typeof requireActor>[0], levelUuid: string | undefined) => {
    const actor = requireActor(request);
    return { actor, level: agencyLevel(await resolveLevel(db, actor, levelUuid)) };
  };

  app.get(
    '/api/carrierentry/fetch',
    {
      schema: {
        tags: ['manual entry'],
        summary: "The agency's manual carrier entries of a year",
        querystring: carrierEntryListQuerySchema,
        response: { 200: carrierEntryListSchema, ...errors },
      },
    },
    async (request) => {
      const { level } = await context(request, request.query.levelUuid);
      return listCarrierEntries(db, level, request.query.year, today());
    },
  );

  app.get(
    '/api/subcodes/fetch',
    {
      schema: {
        tags: ['manual entry'],
        summary: "The agency's sub-codes at a carrier",
        querystring: subCodeQuerySchema,
        response: { 200: subCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level } = await context(request, request.query.levelUuid);
      return { subCodes: await listSubCodes(db, level, request.query.carrierUuid) };
    },
  );

  app.get(
    '/api/carriers/',
    {
      schema: {
        tags: ['manual entry'],
        summary: 'Carriers whose name contains the search (at most 8)',
        querystring: carrierSearchQuerySchema,
        response: { 200: carrierSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return { carriers: await searchCarriers(db, request.query.search) };
    },
  );

  app.post(
    '/api/carrierentry/new',
    {
      schema: {
        tags: ['manual entry'],
        summary: 'Create or edit a manual carrier entry',
        querystring: levelQuerySchema,
        body: carrierEntryRequestSchema,
        response: { 200: carrierEntrySavedSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await context(request, request.query.levelUuid);
      return { recordset: [await saveCarrierEntry(db, actor, level, request.body, today())] };
    },
  );

  app.post(
    '/api/carrierentry/delete/:importUuid',
    {
      schema: {
        tags: ['manual entry'],
        summary: 'Delete one manual carrier entry',
        params: z.object({ importUuid: z.string().uuid('importUuid must be an entry id') }),
        querystring: levelQuerySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await context(request, request.query.levelUuid);
      await deleteCarrierEntry(db, actor, level, request.params.importUuid);
      return { ok: true as const };
    },
  );
};

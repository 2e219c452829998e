import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  importMappingCandidatesSchema,
  importMappingListSchema,
  importMappingParamsSchema,
  importMappingSchema,
  importMappingsQuerySchema,
  importMappingUpdateSchema,
} from '#shared/contracts/import-mappings.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import {
  deleteImportMapping,
  importMappingCandidates,
  listImportMappings,
  updateImportMapping,
} from '#server/services/import/import-mappings.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The remembered matches of uploaded files' values (decision 045). Every call resolves the caller's
 * upload scope; a match outside it answers 404 as if it did not exist.
 */
export const importMappingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/import-mappings',
    {
      schema: {
        tags: ['imports'],
        summary: "The remembered matches of uploaded files' values in the caller's scope",
        querystring: importMappingsQuerySchema,
        response: { 200: importMappingListSchema, ...errors },
      },
    },
    async (request) => ({
      mappings: await listImportMappings(db, requireActor(request), request.query.networkUuid),
    }),
  );

  app.get(
    '/api/import-mappings/:mappingUuid/candidates',
    {
      schema: {
        tags: ['imports'],
        summary: 'Everything a remembered match may point to',
        params: importMappingParamsSchema,
        response: { 200: importMappingCandidatesSchema, ...errors },
      },
    },
    async (request) => ({
      candidates: await importMappingCandidates(db, requireActor(request), request.params.mappingUuid),
    }),
  );

  app.put(
    '/api/import-mappings/:mappingUuid',
    {
      schema: {
        tags: ['imports'],
        summary: 'Change a remembered match',
        params: importMappingParamsSchema,
        body: importMappingUpdateSchema,
        response: { 200: importMappingSchema, ...errors },
      },
    },
    async (request) =>
      updateImportMapping(db, requireActor(request), request.params.mappingUuid, request.body),
  );

  app.delete(
    '/api/import-mappings/:mappingUuid',
    {
      schema: {
        tags: ['imports'],
        summary: 'Forget a remembered match',
        params: importMappingParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteImportMapping(db, requireActor(request), request.params.mappingUuid);
      return reply.code(204).send(null);
    },
  );
};

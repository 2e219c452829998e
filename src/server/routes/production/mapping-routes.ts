import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { standardTypesResponseSchema } from '#shared/contracts/lines-of-business.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { loadLineOfBusinessTree } from '#server/services/production/lines-of-business.ts';

export const mappingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/mapping/standard-types',
    {
      schema: {
        tags: ['production'],
        summary: 'The line-of-business tree',
        response: { 200: standardTypesResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      requireActor(request);
      return { tree: await loadLineOfBusinessTree(db) };
    },
  );
};

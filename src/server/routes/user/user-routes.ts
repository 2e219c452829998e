import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { userResponseSchema } from '#shared/contracts/user.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { getCurrentUser } from '#server/services/user/current-user.ts';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        response: { 200: userResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await getCurrentUser(db, requireActor(request));
      return { user, errorMessage: null };
    },
  );
};

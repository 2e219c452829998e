import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED, type BillingPolicy } from '#server/policies/subscription-gate.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { levelQuerySchema } from '#shared/contracts/levels.ts';
import { agencyUsersResponseSchema, userResponseSchema } from '#shared/contracts/user.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { listAgencyUsers } from '#server/services/user/agency-users.ts';
import { getCurrentUser } from '#server/services/user/current-user.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; billingPolicy: BillingPolicy }> = async (
  app,
  { db, billingPolicy },
) => {
  app.get(
    '/api/user',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        response: { 200: userResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await getCurrentUser(db, requireActor(request), billingPolicy);
      return { user, errorMessage: null };
    },
  );

  app.get(
    '/api/agency/users',
    {
      schema: {
        tags: ['user'],
        summary: "The agency's active users",
        querystring: levelQuerySchema,
        response: { 200: agencyUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const level = await resolveLevel(db, requireActor(request), request.query.levelUuid);
      return { users: await listAgencyUsers(db, level) };
    },
  );
};

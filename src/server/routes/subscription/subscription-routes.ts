import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  subscriberQuerySchema,
  subscriberResponseSchema,
  subscriberUsersResponseSchema,
} from '#shared/contracts/subscription.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { getSubscriber, listSubscriberUsers } from '#server/services/subscription/subscriber-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const subscriptionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/subscription/subscribers',
    {
      schema: {
        tags: ['subscription'],
        summary: 'A subscriber and its primary user',
        querystring: subscriberQuerySchema,
        response: { 200: subscriberResponseSchema, ...errors },
      },
    },
    async (request) => getSubscriber(db, requireActor(request), request.query.subscriberUuid),
  );

  app.get(
    '/api/subscription/by-subscribers',
    {
      schema: {
        tags: ['subscription'],
        summary: "The active users of a subscriber's agency",
        querystring: subscriberQuerySchema,
        response: { 200: subscriberUsersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      users: await listSubscriberUsers(db, requireActor(request), request.query.subscriberUuid),
    }),
  );
};

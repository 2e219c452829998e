import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collaborationResponseSchema,
  enterCollaborationSchema,
  onboardedCarriersResponseSchema,
} from '#shared/contracts/collaboration.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { levelQuerySchema } from '#shared/contracts/levels.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import {
  describeCollaborationMode,
  enterCollaborationMode,
  exitCollaborationMode,
  listOnboardedCarriers,
} from '#server/services/collaboration/collaboration-service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** Collaboration mode of the session, and the carriers it can be limited to. */
export const collaborationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/collaboration',
    {
      schema: {
        tags: ['collaboration'],
        summary: "The session's collaboration mode",
        response: { 200: collaborationResponseSchema, ...errors },
      },
    },
    async (request) => ({ collaboration: await describeCollaborationMode(db, requireActor(request)) }),
  );

  app.put(
    '/api/collaboration',
    {
      schema: {
        tags: ['collaboration'],
        summary: 'Enter or change collaboration mode',
        body: enterCollaborationSchema,
        response: { 200: collaborationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      collaboration: await enterCollaborationMode(db, requireActor(request), request.body),
    }),
  );

  app.delete(
    '/api/collaboration',
    {
      schema: {
        tags: ['collaboration'],
        summary: 'Exit collaboration mode',
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await exitCollaborationMode(db, requireActor(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/carriers/onboarded',
    {
      schema: {
        tags: ['carriers'],
        summary: 'Carriers with data at the level',
        querystring: levelQuerySchema,
        response: { 200: onboardedCarriersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const level = await resolveLevel(db, requireActor(request), request.query.levelUuid);
      return { carriers: await listOnboardedCarriers(db, level) };
    },
  );
};

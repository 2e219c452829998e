import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFeatureFlagsResponseSchema,
  adminUserAccessResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  flagKeyParamsSchema,
  replaceUserAccessSchema,
  revokeSessionsResponseSchema,
  setFlagTargetSchema,
  updateFeatureFlagSchema,
  userUuidParamsSchema,
} from '#shared/contracts/admin.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { requireInternal } from '#server/policies/scope.ts';
import {
  getUserAccess,
  listFlagsForAdmin,
  replaceUserAccess,
  revokeSessions,
  searchUsers,
  setFlagDefault,
  setFlagTarget,
} from '#server/services/admin/admin-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const ok = z.object({ ok: z.literal(true) });

/** Internal staff only: feature flags, users' access records and their sessions. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = (request: Parameters<typeof requireActor>[0]) => {
    const actor = requireActor(request);
    requireInternal(actor);
    return actor;
  };

  app.get(
    '/api/admin/feature-flags',
    {
      schema: {
        tags: ['admin'],
        summary: 'Feature flags and targets',
        response: { 200: adminFeatureFlagsResponseSchema, ...errors },
      },
    },
    async (request) => {
      staff(request);
      return { flags: await listFlagsForAdmin(db) };
    },
  );

  app.put(
    '/api/admin/feature-flags/:key',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a flag's default",
        params: flagKeyParamsSchema,
        body: updateFeatureFlagSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await setFlagDefault(db, staff(request), request.params.key, request.body.enabled);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/admin/feature-flags/:key/targets',
    {
      schema: {
        tags: ['admin'],
        summary: "Set or remove a flag's value for a user, agency or network",
        params: flagKeyParamsSchema,
        body: setFlagTargetSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await setFlagTarget(db, staff(request), request.params.key, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find users by name, e-mail or id',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      staff(request);
      return { users: await searchUsers(db, request.query.search) };
    },
  );

  app.get(
    '/api/admin/users/:userUuid/access',
    {
      schema: {
        tags: ['admin'],
        summary: "A user's access records",
        params: userUuidParamsSchema,
        response: { 200: adminUserAccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      staff(request);
      return { accessRecords: await getUserAccess(db, request.params.userUuid) };
    },
  );

  app.put(
    '/api/admin/users/:userUuid/access',
    {
      schema: {
        tags: ['admin'],
        summary: "Replace a user's access records",
        params: userUuidParamsSchema,
        body: replaceUserAccessSchema,
        response: { 200: adminUserAccessResponseSchema, ...errors },
      },
    },
    async (request) => ({
      accessRecords: await replaceUserAccess(
        db,
        staff(request),
        request.params.userUuid,
        request.body.accessRecords,
      ),
    }),
  );

  app.post(
    '/api/admin/users/:userUuid/revoke-sessions',
    {
      schema: {
        tags: ['admin'],
        summary: "End all of a user's sessions",
        params: userUuidParamsSchema,
        response: { 200: revokeSessionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ revoked: await revokeSessions(db, staff(request), request.params.userUuid) }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED } from '#server/policies/subscription-gate.ts';
import { userUuidParamsSchema } from '#shared/contracts/admin.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  adminMfaOptionsBodySchema,
  adminMfaSchema,
  mfaChallengeSchema,
  mfaEmailCodeResponseSchema,
  mfaEnrollBodySchema,
  mfaStatusSchema,
  mfaVerifyBodySchema,
  mfaVerifyResponseSchema,
} from '#shared/contracts/mfa.ts';
import { requireActor, requirePendingMfa } from '#server/auth/session.ts';
import { requireInternal } from '#server/policies/scope.ts';
import {
  adminMfa,
  challenge,
  enroll,
  mfaStatus,
  resetMfa,
  sendEmailCode,
  setMfaOptions,
  verify,
  type MfaContext,
} from '#server/services/mfa/mfa-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Multi-factor sign-in: the user's choice (/api/mfa/status, /api/mfa/enroll, spec part 1 §7), the
 * second step of a pending sign-in (challenge, e-mail code, verify), and the staff controls.
 */
export const mfaRoutes: FastifyPluginAsyncZod<MfaContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get(
    '/api/mfa/status',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['mfa'],
        summary: 'The MFA method the user chose',
        response: { 200: mfaStatusSchema, ...errors },
      },
    },
    async (request) => ({ status: await mfaStatus(db, requireActor(request).userId) }),
  );

  app.post(
    '/api/mfa/enroll',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['mfa'],
        summary: 'Choose the MFA method used from the next sign-in',
        body: mfaEnrollBodySchema,
        response: { 200: mfaStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = requireActor(request);
      await enroll(db, userId, request.body.factor);
      return { status: await mfaStatus(db, userId) };
    },
  );

  app.get(
    '/api/mfa/challenge',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['mfa'],
        summary: 'The second step a pending sign-in owes',
        response: { 200: mfaChallengeSchema, ...errors },
      },
    },
    async (request) => {
      // A session that owes nothing (no second factor enrolled, or already verified) answers 'none'.
      if (request.actor) return { step: 'none' as const };
      const { userId, sessionId } = requirePendingMfa(request);
      return challenge(ctx, userId, sessionId);
    },
  );

  app.post(
    '/api/mfa/email-code',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['mfa'],
        summary: 'Send a sign-in code by e-mail',
        response: { 200: mfaEmailCodeResponseSchema, ...errors },
      },
    },
    async (request) => sendEmailCode(ctx, requirePendingMfa(request).userId),
  );

  app.post(
    '/api/mfa/verify',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['mfa'],
        summary: 'Complete a sign-in with a code or a recovery code',
        body: mfaVerifyBodySchema,
        response: { 200: mfaVerifyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = requirePendingMfa(request);
      return verify(ctx, userId, sessionId, request.body);
    },
  );

  const staff = (request: Parameters<typeof requireActor>[0]) => {
    const actor = requireActor(request);
    requireInternal(actor);
    return actor;
  };

  app.get(
    '/api/admin/users/:userUuid/mfa',
    {
      schema: {
        tags: ['admin'],
        summary: "A user's multi-factor sign-in",
        params: userUuidParamsSchema,
        response: { 200: adminMfaSchema, ...errors },
      },
    },
    async (request) => {
      staff(request);
      return adminMfa(db, request.params.userUuid);
    },
  );

  app.put(
    '/api/admin/users/:userUuid/mfa',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set which MFA methods a user may choose',
        params: userUuidParamsSchema,
        body: adminMfaOptionsBodySchema,
        response: { 200: adminMfaSchema, ...errors },
      },
    },
    async (request) => setMfaOptions(db, staff(request).userId, request.params.userUuid, request.body),
  );

  app.post(
    '/api/admin/users/:userUuid/mfa/reset',
    {
      schema: {
        tags: ['admin'],
        summary: "Reset a user's MFA: they choose and set it up again",
        params: userUuidParamsSchema,
        response: { 200: adminMfaSchema, ...errors },
      },
    },
    async (request) => resetMfa(db, staff(request).userId, request.params.userUuid),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DIGEST_BAD_LINK,
  DIGEST_UNSUBSCRIBED,
  digestSettingResponseSchema,
  digestSettingSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '#shared/contracts/digest.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { OPEN_TO_LAPSED } from '#server/policies/subscription-gate.ts';
import {
  getDigestSetting,
  saveDigestSetting,
  unsubscribeDigest,
} from '#server/services/digest/digest-settings.ts';
import { verifyUnsubscribeToken } from '#server/services/digest/unsubscribe-token.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The monthly digest (decision 071): the caller's own setting on My profile, and the e-mail's
 * signed unsubscribe link, which needs no sign-in.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string }> = async (
  app,
  { db, secret },
) => {
  // One-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form: the body says nothing more.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  app.get(
    '/api/profile/digest',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's monthly digest setting, and whether the digest is offered to them",
        response: { 200: digestSettingResponseSchema, ...errors },
      },
    },
    async (request) => getDigestSetting(db, requireActor(request)),
  );

  app.put(
    '/api/profile/digest',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Set the signed-in user's monthly digest: off, when the month's data is complete, or on day 1-28",
        description:
          "Agency users get their agency's digest, network users their network's; staff and users " +
          'without Carrier Production are refused (403) unless they turn it off.',
        body: digestSettingSchema,
        response: { 200: digestSettingResponseSchema, ...errors },
      },
    },
    async (request) => saveDigestSetting(db, requireActor(request), request.body),
  );

  app.post(
    '/api/digest/unsubscribe',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['profile'],
        summary: "Turn off the digest of the user the e-mail's signed link names (no sign-in)",
        description: 'The token is the signed one of the e-mail; any other is refused (400).',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const userUuid = verifyUnsubscribeToken(secret, request.query.token);
      if (!userUuid || !(await unsubscribeDigest(db, userUuid))) {
        throw new AppError('bad_request', DIGEST_BAD_LINK, { token: DIGEST_BAD_LINK });
      }
      return { message: DIGEST_UNSUBSCRIBED };
    },
  );
};

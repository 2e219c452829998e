import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED } from '#server/policies/subscription-gate.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  profileQuerySchema,
  profileResponseSchema,
  profileUpdateSchema,
  resetPasswordResponseSchema,
} from '#shared/contracts/profile.ts';
import type { Auth } from '#server/auth/auth.ts';
import { sendOwnPasswordReset } from '#server/auth/password-reset.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { getProfile, updateProfile } from '#server/services/profile/profile-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** My profile (spec part 2 §7): the caller's own profile only, and a password-reset e-mail. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (app, { db, auth }) => {
  app.get(
    '/api/profile/users',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        description: "Only the caller's own `userUuid` is answered; any other is 403.",
        querystring: profileQuerySchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      profile: await getProfile(db, requireActor(request), request.query.userUuid),
    }),
  );

  app.put(
    '/api/profile/users',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['profile'],
        summary: "Update the signed-in user's profile",
        description:
          'Names, address and phone parts with the registration rules (400 names each bad field). ' +
          'The e-mail address is read-only: a different one is refused. Another user is 403.',
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({ profile: await updateProfile(db, requireActor(request), request.body) }),
  );

  app.post(
    '/api/profile/reset-password',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['profile'],
        summary: 'E-mail the signed-in user a link to reset the password',
        description:
          'The link opens /reset-password, works once and for one hour; a reset ends every session ' +
          'of the user. 429 after 3 requests in a minute; 503 when the e-mail could not be sent.',
        response: {
          200: resetPasswordResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await sendOwnPasswordReset(db, auth, actor);
      return { emailAddress: actor.email };
    },
  );
};

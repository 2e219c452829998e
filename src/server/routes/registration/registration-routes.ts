import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED } from '#server/policies/subscription-gate.ts';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  commonPasswordRequestSchema,
  commonPasswordResponseSchema,
} from '#shared/contracts/account-fields.ts';
import {
  invitationRequestSchema,
  invitationResponseSchema,
  pendingInvitationsQuerySchema,
  pendingInvitationsResponseSchema,
  registrationMetadataQuerySchema,
  registrationMetadataSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  type RegistrationInput,
} from '#shared/contracts/registration.ts';
import type { Auth } from '#server/auth/auth.ts';
import { authHeaders } from '#server/auth/client-address.ts';
import { isTooCommon, refuseCommonPassword } from '#server/auth/common-passwords.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import {
  createInvitation,
  listPendingInvitations,
} from '#server/services/registration/invitation-service.ts';
import {
  getRegistrationMetadata,
  registerInvitedUser,
  type RegistrationCall,
} from '#server/services/registration/registration-service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tokenErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

/**
 * Invitations (owners and administrators of the agency, internal staff) and the token-driven
 * registration of spec part 2 §7, which needs no sign-in: the token is the credential.
 */
export const registrationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: Auth;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}> = async (app, { db, auth, mailer, config }) => {
  app.post(
    '/api/invitations',
    {
      schema: {
        tags: ['registration'],
        summary: 'Invite someone to an agency by e-mail',
        description:
          "Owners and administrators of the agency, or internal staff. Sends the registration link (valid 7 days, single use); replaces the address's older unused invitations to the agency.",
        body: invitationRequestSchema,
        response: {
          201: invitationResponseSchema,
          ...errors,
          404: errorResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const invitation = await createInvitation(db, requireActor(request), request.body, {
        mailer,
        publicUrl: config.publicUrl,
        log: request.log,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        tags: ['registration'],
        summary: "The agency's invitations not used yet and not expired",
        querystring: pendingInvitationsQuerySchema,
        response: { 200: pendingInvitationsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      invitations: await listPendingInvitations(db, requireActor(request), request.query.agencyUuid),
    }),
  );

  app.get(
    '/api/register/meta-data',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['registration'],
        summary: 'Who a registration link invites, to which subscriber and network',
        description: 'An unknown token answers 404, a used or expired one 410, each with the reason.',
        querystring: registrationMetadataQuerySchema,
        response: { 200: registrationMetadataSchema, ...tokenErrors },
      },
    },
    async (request) => getRegistrationMetadata(db, request.query.token),
  );

  // The live password checklist's last rule (registration, My profile, reset password): the list is
  // too large for the browser, so the form asks. The list is public; the answer reveals nothing else.
  app.post(
    '/api/password/common',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['registration'],
        summary: 'Whether a new password is a common one (refused by every password change)',
        body: commonPasswordRequestSchema,
        response: { 200: commonPasswordResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { common: isTooCommon(request.body.password) };
    },
  );

  const hashPassword = async (password: string) => (await auth.$context).password.hash(password);

  /** Creates the account, then signs the new user in (the session cookie comes with the answer). */
  async function register(
    request: FastifyRequest,
    reply: FastifyReply,
    call: RegistrationCall,
    input: RegistrationInput,
  ) {
    refuseCommonPassword(input.password, 'password');
    const created = await registerInvitedUser(db, call, input, { hashPassword });
    try {
      const { headers } = await auth.api.signInEmail({
        body: { email: created.emailAddress, password: input.password },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
    } catch (error) {
      // The account exists either way; without a session the app sends the user to sign in.
      request.log.warn({ err: error, userId: created.userUuid }, 'new account could not be signed in');
    }
    return reply.status(201).send(created);
  }

  const registrationSchema = (summary: string) => ({
    tags: ['registration'],
    summary,
    body: registrationRequestSchema,
    response: {
      201: registrationResponseSchema,
      ...tokenErrors,
      409: errorResponseSchema,
    },
  });

  app.post(
    '/api/register/user/:userUuid',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        ...registrationSchema("Complete an existing user's account from an invitation"),
        params: z.object({ userUuid: z.string().uuid('Not a user id.') }),
      },
    },
    async (request, reply) =>
      register(request, reply, { kind: 'user', userUuid: request.params.userUuid }, request.body),
  );

  app.post(
    '/api/register/createPrimaryUser',
    {
      config: OPEN_TO_LAPSED,
      schema: registrationSchema("Create the subscriber's primary user from an invitation"),
    },
    async (request, reply) => register(request, reply, { kind: 'createPrimaryUser' }, request.body),
  );

  app.post(
    '/api/register/createUser',
    { config: OPEN_TO_LAPSED, schema: registrationSchema('Create a user from an invitation') },
    async (request, reply) => register(request, reply, { kind: 'createUser' }, request.body),
  );
};

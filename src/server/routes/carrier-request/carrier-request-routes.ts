import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  carrierRequestListResponseSchema,
  carrierRequestResponseSchema,
  carrierRequestSchema,
} from '#shared/contracts/carrier-request.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { requireInternal } from '#server/policies/scope.ts';
import {
  listCarrierRequests,
  submitCarrierRequest,
} from '#server/services/carrier-request/carrier-request-service.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** New carrier requests: any signed-in user sends one; internal staff list them. */
export const carrierRequestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'jira' | 'supportEmail'>;
}> = async (app, { db, mailer, config }) => {
  app.post(
    '/api/carriers/jira-request',
    {
      schema: {
        tags: ['carriers'],
        summary: 'Request a carrier that is not in the catalogue',
        description:
          'Stores the request with the signed-in user as requester, then creates a ticket (Jira) or ' +
          'e-mails support. `error: true` means it was not stored or not forwarded.',
        body: carrierRequestSchema,
        response: { 200: carrierRequestResponseSchema, ...errors },
      },
    },
    async (request) =>
      submitCarrierRequest(db, requireActor(request), request.body, {
        jira: config.jira,
        mailer,
        supportEmail: config.supportEmail,
        log: request.log,
      }),
  );

  app.get(
    '/api/carrier-requests',
    {
      schema: {
        tags: ['carriers'],
        summary: 'New carrier requests, newest first (internal staff)',
        response: { 200: carrierRequestListResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireInternal(requireActor(request));
      return { requests: await listCarrierRequests(db) };
    },
  );
};

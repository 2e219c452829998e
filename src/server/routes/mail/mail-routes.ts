import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { mailOutboxResponseSchema } from '#shared/contracts/mail.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { requireInternal } from '#server/policies/scope.ts';
import { listOutbox } from '#server/services/mail/mailer.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The e-mails the product sent (internal staff): the outbox is the mailbox when no SMTP is set. */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/mail/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'The latest e-mails, newest first (internal staff)',
        response: { 200: mailOutboxResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireInternal(requireActor(request));
      return { messages: await listOutbox(db) };
    },
  );
};

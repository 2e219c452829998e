import type { Client } from '@openfeature/server-sdk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  adminAssignmentsResponseSchema,
  assignmentInputSchema,
  assignmentParamsSchema,
  embedConfigQuerySchema,
  embedConfigSchema,
  reportAccessRequestSchema,
  reportAccessResponseSchema,
  reportAssignmentsQuerySchema,
  reportAssignmentsResponseSchema,
  reportKeyParamsSchema,
  reportQuerySchema,
  reportResponseSchema,
  sigmaEmbedRequestSchema,
  sigmaEmbedResponseSchema,
  subscriptionAssignmentsQuerySchema,
} from '#shared/contracts/reports.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { EmbedProviders } from '#server/services/reports/embed/embed-provider.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import {
  createAssignment,
  deleteAssignment,
  listAdminAssignments,
  providerStatus,
  updateAssignment,
} from '#server/services/reports/assignment-admin-service.ts';
import {
  getEmbedConfig,
  getReport,
  getSigmaEmbed,
  listReportAssignments,
  listSubscriptionAssignments,
  requestReportAccess,
} from '#server/services/reports/report-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const embedErrors = { ...errors, 502: errorResponseSchema, 503: errorResponseSchema };

/**
 * The report catalogue's server side (spec part 1 §7 `/api/reports/*`, `/api/subscription/assignments`,
 * `POST /api/sigma/embed`): assignments and embed configs within the caller's scope, access requests
 * from teasers, and the staff's assignment admin.
 */
export const reportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  flags: Client;
  providers: EmbedProviders;
  mailer: Mailer;
  config: Pick<Config, 'jira' | 'supportEmail'>;
}> = async (app, { db, flags, providers, mailer, config }) => {
  const deps = { db, flags, providers };

  app.get(
    '/api/reports/assignments',
    {
      schema: {
        tags: ['reports'],
        summary: 'The dashboards assigned at a level, for the reports the caller may open',
        querystring: reportAssignmentsQuerySchema,
        response: { 200: reportAssignmentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      assignments: await listReportAssignments(deps, requireActor(request), request.query.levelUuid),
    }),
  );

  app.get(
    '/api/subscription/assignments',
    {
      schema: {
        tags: ['reports'],
        summary: "The dashboards assigned to a subscriber's agency (default: the caller's own)",
        querystring: subscriptionAssignmentsQuerySchema,
        response: { 200: reportAssignmentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      assignments: await listSubscriptionAssignments(
        deps,
        requireActor(request),
        request.query.subscriberUuid,
      ),
    }),
  );

  app.get(
    '/api/reports/:key',
    {
      schema: {
        tags: ['reports'],
        summary: 'A report of the catalogue and the dashboard assigned to it at a level',
        params: reportKeyParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    async (request) => getReport(deps, requireActor(request), request.params.key, request.query.levelUuid),
  );

  app.get(
    '/api/reports/:assignmentId/config',
    {
      schema: {
        tags: ['reports'],
        summary: 'A short-lived embed configuration of an assigned dashboard, for the caller',
        description:
          'Minted now for the signed-in user and the level (agency or network) they look at; the ' +
          'tenant comes from the session. 503 when the provider is not configured, 502 when it failed.',
        params: assignmentParamsSchema,
        querystring: embedConfigQuerySchema,
        response: { 200: embedConfigSchema, ...embedErrors },
      },
    },
    async (request) =>
      getEmbedConfig(deps, requireActor(request), request.params.assignmentId, request.query.levelUuid),
  );

  app.post(
    '/api/sigma/embed',
    {
      schema: {
        tags: ['reports'],
        summary: 'A signed Sigma embed URL for an assigned workbook',
        body: sigmaEmbedRequestSchema,
        response: { 200: sigmaEmbedResponseSchema, ...embedErrors },
      },
    },
    async (request) => getSigmaEmbed(deps, requireActor(request), request.body),
  );

  app.post(
    '/api/reports/:key/access-requests',
    {
      schema: {
        tags: ['reports'],
        summary: 'Ask support for access to a report (from its teaser)',
        params: reportKeyParamsSchema,
        body: reportAccessRequestSchema,
        response: { 200: reportAccessResponseSchema, ...errors },
      },
    },
    async (request) =>
      requestReportAccess(db, requireActor(request), request.params.key, request.body, {
        jira: config.jira,
        mailer,
        supportEmail: config.supportEmail,
        log: request.log,
      }),
  );

  app.get(
    '/api/admin/report-assignments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every dashboard assignment, and which providers are configured (internal staff)',
        response: { 200: adminAssignmentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      assignments: await listAdminAssignments(db, requireActor(request)),
      providers: providerStatus(providers),
    }),
  );

  app.post(
    '/api/admin/report-assignments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Assign a dashboard to a report for a network or an agency (internal staff)',
        body: assignmentInputSchema,
        response: { 201: z.object({ assignmentId: z.string().uuid() }), ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const assignmentId = await createAssignment(db, requireActor(request), request.body);
      return reply.status(201).send({ assignmentId });
    },
  );

  app.put(
    '/api/admin/report-assignments/:assignmentId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a dashboard assignment (internal staff)',
        params: assignmentParamsSchema,
        body: assignmentInputSchema,
        response: { 204: z.null(), ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await updateAssignment(db, requireActor(request), request.params.assignmentId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/admin/report-assignments/:assignmentId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a dashboard assignment (internal staff)',
        params: assignmentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAssignment(db, requireActor(request), request.params.assignmentId);
      return reply.status(204).send(null);
    },
  );
};

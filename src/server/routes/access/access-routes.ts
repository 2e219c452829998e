import type { Client } from '@openfeature/server-sdk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED } from '#server/policies/subscription-gate.ts';
import {
  clarityUserResponseSchema,
  clientConfigSchema,
  featuresResponseSchema,
  productFeaturesResponseSchema,
  subscriptionFeaturesResponseSchema,
  userAccessResponseSchema,
} from '#shared/contracts/access.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { levelsResponseSchema } from '#shared/contracts/levels.ts';
import { whatsNewResponseSchema } from '#shared/contracts/whats-new.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import {
  getClarityUser,
  listAccessRecords,
  listProductFeatures,
  listSubscriberExternalIds,
} from '#server/services/access/access-service.ts';
import { evaluateFlags } from '#server/services/flags/flag-service.ts';
import { listLevels } from '#server/services/levels/levels-service.ts';
import { listWhatsNew } from '#server/services/system/whats-new-service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** What the shell loads after sign-in: access data, flags, levels, news and the client configuration. */
export const accessRoutes: FastifyPluginAsyncZod<{ db: Db; flags: Client; config: Config }> = async (
  app,
  { db, flags, config },
) => {
  app.get(
    '/api/user/access',
    {
      schema: {
        tags: ['access'],
        summary: "The caller's access records",
        response: { 200: userAccessResponseSchema, ...errors },
      },
    },
    async (request) => ({ accessRecords: await listAccessRecords(db, requireActor(request).userId) }),
  );

  app.get(
    '/api/product-features',
    {
      schema: {
        tags: ['access'],
        summary: 'Product features',
        response: { 200: productFeaturesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return { productFeatures: await listProductFeatures(db) };
    },
  );

  app.get(
    '/api/subscription/features',
    {
      schema: {
        tags: ['access'],
        summary: "The features the caller's subscriber holds",
        response: { 200: subscriptionFeaturesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ids = await listSubscriberExternalIds(db, requireActor(request));
      return { features: ids.map((externalId) => ({ externalId })) };
    },
  );

  app.get(
    '/api/features',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['access'],
        summary: 'Feature flags for the caller',
        response: { 200: featuresResponseSchema, ...errors },
      },
    },
    async (request) => ({ features: await evaluateFlags(db, flags, requireActor(request)) }),
  );

  app.get(
    '/api/clarity/user',
    {
      schema: {
        tags: ['access'],
        summary: 'The caller in the upload portal (403: no portal account)',
        response: { 200: clarityUserResponseSchema, ...errors },
      },
    },
    async (request) => getClarityUser(db, requireActor(request)),
  );

  app.get(
    '/api/levels',
    {
      schema: {
        tags: ['access'],
        summary: 'Networks and agencies the caller may compute reports for',
        response: { 200: levelsResponseSchema, ...errors },
      },
    },
    async (request) => listLevels(db, requireActor(request)),
  );

  app.get(
    '/api/whats-new',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['system'],
        summary: "What's new in the product",
        response: { 200: whatsNewResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return { entries: await listWhatsNew(db) };
    },
  );

  app.get(
    '/akpi-env',
    { schema: { tags: ['system'], summary: 'Client configuration', response: { 200: clientConfigSchema } } },
    () => ({
      supportEmail: config.supportEmail,
      helpSiteUrl: config.helpSiteUrl,
      termsUrl: config.termsUrl,
      aiChatUrl: config.aiChatUrl,
      uploadPortalUrl: config.uploadPortalUrl,
      appUrl: config.publicUrl,
      ...(config.errorReporting && {
        sentryDsn: config.errorReporting.dsn,
        sentryEnvironment: config.errorReporting.environment,
      }),
    }),
  );
};

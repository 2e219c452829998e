import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  benchmarkSettingsSchema,
  benchmarksQuerySchema,
  benchmarksResponseSchema,
  saveSettingsBodySchema,
  settingsQuerySchema,
  warningsQuerySchema,
  warningsResponseSchema,
} from '#shared/contracts/benchmarks.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { requireFeature } from '#server/services/access/access-service.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { benchmarks } from '#server/services/network-intelligence/benchmarks.ts';
import {
  readBenchmarkSettings,
  saveBenchmarkSettings,
} from '#server/services/network-intelligence/benchmarks-settings.ts';
import { earlyWarnings } from '#server/services/network-intelligence/warnings.ts';
import { sharedCarriers } from '#server/services/production/production-report.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['network intelligence'];

/**
 * Benchmarks against peers and early warning (/api/network-intelligence/*): every call needs Carrier
 * Production (the cpr feature) and a level inside the caller's scope. An agency's answers carry only
 * its own figures and the network's distributions; the settings are written by the network's users.
 */
export const benchmarksRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  type Request = Parameters<typeof requireActor>[0];
  const context = async (request: Request, levelUuid: string | undefined) => {
    const actor = requireActor(request);
    const [level, mode] = await Promise.all([
      resolveLevel(db, actor, levelUuid),
      getCollaborationMode(db, actor),
      requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE),
    ]);
    return { actor, level, carriers: sharedCarriers(mode) };
  };

  app.get(
    '/api/network-intelligence/benchmarks',
    {
      schema: {
        tags,
        summary:
          "An agency's figures per carrier and line against its network's quartiles and its size band (a network's: the distributions and its agencies)",
        querystring: benchmarksQuerySchema,
        response: { 200: benchmarksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, carriers } = await context(request, request.query.levelUuid);
      return benchmarks(db, level, request.query, carriers, today());
    },
  );

  app.get(
    '/api/network-intelligence/warnings',
    {
      schema: {
        tags,
        summary:
          "Early warnings: the level's agencies' carriers and lines with a high and rising loss ratio or growth below the network's first quartile, by agency name or the largest written premium first, 25 a page at the network",
        querystring: warningsQuerySchema,
        response: { 200: warningsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, carriers } = await context(request, request.query.levelUuid);
      return earlyWarnings(db, level, request.query, carriers, today(), request.query);
    },
  );

  app.get(
    '/api/network-intelligence/settings',
    {
      schema: {
        tags,
        summary: "The size bands and early-warning threshold of the level's network",
        querystring: settingsQuerySchema,
        response: { 200: benchmarkSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { level } = await context(request, request.query.levelUuid);
      return readBenchmarkSettings(db, level.networkUuid);
    },
  );

  app.put(
    '/api/network-intelligence/settings',
    {
      schema: {
        tags,
        summary: "Save a network's size bands and early-warning threshold (its network users and staff)",
        body: saveSettingsBodySchema,
        response: { 200: benchmarkSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await context(request, request.body.levelUuid);
      return saveBenchmarkSettings(db, actor, level, request.body);
    },
  );
};

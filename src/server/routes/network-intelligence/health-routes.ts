import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { carrierLagsQuerySchema, carrierLagsResponseSchema } from '#shared/contracts/carrier-lags.ts';
import { healthQuerySchema, healthResponseSchema } from '#shared/contracts/reporting-health.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { requireFeature } from '#server/services/access/access-service.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { sharedCarriers } from '#server/services/production/production-report.ts';
import { carrierLagList, reportingHealth } from '#server/services/network-intelligence/health.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['network intelligence'];

/**
 * Reporting health (/api/network-intelligence/health, carrier-lags): a level inside the caller's scope
 * and, for the monthly close, Carrier Production's feature (the reports are its carriers' data; the
 * carriers' lags alone, which every date badge reads, need no feature): a network user or staff
 * any agency of the network, an agency user its own agency only. In collaboration mode only the
 * shared carriers are seen.
 */
export const reportingHealthRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  const context = async (
    request: Parameters<typeof requireActor>[0],
    levelUuid: string | undefined,
    feature: boolean,
  ) => {
    const actor = requireActor(request);
    const [level, mode] = await Promise.all([
      resolveLevel(db, actor, levelUuid),
      getCollaborationMode(db, actor),
      feature ? requireFeature(db, actor, CARRIER_PRODUCTION_FEATURE) : undefined,
    ]);
    const shared = sharedCarriers(mode);
    return { level, keep: (carrierUuid: string) => !shared || shared.includes(carrierUuid) };
  };

  app.get(
    '/api/network-intelligence/health',
    {
      schema: {
        tags,
        summary: "The monthly close: each agency's carrier reports of a month, and what needs attention",
        querystring: healthQuerySchema,
        response: { 200: healthResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, keep } = await context(request, request.query.levelUuid, true);
      const answer = await reportingHealth(db, level, request.query.month as YearMonth | undefined, today());
      if (answer.lines.every((l) => keep(l.carrierUuid))) return answer;
      const lines = answer.lines.filter((l) => keep(l.carrierUuid));
      const count = (p: string) => lines.filter((l) => l.problems.includes(p as never)).length;
      return {
        ...answer,
        lines,
        carriers: answer.carriers.filter((c) => keep(c.carrierUuid)),
        counts: {
          lines: lines.length,
          fine: lines.filter((l) => l.problems.length === 0).length,
          missing: count('missing'),
          late: count('late'),
          unmapped: count('unmapped'),
          blanks: count('blanks'),
        },
      };
    },
  );

  app.get(
    '/api/network-intelligence/carrier-lags',
    {
      schema: {
        tags,
        summary: "Each carrier's usual reporting lag and the latest month it is due for",
        querystring: carrierLagsQuerySchema,
        response: { 200: carrierLagsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level, keep } = await context(request, request.query.levelUuid, false);
      const answer = await carrierLagList(db, level, today());
      return { carriers: answer.carriers.filter((c) => keep(c.carrierUuid)) };
    },
  );
};

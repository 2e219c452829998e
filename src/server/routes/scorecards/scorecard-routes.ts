import type { Client } from '@openfeature/server-sdk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  scorecardByAgencyResponseSchema,
  scorecardByCarrierQuerySchema,
  scorecardByCarrierResponseSchema,
  scorecardExportQuerySchema,
  scorecardQuerySchema,
  scorecardStatsResponseSchema,
} from '#shared/contracts/scorecards.ts';
import { canOpenReport, reportByKey } from '#shared/domain/reports.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { resolveLevel, type Level } from '#server/policies/scope.ts';
import { getCollaborationMode } from '#server/services/collaboration/collaboration-service.ts';
import { levelName } from '#server/services/levels/levels-service.ts';
import { inChunks } from '#server/services/production/production-export.ts';
import { reportAccessOf } from '#server/services/reports/report-service.ts';
import { scorecardCsvLines, scorecardFileName } from '#server/services/scorecards/scorecard-export.ts';
import {
  scorecardByAgency,
  scorecardByCarrier,
  scorecardStats,
} from '#server/services/scorecards/scorecard-report.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const noAccess = () =>
  new AppError(
    'forbidden',
    'You do not have access to this feature. Please select an option from the menu on the left.',
  );

/**
 * The agency production scorecard (spec part 2 §7 /api/scorecards/*): the caller must be able to
 * open the scorecard report (the `scorecards` flag and the Agency Production feature), and sees the
 * level `levelUuid` resolves to in their scope, or one agency of it (`selectedAgencyUuid`).
 */
export const scorecardRoutes: FastifyPluginAsyncZod<{
  db: Db;
  flags: Client;
  today: () => CalendarDay;
}> = async (app, { db, flags, today }) => {
  const report = reportByKey('agency-scorecard')!;

  const context = async (
    request: Parameters<typeof requireActor>[0],
    query: { levelUuid?: string | undefined; selectedAgencyUuid?: string | undefined },
  ) => {
    const actor = requireActor(request);
    const [level, mode, access] = await Promise.all([
      resolveLevel(db, actor, query.levelUuid),
      getCollaborationMode(db, actor),
      reportAccessOf(db, flags, actor),
    ]);
    if (!canOpenReport(report, access)) throw noAccess();
    return { level: await selectedLevel(actor, level, query.selectedAgencyUuid), mode, today: today() };
  };

  /** The agency picked (spec part 2 §2: a network user picks one agency), in the caller's scope. */
  const selectedLevel = async (
    actor: ReturnType<typeof requireActor>,
    level: Level,
    selectedAgencyUuid: string | undefined,
  ): Promise<Level> => {
    if (selectedAgencyUuid === undefined) return level;
    const selected = await resolveLevel(db, actor, selectedAgencyUuid);
    if (selected.kind !== 'agency') {
      const message = 'selectedAgencyUuid must be an agency.';
      throw new AppError('bad_request', message, { selectedAgencyUuid: message });
    }
    return selected;
  };

  app.get(
    '/api/scorecards/by-agency',
    {
      schema: {
        tags: ['scorecards'],
        summary: 'Scorecard figures per policy type, with the core / non-core split',
        querystring: scorecardQuerySchema,
        response: { 200: scorecardByAgencyResponseSchema, ...errors },
      },
    },
    async (request) => scorecardByAgency(db, request.query, await context(request, request.query)),
  );

  app.get(
    '/api/scorecards/by-carrier',
    {
      schema: {
        tags: ['scorecards'],
        summary: 'Scorecard figures per carrier, with each carrier’s lines and the totals',
        querystring: scorecardByCarrierQuerySchema,
        response: { 200: scorecardByCarrierResponseSchema, ...errors },
      },
    },
    async (request) => scorecardByCarrier(db, request.query, await context(request, request.query)),
  );

  app.get(
    '/api/scorecards/stats',
    {
      schema: {
        tags: ['scorecards'],
        summary: 'Scorecard summary per policy type, and the latest month with data',
        querystring: scorecardQuerySchema,
        response: { 200: scorecardStatsResponseSchema, ...errors },
      },
    },
    async (request) => scorecardStats(db, request.query, await context(request, request.query)),
  );

  app.get(
    '/api/scorecards/export',
    {
      schema: {
        tags: ['scorecards'],
        summary: 'The scorecard’s carrier table as CSV',
        querystring: scorecardExportQuerySchema,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await context(request, request.query);
      const answer = await scorecardByCarrier(db, request.query, ctx);
      const name = await levelName(db, ctx.level);
      const lines = scorecardCsvLines(answer, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${scorecardFileName(name, answer.period)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(inChunks(lines)) as never); // a stream: not a JSON body to serialise
    },
  );
};

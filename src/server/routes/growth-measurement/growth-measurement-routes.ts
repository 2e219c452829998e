import type { Client } from '@openfeature/server-sdk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  activePlanResponseSchema,
  activePlanYearsResponseSchema,
  createPlanBodySchema,
  fullPlanResponseSchema,
  growthLevelQuerySchema,
  planCarriersResponseSchema,
  planIdParamsSchema,
  reportingDatesResponseSchema,
  savePlanBodySchema,
  ytdQuerySchema,
  ytdResponseSchema,
} from '#shared/contracts/growth-measurement.ts';
import { FLAGS } from '#shared/contracts/access.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { resolveLevel } from '#server/policies/scope.ts';
import { isFlagOn } from '#server/services/flags/flag-service.ts';
import { reportingDates, ytdAgencyCarrier } from '#server/services/growth-measurement/growth-actuals.ts';
import {
  activePlanYears,
  createPlan,
  deletePlan,
  findPlan,
  fullPlan,
  planCarriers,
  savePlan,
} from '#server/services/growth-measurement/growth-plans.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const NO_ACCESS =
  'You do not have access to this feature. Please select an option from the menu on the left.';
const CHOOSE_AGENCY = 'Choose an agency: growth plans belong to an agency.';

/**
 * Growth plan measurement (spec part 2 §7 /api/growth-measurement/*): every call needs the
 * growthMeasurement flag (spec part 2 §2, §6) and an agency in the caller's scope.
 */
export const growthMeasurementRoutes: FastifyPluginAsyncZod<{
  db: Db;
  flags: Client;
  today: () => CalendarDay;
}> = async (app, { db, flags, today }) => {
  const flagged = async (request: Parameters<typeof requireActor>[0]): Promise<Actor> => {
    const actor = requireActor(request);
    if (!(await isFlagOn(flags, actor, FLAGS.growthMeasurement))) throw new AppError('forbidden', NO_ACCESS);
    return actor;
  };
  const agencyContext = async (
    request: Parameters<typeof requireActor>[0],
    levelUuid: string | undefined,
  ) => {
    const actor = await flagged(request);
    const level = await resolveLevel(db, actor, levelUuid);
    if (level.kind !== 'agency')
      throw new AppError('bad_request', CHOOSE_AGENCY, { levelUuid: CHOOSE_AGENCY });
    return { actor, level };
  };
  const planContext = async (request: Parameters<typeof requireActor>[0], planId: string) => {
    const actor = await flagged(request);
    return { actor, found: await findPlan(db, actor, planId) };
  };

  app.get(
    '/api/growth-measurement/active-plan-years',
    {
      schema: {
        tags: ['growth measurement'],
        summary: "The agency's plans keyed by year, and the years to choose from",
        querystring: growthLevelQuerySchema,
        response: { 200: activePlanYearsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await agencyContext(request, request.query.levelUuid);
      return activePlanYears(db, actor, level, today());
    },
  );

  app.get(
    '/api/growth-measurement/active-plans/:planId',
    {
      schema: {
        tags: ['growth measurement'],
        summary: 'A plan, including its year',
        params: planIdParamsSchema,
        response: { 200: activePlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { found } = await planContext(request, request.params.planId);
      return { plan: found.plan };
    },
  );

  app.get(
    '/api/growth-measurement/plan/:planId/full',
    {
      schema: {
        tags: ['growth measurement'],
        summary: "A plan's goals per carrier and line, per carrier and for the agency",
        params: planIdParamsSchema,
        response: { 200: fullPlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, found } = await planContext(request, request.params.planId);
      return fullPlan(db, actor, found.plan, found.level);
    },
  );

  app.get(
    '/api/growth-measurement/reporting-dates',
    {
      schema: {
        tags: ['growth measurement'],
        summary: "Each carrier's latest reported month at the agency",
        querystring: growthLevelQuerySchema,
        response: { 200: reportingDatesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level } = await agencyContext(request, request.query.levelUuid);
      return reportingDates(db, level);
    },
  );

  app.get(
    '/api/growth-measurement/ytd-agency-carrier/v2',
    {
      schema: {
        tags: ['growth measurement'],
        summary: 'Actual year-to-date figures per carrier and line',
        querystring: ytdQuerySchema,
        response: { 200: ytdResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { level } = await agencyContext(request, request.query.levelUuid);
      return ytdAgencyCarrier(db, level, request.query, today());
    },
  );

  app.get(
    '/api/growth-measurement/carriers',
    {
      schema: {
        tags: ['growth measurement'],
        summary: 'The carriers a plan may name',
        response: { 200: planCarriersResponseSchema, ...errors },
      },
    },
    async (request) => {
      await flagged(request);
      return planCarriers(db);
    },
  );

  app.post(
    '/api/growth-measurement/plans',
    {
      schema: {
        tags: ['growth measurement'],
        summary: 'Create a plan for a year, empty or as a copy of last year’s',
        querystring: growthLevelQuerySchema,
        body: createPlanBodySchema,
        response: { 200: activePlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, level } = await agencyContext(request, request.query.levelUuid);
      return { plan: await createPlan(db, actor, level, request.body, today()) };
    },
  );

  app.put(
    '/api/growth-measurement/plan/:planId',
    {
      schema: {
        tags: ['growth measurement'],
        summary: "Save a plan's name and rows (refused when someone saved it meanwhile)",
        params: planIdParamsSchema,
        body: savePlanBodySchema,
        response: { 200: fullPlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, found } = await planContext(request, request.params.planId);
      await savePlan(db, actor, found, request.body);
      const saved = await findPlan(db, actor, request.params.planId);
      return fullPlan(db, actor, saved.plan, saved.level);
    },
  );

  app.delete(
    '/api/growth-measurement/plan/:planId',
    {
      schema: {
        tags: ['growth measurement'],
        summary: 'Delete a plan (refused when someone saved it meanwhile)',
        params: planIdParamsSchema,
        querystring: z.object({ version: z.coerce.number({ message: 'version is required' }).int() }),
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { actor, found } = await planContext(request, request.params.planId);
      await deletePlan(db, actor, found, request.query.version);
      return { deleted: true as const };
    },
  );
};

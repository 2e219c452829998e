import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byMonthResponseSchema } from '#shared/contracts/performance-charts.ts';
import { productionQuerySchema } from '#shared/contracts/production.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { productionByMonth } from '#server/services/performance-charts/production-by-month.ts';
import { productionContext, productionErrors } from './production-routes.ts';

/** Performance Charts (`/dataviz`): Carrier Production's figures month by month; needs cpr and scope. */
export const performanceChartsRoutes: FastifyPluginAsyncZod<{ db: Db; today: () => CalendarDay }> = async (
  app,
  { db, today },
) => {
  app.get(
    '/api/core-production/by-month',
    {
      schema: {
        tags: ['production'],
        summary: 'Carrier production month by month, each month against the same month a year earlier',
        querystring: productionQuerySchema,
        response: { 200: byMonthResponseSchema, ...productionErrors },
      },
    },
    async (request) => {
      const { level, mode } = await productionContext(db, request, request.query.levelUuid);
      return productionByMonth(db, level, request.query, today(), mode);
    },
  );
};

import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_TO_LAPSED } from '#server/policies/subscription-gate.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { healthResponseSchema } from '#shared/contracts/health.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';

/** Liveness that includes the database: a load balancer takes a server out when its database is gone. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: OPEN_TO_LAPSED,
      schema: {
        tags: ['system'],
        summary: 'Server and database health',
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('unavailable', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: database.driver };
    },
  );
};

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openPostgres, type Database } from '#server/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { createTestDatabase } from './test-database.ts';
import { TEST_PASSWORD } from './factories.ts';

/** The test apps' AUTH_SECRET (what the server signs with: the digest's unsubscribe links). */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/** The real application on the test file's own database, driven with `inject` (no port). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
  today?: () => CalendarDay,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await appOn(database, overrides, beforeReady, today);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second application on the same database as `first`, as another server process would be: on
 * PostgreSQL with a connection pool (and so an answer cache) of its own; on PGlite, which one process
 * opens once, on the same handle. Closing it leaves the database to `first`.
 */
export async function createSecondApp(first: TestApp, today?: () => CalendarDay): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  let database = first.database;
  let closeDatabase = async () => {};
  if (url) {
    const found = await first.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const own = await openPostgres(withDatabase(url, found.rows[0]!.name));
    database = own;
    closeDatabase = own.close;
  }
  const app = await appOn(database, {}, undefined, today);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await closeDatabase();
    },
  };
}

async function appOn(
  database: Database,
  overrides: Partial<Config>,
  beforeReady?: (app: FastifyInstance) => void,
  today?: () => CalendarDay,
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config: { ...config, ...overrides }, database, logger: false, today });
  beforeReady?.(app);
  await app.ready();
  return app;
}

/** Signs in through the real sign-in endpoint and returns the session cookie header. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/** Signs each user in, one after the other, and returns their session cookie headers by name. */
export async function signInAll(
  app: FastifyInstance,
  users: Record<string, { email: string }>,
): Promise<Record<string, string>> {
  const cookies: Record<string, string> = {};
  for (const [who, user] of Object.entries(users)) cookies[who] = await signIn(app, user.email);
  return cookies;
}

/** A request as the signed-in user of `cookie`, with a JSON body when one is given. */
export function injectAs(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

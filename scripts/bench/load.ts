/**
 * `npm run bench:load [-- --duration 20 --users 50 --driver pglite|postgres] [-- --soak]`
 *
 * Load test of the main read and write endpoints: the app runs in this process on 127.0.0.1 (a
 * random port; no other traffic), on the demo data (PGlite in LOAD_DATA_DIR, default ./data-load,
 * generated on the first run; or PostgreSQL at LOAD_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/understanding_load). `--users` agency owners (one per agency
 * with Carrier Production, added on the first run) sign in; autocannon then drives, all at once for
 * `--duration` seconds, one endpoint per group of users: GET /api/user, Carrier Production
 * by-carrier and by-agency (YTD with its prior period), the manual entry list, and a manual entry
 * save (a new entry each time). It prints requests/s, p50/p99 latency and errors per endpoint.
 * `--soak` runs 10 minutes and samples the process's RSS and heap every 30 s, to show memory flat
 * (the load generator runs in the same process: its share is small and constant). Figures go in the
 * issue's closing note; no test asserts them.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { appRoot, loadConfig } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/demo/generate.ts';
import { accounts, users } from '#server/db/schema/auth.ts';
import { carriers } from '#server/db/schema/dimensions.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import { offeredYears } from '#shared/contracts/manual-entry.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { presets } from '#shared/domain/timeframe.ts';

type Args = { duration: number; users: number; driver: 'pglite' | 'postgres'; soak: boolean };

const SOAK_SECONDS = 600;
const SAMPLE_EVERY_MS = 30_000;
const BENCH_PASSWORD = 'Load-bench-password-1';
const BENCH_CARRIER = 'Load Bench Mutual';
const today = calendarDateIn(BUSINESS_TIME_ZONE);

function parseArgs(argv: string[]): Args {
  const args: Args = { duration: 20, users: 50, driver: 'pglite', soak: false };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.replace(/^--/, '').split('=');
    if (name === 'soak') {
      args.soak = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if ((name === 'duration' || name === 'users') && Number(value) > 0) args[name] = Number(value);
    else if (name === 'driver' && (value === 'postgres' || value === 'pglite')) args.driver = value;
    else
      throw new Error(
        `Unknown argument ${argv[i]}; use --duration S --users N --driver pglite|postgres --soak`,
      );
  }
  if (args.soak) args.duration = SOAK_SECONDS;
  return args;
}

async function ensurePostgresDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}

async function openDatabase(args: Args): Promise<{ database: Database; env: Record<string, string> }> {
  if (args.driver === 'postgres') {
    const url = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/understanding_load';
    await ensurePostgresDatabase(url);
    console.log(`PostgreSQL ${url}`);
    return { database: await openPostgres(url), env: { DATABASE_URL: url } };
  }
  const dir = path.resolve(appRoot, process.env.LOAD_DATA_DIR ?? 'data-load');
  console.log(`PGlite ${dir}`);
  return { database: await openPglite(dir), env: { DATA_DIR: dir } };
}

/** Demo data (first run), the bench carrier, and one owner per agency with Carrier Production. */
async function prepare(
  database: Database,
  count: number,
): Promise<{ emails: string[]; carrierUuid: string }> {
  await database.migrate(path.join(appRoot, 'src', 'server', 'db', 'migrations'));
  const { db } = database;
  const seeded = await db.execute<{ found: boolean }>(sql`select exists (select 1 from agencies) as found`);
  if (!seeded.rows[0]?.found) {
    const started = performance.now();
    await seedDemoData(db, { today, passwordHash: hashPassword, log: (m) => console.log(`  ${m}`) });
    console.log(`  demo data generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await ensureReadModel(db, (m) => console.log(`  ${m}`));

  let carrier = (
    await db
      .select()
      .from(carriers)
      .where(sql`name = ${BENCH_CARRIER}`)
  )[0];
  carrier ??= (
    await db.insert(carriers).values({ name: BENCH_CARRIER, displayName: BENCH_CARRIER }).returning()
  )[0];

  const agencies = await db.execute<{ agency_uuid: string; network_uuid: string }>(sql`
    select distinct a.uuid as agency_uuid, a.network_uuid
    from agencies a
    join subscriber_features sf on sf.agency_uuid = a.uuid
    join product_features f on f.external_id = sf.external_id and f.key = 'cpr'
    order by a.uuid
    limit ${count}`);
  if (agencies.rows.length < count)
    throw new Error(`only ${agencies.rows.length} agencies with Carrier Production`);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const emails: string[] = [];
  for (const [i, agency] of agencies.rows.entries()) {
    const email = `load-${i}@bench.understanding.test`;
    emails.push(email);
    const existing = await db.execute(sql`select 1 from users where email = ${email}`);
    if (existing.rows.length > 0) continue;
    const [user] = await db
      .insert(users)
      .values({
        name: `Load User ${i}`,
        firstName: 'Load',
        lastName: `User ${i}`,
        email,
        emailVerified: true,
        userType: 'agency',
        agencyUuid: agency.agency_uuid,
        networkUuid: agency.network_uuid,
        isOwner: true,
      })
      .returning();
    await db
      .insert(accounts)
      .values({ userId: user!.id, accountId: user!.id, providerId: 'credential', password: passwordHash });
  }
  return { emails, carrierUuid: carrier!.uuid };
}

async function signIn(origin: string, email: string, i: number): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    // One address per user, as from their own browsers (sign-in is rate limited per address).
    headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

type Endpoint = { name: string; method: 'GET' | 'POST'; path: string; body?: () => string };

function endpoints(carrierUuid: string): Endpoint[] {
  const ytd = presets(today).find((tf) => tf.name === 'YTD')!;
  const period = `startDate=${ytd.startDate}&endDate=${ytd.endDate}`;
  const year = offeredYears(today)[1]!;
  const run = randomUUID().slice(0, 8);
  let n = 0;
  return [
    { name: 'GET /api/user', method: 'GET', path: '/api/user' },
    { name: 'GET by-carrier (YTD)', method: 'GET', path: `/api/core-production/by-carrier?${period}` },
    { name: 'GET by-agency (YTD)', method: 'GET', path: `/api/core-production/by-agency?${period}` },
    { name: 'GET manual entry list', method: 'GET', path: `/api/carrierentry/fetch?year=${year}` },
    {
      name: 'POST manual entry save',
      method: 'POST',
      path: '/api/carrierentry/new',
      body: () => {
        n += 1;
        return JSON.stringify({
          carrierUuid,
          subCodeUuid: null,
          subCode: `LOAD-${run}-${n}`,
          policyType: 'PL',
          year,
          month: (n % 12) + 1,
          writtenPremium: String(1000 + (n % 500)),
          newBusiness: '100',
          mover: '0',
          incurredLoss: '10',
          earnedPremium: '100',
          lossRatio: '',
          radio: 'incurredLossEarnedPremium',
          requestId: randomUUID(),
        });
      },
    },
  ];
}

/** RSS and heap; with --expose-gc (npm run bench:load) the heap is measured after a full collection. */
function memory(): string {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `rss ${(rss / 2 ** 20).toFixed(0)} MB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MB`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { database, env } = await openDatabase(args);
  let app: FastifyInstance | undefined;
  try {
    const { emails, carrierUuid } = await prepare(database, args.users);
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'load-bench-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    });
    app = await buildApp({ config, database, logger: { level: 'warn' } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const origin = `http://127.0.0.1:${address.port}`;
    const cookies = await Promise.all(emails.map((email, i) => signIn(origin, email, i)));

    const list = endpoints(carrierUuid);
    const perEndpoint = Math.max(1, Math.floor(args.users / list.length));
    console.log(
      `${args.users} signed-in users, ${perEndpoint} per endpoint, ${args.duration} s against ${origin}; ${memory()}`,
    );
    const sampler = setInterval(
      () => console.log(`  ${new Date().toISOString()} ${memory()}`),
      SAMPLE_EVERY_MS,
    );
    const results = await Promise.all(
      list.map((endpoint, e) => {
        let nextUser = e * perEndpoint;
        return autocannon({
          url: origin,
          connections: perEndpoint,
          duration: args.duration,
          requests: [
            {
              method: endpoint.method,
              path: endpoint.path,
              // Each connection is one user, with that user's session.
              setupRequest: (request, context: { cookie?: string }) => {
                context.cookie ??= cookies[nextUser++ % cookies.length]!;
                const headers = { ...request.headers, cookie: context.cookie, origin };
                if (!endpoint.body) return { ...request, headers };
                return {
                  ...request,
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: endpoint.body(),
                };
              },
            },
          ],
        }).then((result) => ({ endpoint, result }));
      }),
    );
    clearInterval(sampler);

    console.log(
      `\n${'endpoint'.padEnd(26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'requests'.padStart(9)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`,
    );
    for (const { endpoint, result } of results) {
      console.log(
        `${endpoint.name.padEnd(26)} ${result.requests.average.toFixed(1).padStart(8)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(result.requests.total).padStart(9)} ${String(result.non2xx).padStart(8)} ${String(result.errors + result.timeouts).padStart(7)}`,
      );
    }
    console.log(`\nafter the run: ${memory()}`);
    // autocannon drops its connections at the deadline: let the requests it left behind finish.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  } finally {
    await app?.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * What the benchmark scripts share: their arguments, the benchmark network (generated once on
 * PostgreSQL or PGlite), and the timing of a view as p50/p95 over runs after a warm-up.
 */
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { appRoot } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/demo/generate.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import type { Level } from '#server/policies/scope.ts';
import { compositeKinds, type CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';

export type Timing = { p50: number; p95: number };
export const ms = (t: Timing) => `${Math.round(t.p50)}/${Math.round(t.p95)}`;

export type Args = {
  agencies: number;
  driver: 'postgres' | 'pglite' | 'both';
  runs: number;
  /** `--only save`: time only what a save refreshes (scripts/bench/production.ts). */
  only: 'save' | null;
};

export function parseArgs(argv: string[]): Args {
  const args: Args = { agencies: 2000, driver: 'both', runs: 20, only: null };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.replace(/^--/, '').split('=');
    const value = inline ?? argv[++i];
    if (name === 'agencies' || name === 'runs') args[name] = Number(value);
    else if (name === 'driver' && (value === 'postgres' || value === 'pglite' || value === 'both'))
      args.driver = value;
    else if (name === 'only' && value === 'save') args.only = value;
    else
      throw new Error(
        `Unknown argument ${argv[i]}; use --agencies N --driver postgres|pglite|both --runs N --only save`,
      );
  }
  return args;
}

export const today = calendarDateIn(BUSINESS_TIME_ZONE);

export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  await client.end();
}

export async function prepare(
  database: Database,
  agencies: number,
): Promise<{ networkUuid: string; agencyUuids: string[] }> {
  await database.migrate(path.join(appRoot, 'src', 'server', 'db', 'migrations'));
  const name = `Benchmark Network ${agencies}`;
  let found = await database.db.execute<{ uuid: string }>(
    sql`select uuid from networks where name = ${name}`,
  );
  if (found.rows.length === 0) {
    const started = performance.now();
    await seedDemoData(database.db, {
      today,
      agencies,
      passwordHash: async (p) => `unused:${p}`,
      log: (m) => console.log(`  ${m}`),
    });
    console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await database.db.execute(sql`analyze`);
    found = await database.db.execute<{ uuid: string }>(sql`select uuid from networks where name = ${name}`);
  }
  await ensureReadModel(database.db, (m) => console.log(`  ${m}`));
  const networkUuid = found.rows[0]!.uuid;
  const agencyRows = await database.db.execute<{ uuid: string }>(
    sql`select uuid from agencies where network_uuid = ${networkUuid}::uuid order by uuid`,
  );
  const facts = await database.db.execute<{ n: string }>(
    sql`select count(*)::text as n from production_facts where network_uuid = ${networkUuid}::uuid`,
  );
  console.log(`  ${agencyRows.rows.length} agencies, ${facts.rows[0]!.n} production facts`);
  return { networkUuid, agencyUuids: agencyRows.rows.map((r) => r.uuid) };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function time(
  runs: number,
  fn: (i: number) => Promise<unknown>,
  before: () => Promise<unknown> = async () => {},
): Promise<Timing> {
  await before();
  await fn(0); // warm-up
  const samples: number[] = [];
  for (let i = 1; i <= runs; i++) {
    await before(); // not timed
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** A carrier composite as the query flags of a report request ('true' / 'false'). */
export const compositeQuery = (composite: CarrierComposite): Record<string, string> =>
  Object.fromEntries(Object.entries(compositeKinds(composite)).map(([k, v]) => [k, String(v)]));

/** The levels a benchmark reads: the network, and its agencies picked by a prime stride per run. */
export function benchLevels(setup: { networkUuid: string; agencyUuids: string[] }) {
  const network: Level = { kind: 'network', networkUuid: setup.networkUuid };
  const agencyUuidAt = (i: number) => setup.agencyUuids[(i * 7919) % setup.agencyUuids.length]!;
  const agencyAt = (i: number): Level => ({
    kind: 'agency',
    agencyUuid: agencyUuidAt(i),
    networkUuid: setup.networkUuid,
  });
  return { network, agencyUuidAt, agencyAt };
}

/** Drops the PostgreSQL database of `url` (connections forced off) and creates it again, empty. */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1).replaceAll('"', '');
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
}

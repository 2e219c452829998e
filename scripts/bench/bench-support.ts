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
import type { BroadLineCode } from '#shared/contracts/production.ts';
import {
  compositeKinds,
  compositeOf,
  type CarrierComposite,
  type CarrierKinds,
} from '#shared/domain/carrier-composite.ts';
import {
  addMonths,
  BUSINESS_TIME_ZONE,
  calendarDateIn,
  latestReportingMonth,
  workingYear,
} from '#shared/domain/reporting-month.ts';
import { defaultTimeframe, parseTimeframe, type Timeframe } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';

export type Timing = { p50: number; p95: number };
export const ms = (t: Timing) => `${Math.round(t.p50)}/${Math.round(t.p95)}`;

export type Args = {
  agencies: number;
  driver: 'postgres' | 'pglite' | 'both';
  runs: number;
  /**
   * `--only save`: time only what a save refreshes; `--only shapes`: only the views beyond the presets,
   * beside DuckDB (scripts/bench/production.ts).
   */
  only: 'save' | 'shapes' | null;
};

export function parseArgs(argv: string[]): Args {
  const args: Args = { agencies: 2000, driver: 'both', runs: 20, only: null };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.replace(/^--/, '').split('=');
    const value = inline ?? argv[++i];
    if (name === 'agencies' || name === 'runs') args[name] = Number(value);
    else if (name === 'driver' && (value === 'postgres' || value === 'pglite' || value === 'both'))
      args.driver = value;
    else if (name === 'only' && (value === 'save' || value === 'shapes')) args.only = value;
    else
      throw new Error(
        `Unknown argument ${argv[i]}; use --agencies N --driver postgres|pglite|both --runs N --only save|shapes`,
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

/** Carrier kinds as the query flags of a report request ('true' / 'false'). */
export const kindsQuery = (kinds: CarrierKinds): Record<string, string> =>
  Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, String(v)]));

/** A carrier composite as the query flags of a report request. */
export const compositeQuery = (composite: CarrierComposite): Record<string, string> =>
  kindsQuery(compositeKinds(composite));

/** The first three standard types of personal lines, by their order in the tree. */
export async function personalLinesTypes(db: Db): Promise<string[]> {
  const types = await db.execute<{ code: string }>(sql`select l.code from lines_of_business l
    join lines_of_business b on b.uuid = l.parent_uuid where b.code = 'PL' order by l.sort_order limit 3`);
  return types.rows.map((t) => t.code);
}

/**
 * What users ask beyond the presets (none of them kept ahead): a month, two custom ranges, a past
 * year, standard types, and a combination of carrier kinds no composite names (every kind but crop).
 */
export type Shape = {
  name: string;
  tf: Timeframe;
  line: BroadLineCode;
  standardTypes: string[];
  kinds: CarrierKinds;
};

export async function periodShapes(db: Db): Promise<Shape[]> {
  const latest = latestReportingMonth(today);
  const range = (from: number, to: number) =>
    parseTimeframe(`${addMonths(latest, from)}--${addMonths(latest, to)}`, today)!;
  const all = compositeKinds('all');
  const butCrop = { ...all, isCrop: false };
  if (compositeOf(butCrop) !== null) throw new Error('every kind but crop is a named composite');
  const ytd = defaultTimeframe(today);
  const shape = (name: string, tf: Timeframe, more: Partial<Shape> = {}): Shape => ({
    name,
    tf,
    line: 'P&C',
    standardTypes: [],
    kinds: all,
    ...more,
  });
  return [
    shape(`month ${latest}`, parseTimeframe(latest, today)!),
    shape('custom, 6 months', range(-8, -3)),
    shape('custom, 30 months', range(-31, -2)),
    shape(`past year ${workingYear(today) - 1}`, parseTimeframe(`ytd-${workingYear(today) - 1}`, today)!),
    shape('YTD, PL standard types', ytd, { line: 'PL', standardTypes: await personalLinesTypes(db) }),
    shape('YTD, every kind but crop', ytd, { kinds: butCrop }),
  ];
}

/** A shape as the query of a report request (before its schema parses it). */
export const shapeQuery = (shape: Shape) => ({
  startDate: shape.tf.startDate,
  endDate: shape.tf.endDate,
  broadLineOfBusinessStandardTypeCode: shape.line,
  standardTypes: shape.standardTypes.join(','),
  ...kindsQuery(shape.kinds),
});

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

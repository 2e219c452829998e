/**
 * `npm run bench:import [-- --rows 1000000 --driver postgres|pglite|both]`
 *
 * Loads a generated production CSV of N rows (default 1,000,000: 200 agency codes x 10 standard
 * types x 36 months, several rows per cell, messy amounts) end to end as `npm run import` does
 * (stream, stage, check and commit in one transaction, then the network's rollups rebuilt) into a
 * fresh database: PostgreSQL (BENCH_IMPORT_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/understanding_import_bench, dropped and created) and/or PGlite
 * in a new temporary folder. Prints rows/s for each phase, the peak RSS of the process against its
 * RSS before the load, and the CPU seconds spent by this process and by the PostgreSQL server's
 * processes of the bench database (read from /proc), in all and for the load and the rebuild, which
 * a busy machine changes far less than the wall-clock times, and the machine's load average. Then
 * times Carrier Production on the loaded network, every preset, against the reports' targets.
 * Figures go in the issue's closing note; no test asserts them.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { headerFingerprint, suggestColumns } from '#shared/domain/import-matching.ts';
import { appRoot } from '#server/config.ts';
import { ms, recreatePostgresDatabase, time, today } from './bench-support.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { finishBulkLoad, loadFile, resolveBulkTarget } from '#server/services/import/bulk-load.ts';
import { productionByAgency, productionByCarrier } from '#server/services/production/production-report.ts';
import { keepByAgencyAhead } from '#server/services/read-model/ahead.ts';
import type { Level } from '#server/policies/scope.ts';
import { productionQuerySchema } from '#shared/contracts/production.ts';
import { presets } from '#shared/domain/timeframe.ts';

type Args = { rows: number; driver: 'postgres' | 'pglite' | 'both' };

function parseArgs(argv: string[]): Args {
  const args: Args = { rows: 1_000_000, driver: 'both' };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.replace(/^--/, '').split('=');
    const value = inline ?? argv[++i];
    if (name === 'rows') args.rows = Number(value);
    else if (name === 'driver' && (value === 'postgres' || value === 'pglite' || value === 'both'))
      args.driver = value;
    else throw new Error(`Unknown argument ${argv[i]}; use --rows N --driver postgres|pglite|both`);
  }
  return args;
}

const HEADER = [
  'Agent Code',
  'Product Line',
  'Accounting Month',
  'Written Premium',
  'New Business',
  'Earned Premium',
  'Incurred Losses',
];
const TYPES = [
  'Personal Auto',
  'Homeowners',
  'Dwelling Fire',
  'Personal Umbrella',
  'Businessowners',
  'Commercial Auto',
  'Workers Compensation',
  'General Liability',
  'Commercial Property',
  'Commercial Umbrella',
];
const CODES = 200;
const MONTHS = 36;

/** Writes the CSV with backpressure (never whole in memory). */
async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${HEADER.join(',')}\n`);
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const money = (n: number) => {
    const text = (Math.abs(n) / 100).toFixed(2);
    return n < 0
      ? `"(${text})"`
      : n % 7 === 0
        ? `"$${Number(text).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`
        : text;
  };
  for (let i = 0; i < rows; i++) {
    const code = `B-${String(i % CODES).padStart(4, '0')}`;
    const type = TYPES[Math.floor(i / CODES) % TYPES.length]!;
    const m = Math.floor(i / (CODES * TYPES.length)) % MONTHS;
    const month = `${2023 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
    const line = `${code},${type},${month},${money(Math.floor(random() * 500_000) - 50_000)},${money(Math.floor(random() * 100_000))},${i % 13 === 0 ? '' : money(Math.floor(random() * 400_000))},${money(Math.floor(random() * 200_000))}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function prepare(database: Database): Promise<{ email: string; networkUuid: string }> {
  const { db } = database;
  await database.migrate(path.join(appRoot, 'src', 'server', 'db', 'migrations'));
  const network = await db.execute<{ uuid: string }>(
    sql`insert into networks (name, abbreviation) values ('Import bench network', 'IBN') returning uuid`,
  );
  const networkUuid = network.rows[0]!.uuid;
  const carrier = await db.execute<{ uuid: string }>(
    sql`insert into carriers (name, display_name) values ('Bench Mutual', 'Bench Mutual') returning uuid`,
  );
  const carrierUuid = carrier.rows[0]!.uuid;
  const classification = await db.execute<{ uuid: string }>(
    sql`insert into classifications (code, name) values ('STD', 'Standard') returning uuid`,
  );
  const cls = classification.rows[0]!.uuid;
  const root = await db.execute<{ uuid: string }>(
    sql`insert into lines_of_business (classification_uuid, code, name, level) values (${cls}::uuid, 'P&C', 'P&C', 0) returning uuid`,
  );
  const broad = await db.execute<{ uuid: string }>(sql`insert into lines_of_business
    (classification_uuid, parent_uuid, code, name, level) values (${cls}::uuid, ${root.rows[0]!.uuid}::uuid, 'PL', 'Personal Lines', 1) returning uuid`);
  for (const [i, name] of TYPES.entries()) {
    await db.execute(sql`insert into lines_of_business (classification_uuid, parent_uuid, code, name, level, sort_order)
      values (${cls}::uuid, ${broad.rows[0]!.uuid}::uuid, ${`T${i}`}, ${name}, 2, ${i})`);
  }
  for (let a = 0; a < CODES; a++) {
    const agency = await db.execute<{
      uuid: string;
    }>(sql`insert into agencies (network_uuid, name, city, state)
      values (${networkUuid}::uuid, ${`Bench agency ${a}`}, 'Des Moines', 'IA') returning uuid`);
    await db.execute(sql`insert into agency_codes (agency_uuid, carrier_uuid, code, name)
      values (${agency.rows[0]!.uuid}::uuid, ${carrierUuid}::uuid, ${`B-${String(a).padStart(4, '0')}`}, ${`Bench ${a}`})`);
  }
  const email = 'bench-staff@example.test';
  const user = await db.execute<{
    id: string;
  }>(sql`insert into users (name, first_name, last_name, email, email_verified, user_type)
    values ('Bench Staff', 'Bench', 'Staff', ${email}, true, 'internal') returning id`);
  await db.execute(
    sql`insert into user_permissions (user_id, permission) values (${user.rows[0]!.id}::uuid, ${UPLOAD_PERMISSION})`,
  );
  await db.execute(sql`insert into import_profiles (network_uuid, kind, name, header_fingerprint, columns, updated_by)
    values (${networkUuid}::uuid, 'production', 'Bench portal', ${headerFingerprint(HEADER)},
      ${JSON.stringify(suggestColumns('production', HEADER))}::jsonb, ${user.rows[0]!.id}::uuid)`);
  return { email, networkUuid };
}

/** CPU seconds (user + system) of a process, from /proc; 0 once it has exited. */
async function processCpu(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU seconds the server's processes of the bench database spend from now on: the processes are
 * listed every second and each one's last reading kept, so a connection closed meanwhile still counts;
 * one opened meanwhile counts from zero.
 */
function databaseCpu(database: Database): { read: () => Promise<number>; stop: () => void } | null {
  if (database.driver !== 'postgres') return null;
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let opening = true;
  const sample = async () => {
    const initial = opening;
    opening = false;
    const pids = await database.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    );
    for (const { pid } of pids.rows) {
      const cpu = await processCpu(pid);
      if (!first.has(pid)) first.set(pid, initial ? cpu : 0);
      if (cpu > 0) last.set(pid, cpu);
    }
  };
  let sampling = sample();
  const timer = setInterval(() => {
    sampling = sampling.then(sample, sample);
  }, 1000);
  return {
    /** The CPU seconds so far; sampling goes on until the bench's connections close. */
    read: async () => {
      sampling = sampling.then(sample, sample);
      await sampling;
      let total = 0;
      for (const [pid, cpu] of last) total += cpu - (first.get(pid) ?? cpu);
      return total;
    },
    stop: () => clearInterval(timer),
  };
}

async function run(label: string, database: Database, file: string, rows: number, storageDir: string) {
  const { db } = database;
  const { email, networkUuid } = await prepare(database);
  const target = await resolveBulkTarget(db, {
    userEmail: email,
    network: networkUuid,
    profile: 'Bench portal',
  });
  const carrier = await db.execute<{ uuid: string }>(
    sql`select uuid from carriers where name = 'Bench Mutual'`,
  );
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const dbCpu = databaseCpu(database);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await loadFile(db, target, {
    file,
    carrierUuid: carrier.rows[0]!.uuid,
    coversThrough: '2025-12-01',
    storageDir,
  });
  const loaded = performance.now();
  const cpuLoaded = process.cpuUsage(cpuBefore);
  const serverCpuLoaded = await dbCpu?.read();
  const rebuildStarted = performance.now();
  await finishBulkLoad(db, networkUuid);
  const done = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = await dbCpu?.read();
  dbCpu?.stop();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (result.status !== 'loaded')
    throw new Error(`${label}: refused: ${JSON.stringify(result.preview.errors.slice(0, 5))}`);
  const facts = await db.execute<{ n: number; written: string }>(
    sql`select count(*)::int as n, sum(written_premium)::text as written from production_facts where network_uuid = ${networkUuid}::uuid`,
  );
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const seconds = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1e6).toFixed(1);
  console.log(
    `${label}: ${rows.toLocaleString('en-US')} rows -> ${facts.rows[0]!.n.toLocaleString('en-US')} facts ` +
      `(written ${facts.rows[0]!.written}, preview said ${result.preview.total.writtenPremium})\n` +
      `  load (stream, stage, check and commit): ${((loaded - started) / 1000).toFixed(1)} s = ` +
      `${Math.round(rows / ((loaded - started) / 1000)).toLocaleString('en-US')} rows/s\n` +
      `  with the rollup rebuild: ${((done - started) / 1000).toFixed(1)} s = ` +
      `${Math.round(rows / ((done - started) / 1000)).toLocaleString('en-US')} rows/s end to end\n` +
      `  phases (s): ${JSON.stringify(result.phases, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(2)) : v))}\n` +
      `  RSS before ${mb(rssBefore)}, peak ${mb(peak)} (+${mb(peak - rssBefore)})\n` +
      `  CPU: this process ${seconds(cpu)} s` +
      (serverCpu === undefined ? '' : `, the database server ${serverCpu.toFixed(1)} s`) +
      ` (the load: ${seconds(cpuLoaded)} s` +
      (serverCpuLoaded === undefined ? '' : ` and ${serverCpuLoaded.toFixed(1)} s`) +
      `; the rebuild, ${((done - rebuildStarted) / 1000).toFixed(1)} s: ${seconds({ user: cpu.user - cpuLoaded.user, system: cpu.system - cpuLoaded.system })} s` +
      (serverCpu === undefined ? '' : ` and ${(serverCpu - serverCpuLoaded!).toFixed(1)} s`) +
      ')\n' +
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
  );
  await reportsAfterwards(label, database, networkUuid);
}

/**
 * The reports on the loaded network, as the server serves them once its warm-up has kept the preset
 * views ahead: Carrier Production by carrier and by agency at the network level and for one agency,
 * every preset, p95 over 10 runs against the targets (150 ms network, 20 ms agency).
 */
async function reportsAfterwards(label: string, database: Database, networkUuid: string) {
  const { db } = database;
  const started = performance.now();
  await keepByAgencyAhead(db, networkUuid, today);
  const kept = performance.now() - started;
  const agency = await db.execute<{ uuid: string }>(
    sql`select uuid from agencies where network_uuid = ${networkUuid}::uuid order by name limit 1`,
  );
  const network: Level = { kind: 'network', networkUuid };
  const oneAgency: Level = { kind: 'agency', agencyUuid: agency.rows[0]!.uuid, networkUuid };
  const worst = { network: 0, agency: 0 };
  const views: string[] = [];
  for (const tf of presets(today)) {
    const q = productionQuerySchema.parse({ startDate: tf.startDate, endDate: tf.endDate });
    const timings = {
      network: [
        await time(10, () => productionByCarrier(db, network, q, today, null)),
        await time(10, () => productionByAgency(db, network, q, today, null)),
      ],
      agency: [
        await time(10, () => productionByCarrier(db, oneAgency, q, today, null)),
        await time(10, () => productionByAgency(db, oneAgency, q, today, null)),
      ],
    };
    worst.network = Math.max(worst.network, ...timings.network.map((t) => t.p95));
    worst.agency = Math.max(worst.agency, ...timings.agency.map((t) => t.p95));
    views.push(`${tf.name} ${[...timings.network, ...timings.agency].map(ms).join(', ')}`);
  }
  console.log(
    `  reports afterwards (presets by agency computed ahead in ${Math.round(kept)} ms), p50/p95 ms of network by ` +
      `carrier, by agency, agency by carrier, by agency: ${views.join('; ')}
` +
      `  ${label}: worst p95 after the load: network ${Math.round(worst.network)} ms (target < 150), ` +
      `agency ${Math.round(worst.agency)} ms (target < 20)`,
  );
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  try {
    const file = path.join(dir, 'production.csv');
    const t0 = performance.now();
    await writeCsv(file, args.rows);
    console.log(
      `Generated ${args.rows.toLocaleString('en-US')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
    );
    if (args.driver !== 'pglite') {
      const url =
        process.env.BENCH_IMPORT_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/understanding_import_bench';
      await recreatePostgresDatabase(url);
      const database = await openPostgres(url);
      try {
        await run('PostgreSQL', database, file, args.rows, path.join(dir, 'pg-store'));
      } finally {
        await database.close();
      }
    }
    if (args.driver !== 'postgres') {
      const database = await openPglite(path.join(dir, 'pglite'));
      try {
        await run('PGlite', database, file, args.rows, path.join(dir, 'pglite-store'));
      } finally {
        await database.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);

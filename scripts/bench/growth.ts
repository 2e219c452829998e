/**
 * `npm run bench:growth [-- --driver postgres|pglite|both --runs 30 --carriers 55]`
 *
 * Times the two calls of Growth Plan Measurement that read the most, GET
 * /api/growth-measurement/plan/{planId}/full and GET /api/growth-measurement/ytd-agency-carrier/v2
 * (their services), for one agency with N carriers (default 55) x 4 lines and three years of monthly
 * facts, whose plan holds every carrier and line. Each driver gets a fresh database: PostgreSQL at
 * BENCH_GROWTH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/understanding_growth_bench,
 * dropped and created) and PGlite in a temporary folder. The fixture is built with the test
 * factories, the facts written in batches of their own (no single large transaction), then the read
 * model is built and the plans written through the plan service. Prints p50/p95 in ms (and on PGlite
 * the p50 CPU time of this process); figures go in the closing note, no test asserts them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { recreatePostgresDatabase } from './bench-support.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import type { Actor } from '#server/policies/actor.ts';
import { ytdAgencyCarrier } from '#server/services/growth-measurement/growth-actuals.ts';
import {
  createPlan,
  findPlan,
  fullPlan,
  savePlan,
  type AgencyLevel,
} from '#server/services/growth-measurement/growth-plans.ts';
import { productionByCarrier } from '#server/services/production/production-report.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import { productionQuerySchema } from '#shared/contracts/production.ts';
import { lastDayOfMonth } from '#shared/domain/timeframe.ts';
import { PLAN_LINE_CODES } from '#shared/domain/growth-plan.ts';
import {
  addMonths,
  BUSINESS_TIME_ZONE,
  calendarDateIn,
  latestReportingMonth,
} from '#shared/domain/reporting-month.ts';
import { buildAgency, buildCarrier, buildFacts, buildLineTree, buildUser } from '#tests/support/factories.ts';

type Args = { driver: 'postgres' | 'pglite' | 'both'; runs: number; carriers: number };

function parseArgs(argv: string[]): Args {
  const args: Args = { driver: 'both', runs: 30, carriers: 55 };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.replace(/^--/, '').split('=');
    const value = inline ?? argv[++i];
    if (name === 'runs' || name === 'carriers') args[name] = Number(value);
    else if (name === 'driver' && (value === 'postgres' || value === 'pglite' || value === 'both'))
      args.driver = value;
    else
      throw new Error(`Unknown argument ${argv[i]}; use --driver postgres|pglite|both --runs N --carriers N`);
  }
  return args;
}

const today = calendarDateIn(BUSINESS_TIME_ZONE);
const latest = latestReportingMonth(today);
const year = Number(latest.slice(0, 4));
/** Facts per insert: small batches keep each statement (and PGlite's memory) modest. */
const BATCH = 1_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Wall-clock p50/p95, and the p50 of this process's CPU time per call: on PGlite the database runs in
 * this process, so the CPU time is the call's own work, whatever else the shared machine is doing.
 */
async function time(runs: number, fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(cpuStarted);
    samples.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), cpu: percentile(cpu, 50) };
}

async function freshPostgres(url: string): Promise<Database> {
  await recreatePostgresDatabase(url);
  return openPostgres(url);
}

/** One agency with `carriers` carriers x 4 lines, 36 months of facts, and plans for last year and this year. */
async function buildFixture(database: Database, carriers: number) {
  const db = database.db;
  await database.migrate(path.join(appRoot, 'src', 'server', 'db', 'migrations'));
  const lines = await buildLineTree(db, {
    PL: [['PA', 'Personal Auto']],
    CL: [['CP', 'Commercial Property']],
    BOND: [['SB', 'Surety Bond']],
    CROP: [['MP', 'Multi-Peril Crop']],
  });
  const agency = await buildAgency(db);
  const neighbour = await buildAgency(db, { networkUuid: agency.networkUuid });
  const staff = await buildUser(db, { userType: 'internal' });
  const carrierRows = [];
  for (let c = 0; c < carriers; c++) {
    carrierRows.push(await buildCarrier(db, { name: `Bench Carrier ${String(c + 1).padStart(2, '0')}` }));
  }
  const months = Array.from({ length: 36 }, (_, i) => addMonths(latest, i - 35));
  const facts = [];
  for (const [c, carrier] of carrierRows.entries()) {
    for (const [l, type] of ['PA', 'CP', 'SB', 'MP'].entries()) {
      for (const [m, month] of months.entries()) {
        const cents = 50_000 + c * 1_013 + l * 7_919 + m * 211;
        facts.push({
          carrierUuid: carrier.uuid,
          lineUuid: lines.byCode[type]!.uuid,
          month: `${month}-01`,
          writtenPremium: (cents / 100).toFixed(2),
          newWrittenPremium: (cents / 1_000).toFixed(2),
          earned: (cents / 110).toFixed(2),
          incurred: (cents / 200).toFixed(2),
        });
      }
    }
  }
  for (const owner of [agency, neighbour]) {
    for (let i = 0; i < facts.length; i += BATCH) {
      await buildFacts(db, owner, facts.slice(i, i + BATCH), { reported: true });
    }
  }
  await ensureReadModel(db, () => {});

  const actor: Actor = {
    userId: staff.id,
    email: staff.email,
    userType: 'internal',
    agencyUuid: null,
    networkUuid: null,
    isOwner: false,
    isAdministrator: false,
    sessionId: 'bench',
  };
  const level: AgencyLevel = { kind: 'agency', agencyUuid: agency.uuid, networkUuid: agency.networkUuid };
  const last = await createPlan(db, actor, level, { name: 'Last year', year: year - 1 }, today);
  await savePlan(db, actor, await findPlan(db, actor, last.planId), {
    version: last.version,
    name: 'Last year',
    rows: carrierRows.flatMap((carrier, c) =>
      PLAN_LINE_CODES.map((lineCode, l) => ({
        carrierUuid: carrier.uuid,
        lineCode,
        priorWrittenPremium: 5_000 + c * 10.01 + l,
        growthGoalPlan: 5 + (c % 7),
        rate: (l % 3) - 1,
        retention: 80 + (c % 15),
      })),
    ),
  });
  const plan = await createPlan(db, actor, level, { name: 'This year', year, copyLastYear: true }, today);
  return { actor, level, planId: plan.planId };
}

async function bench(label: string, database: Database, args: Args): Promise<void> {
  const started = performance.now();
  const { actor, level, planId } = await buildFixture(database, args.carriers);
  console.log(`${label}: fixture built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const db = database.db;
  const found = await findPlan(db, actor, planId);
  const full = await fullPlan(db, actor, found.plan, found.level);
  const ytd = await ytdAgencyCarrier(db, level, { year }, today);
  console.log(
    `  ${full.leafLevelData.length} plan rows, ${full.carrierRollup.length} carriers; ` +
      `${ytd.records.length} YTD records through month ${ytd.month}`,
  );
  const timings = {
    'plan/{planId}/full': await time(args.runs, async () => {
      const plan = await findPlan(db, actor, planId);
      return fullPlan(db, actor, plan.plan, plan.level);
    }),
    'ytd-agency-carrier/v2 (this year)': await time(args.runs, () =>
      ytdAgencyCarrier(db, level, { year }, today),
    ),
    'ytd-agency-carrier/v2 (last year)': await time(args.runs, () =>
      ytdAgencyCarrier(db, level, { year: year - 1 }, today),
    ),
    // The parts of the call this year: Carrier Production of the agency alone, and the records without the running totals.
    'Carrier Production by carrier (YTD)': await time(args.runs, () =>
      productionByCarrier(
        db,
        level,
        productionQuerySchema.parse({ startDate: `${year}-01-01`, endDate: lastDayOfMonth(latest) }),
        today,
        null,
      ),
    ),
    'ytd records without running totals': await time(args.runs, () =>
      ytdAgencyCarrier(db, level, { year }, today, { cumulative: false }),
    ),
  };
  // On PostgreSQL the server's work is in other processes: CPU time here is the client's only.
  const cpuLabel = label === 'pglite' ? ' / CPU p50' : '';
  console.log(`  p50/p95 ms${cpuLabel} (${args.runs} runs each, after a warm-up)`);
  for (const [name, t] of Object.entries(timings)) {
    const cpu = label === 'pglite' ? ` ${t.cpu.toFixed(1).padStart(7)}` : '';
    console.log(`  ${name.padEnd(36)} ${t.p50.toFixed(1).padStart(7)} ${t.p95.toFixed(1).padStart(7)}${cpu}`);
  }
}

const args = parseArgs(process.argv.slice(2));
if (args.driver !== 'pglite') {
  const url =
    process.env.BENCH_GROWTH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/understanding_growth_bench';
  const database = await freshPostgres(url);
  try {
    await bench('postgres', database, args);
  } finally {
    await database.close();
  }
}
if (args.driver !== 'postgres') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'growth-bench-'));
  const database = await openPglite(dir);
  try {
    await bench('pglite', database, args);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

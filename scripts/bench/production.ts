/**
 * `npm run bench:production [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Builds (once) a benchmark network of N agencies on the PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/understanding_bench) and/or on
 * PGlite (BENCH_DATA_DIR, default ./data-bench), then times Carrier Production at the network level
 * by carrier and by agency for every preset, line and composite (the by-agency view users open
 * first: its first view of a period, kept ahead (decision 027) with the build's own cost beside it,
 * built on demand, and kept), the build ahead of every preset, the agency level, right after an
 * agency changed, the refresh a manual entry save runs, and the CSV export, printing p50/p95. On
 * PostgreSQL it then copies the network's facts into an in-process DuckDB and times the same by-agency views there
 * (`columnar-reference.ts`). Figures go in the closing note; no test asserts them.
 */
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { productionByAgency, productionByCarrier } from '#server/services/production/production-report.ts';
import { agencyCsvLines, inChunks } from '#server/services/production/production-export.ts';
import { refreshAgencyFacts } from '#server/services/read-model/refresh.ts';
import { dropKeptViews, readHorizon } from '#server/services/read-model/store.ts';
import { keepPresetViews, keepViewsAhead, presetKeys } from '#server/services/read-model/ahead.ts';
import { CARRIER_COMPOSITES, type CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { columnarReference } from './columnar-reference.ts';
import {
  benchLevels,
  compositeQuery,
  ensurePostgresDatabase,
  ms,
  parseArgs,
  percentile,
  prepare,
  time,
  today,
  type Timing,
} from './bench-support.ts';
import type { Level } from '#server/policies/scope.ts';
import { BROAD_LINE_CODES, productionQuerySchema, type BroadLineCode } from '#shared/contracts/production.ts';
import { presets, type Timeframe } from '#shared/domain/timeframe.ts';

const queryFor = (tf: Timeframe, line: BroadLineCode = 'P&C', composite: CarrierComposite = 'all') =>
  productionQuerySchema.parse({
    startDate: tf.startDate,
    endDate: tf.endDate,
    broadLineOfBusinessStandardTypeCode: line,
    ...compositeQuery(composite),
  });

/** p50/p95 of samples timed elsewhere. */
function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/**
 * Every view of the targets: by carrier and by agency at the network level, for every preset, line
 * and composite, the by-agency view's first view of a period included (the kept view dropped before
 * each run); then the agency level, a save's refresh, and the export.
 */
async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
): Promise<Map<string, Timing>> {
  const timeframes = presets(today);
  const { network, agencyUuidAt, agencyAt } = benchLevels(setup);
  const dropKept = () =>
    database.db.transaction(async (tx) => {
      await readHorizon(tx, setup.networkUuid, 'update');
      await dropKeptViews(tx, setup.networkUuid);
    });
  const noop = async () => {};
  let changes = 0;
  const changeAnAgency = () =>
    database.db.transaction((tx) => refreshAgencyFacts(tx, agencyUuidAt(changes++), []));

  const byAgencyFirstViews = new Map<string, Timing>();
  const rows: Record<string, string>[] = [];
  let worst = { network: 0, agency: 0 };
  for (const tf of timeframes) {
    for (const line of BROAD_LINE_CODES) {
      const row: Record<string, string> = { driver: label, timeframe: tf.name, line };
      for (const composite of CARRIER_COMPOSITES) {
        const q = queryFor(tf, line, composite);
        const byCarrier = await time(runs, () => productionByCarrier(database.db, network, q, today, null));
        // Every composite's view of a preset is kept ahead (decisions 027, 039): its first view is
        // the first read after the build, which is timed apart.
        const builds: number[] = [];
        const keepAhead = async () => {
          await dropKept();
          const started = performance.now();
          await keepViewsAhead(
            database.db,
            setup.networkUuid,
            [{ networkUuid: setup.networkUuid, start: tf.startMonth, end: tf.endMonth, line, composite }],
            today,
          );
          builds.push(performance.now() - started);
        };
        const firstView = await time(
          runs,
          () => productionByAgency(database.db, network, q, today, null),
          keepAhead,
        );
        row[`${composite}: by carrier`] = ms(byCarrier);
        row[`${composite}: by agency, first view`] = ms(firstView);
        row[`${composite}: its build ahead`] = ms(timing(builds));
        if (composite === 'all') {
          byAgencyFirstViews.set(`${tf.name} ${line}`, firstView);
          const onDemand = await time(
            runs,
            () => productionByAgency(database.db, network, q, today, null),
            dropKept,
          );
          row['all: by agency, built on demand (not kept ahead)'] = ms(onDemand);
          const kept = await time(runs, () => productionByAgency(database.db, network, q, today, null));
          row['all: by agency, kept'] = ms(kept);
        }
        worst.network = Math.max(worst.network, byCarrier.p95, firstView.p95);
      }
      const q = queryFor(tf, line);
      const agencyViews = [
        await time(runs, (i) => productionByCarrier(database.db, agencyAt(i), q, today, null)),
        await time(runs, (i) => productionByAgency(database.db, agencyAt(i), q, today, null)),
      ];
      row['agency level: by carrier / by agency'] = agencyViews.map(ms).join(', ');
      worst.agency = Math.max(worst.agency, ...agencyViews.map((t) => t.p95));
      rows.push(row);
    }
  }
  console.log(`  ${label}: p50/p95 ms per view (${runs} runs each, after a warm-up)`);
  console.table(rows);
  const aheadRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    await dropKept();
    const started = performance.now();
    await keepPresetViews(database.db, today, () => {}, setup.networkUuid);
    aheadRuns.push(performance.now() - started);
  }
  console.log(
    `  ${label}: keeping every preset view ahead (${presetKeys(setup.networkUuid, today).length} views ` +
      `and their flags, from nothing): ${aheadRuns.map(Math.round).join(', ')} ms`,
  );
  const afterChange = await time(
    runs,
    () => productionByAgency(database.db, network, queryFor(timeframes[0]!), today, null),
    changeAnAgency,
  );
  // With every preset's view kept in every line, a save brings all of them up to date.
  const refresh = await time(runs, (i) =>
    database.db.transaction((tx) => refreshAgencyFacts(tx, agencyUuidAt(i), [])),
  );
  worst = { ...worst, network: Math.max(worst.network, afterChange.p95) };
  console.log(
    `  ${label}: worst p95 at the network level ${Math.round(worst.network)} ms (target < 150), ` +
      `at the agency level ${Math.round(worst.agency)} ms (target < 20); ` +
      `by-agency YTD right after an agency changed ${ms(afterChange)} ms; ` +
      `refresh of one agency (what a manual entry save adds) ${ms(refresh)} ms (target < 100)`,
  );
  const q36 = queryFor(timeframes.at(-1)!);
  await measureExport(`${label} export (Agency view, network, 36MM)`, database, network, q36, noop);
  await measureExport(`${label} export, first of the period`, database, network, q36, dropKept);
  const pl = { ...q36, broadLineOfBusinessStandardTypeCode: 'PL' as const };
  await measureExport(`${label} export (Agency view, network, 36MM, PL)`, database, network, pl, noop);
  return byAgencyFirstViews;
}

/**
 * The largest export: the Agency view of the whole network over 36 months. End to end (query, CSV and
 * its chunks as bytes, as the route streams them) and the CSV writing alone, in rows/s, and the heap
 * before and after (flat when nothing is kept). `before` runs ahead of each file, untimed.
 */
async function measureExport(
  label: string,
  database: Database,
  network: Level,
  q: ReturnType<typeof queryFor>,
  before: () => Promise<unknown>,
) {
  const exportQuery = { ...q, displayText: '36MM', view: 'agencies' as const };
  const heap = () => {
    globalThis.gc?.();
    return process.memoryUsage().heapUsed / 1e6;
  };
  const heapBefore = heap();
  let rows = 0;
  let csvSeconds = 0;
  let seconds = 0;
  const runs = 10;
  for (let i = 0; i < runs; i++) {
    await before();
    const started = performance.now();
    const report = await productionByAgency(database.db, network, exportQuery, today, null);
    const csvStarted = performance.now();
    const lines = agencyCsvLines(report);
    let count = 0;
    const counted = (function* () {
      for (const line of lines) {
        count++;
        yield line;
      }
    })();
    for (const chunk of inChunks(counted)) Buffer.from(chunk);
    rows += count;
    const ended = performance.now();
    csvSeconds += (ended - csvStarted) / 1000;
    seconds += (ended - started) / 1000;
  }
  const heapAfter = heap();
  console.log(
    `  ${label}: ${rows / runs} CSV rows per file; ` +
      `${Math.round((seconds * 1000) / runs)} ms per file end to end = ${Math.round(rows / seconds)} rows/s; ` +
      `CSV writing alone ${Math.round(rows / csvSeconds)} rows/s; ` +
      `heap ${heapBefore.toFixed(0)} MB before, ${heapAfter.toFixed(0)} MB after ${runs} files` +
      (globalThis.gc ? '' : ' (without --expose-gc: heap figures include garbage)'),
  );
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.driver !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/understanding_bench';
    console.log(`PostgreSQL ${url}`);
    await ensurePostgresDatabase(url);
    const database = await openPostgres(url);
    try {
      const setup = await prepare(database, args.agencies);
      const firstViews = await measure('postgres', database, setup, args.runs);
      await columnarReference(database, setup.networkUuid, presets(today), firstViews, (fn) =>
        time(args.runs, fn),
      );
    } finally {
      await database.close();
    }
  }
  if (args.driver !== 'postgres') {
    const dir = path.resolve(appRoot, process.env.BENCH_DATA_DIR ?? 'data-bench');
    console.log(`PGlite ${dir}`);
    const database = await openPglite(dir);
    try {
      await measure('pglite', database, await prepare(database, args.agencies), args.runs);
    } finally {
      await database.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

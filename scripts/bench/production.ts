/**
 * `npm run bench:production [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Builds (once) a benchmark network of N agencies on the PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/understanding_bench) and/or on
 * PGlite (BENCH_DATA_DIR, default ./data-bench), then times Carrier Production at the network level
 * by carrier and by agency for every preset, line and composite (by agency: its first view in a
 * process, computed from the running totals, and again, kept in the process; decision 092), the
 * warm-up of the presets, the agency level, right after an agency changed, a manual entry save
 * (through the service the route calls) and the refresh of an agency without named months, and the
 * CSV export, printing p50/p95 (`--only save`: the save and the refresh
 * alone; `--only shapes`: the views beyond the presets alone, and
 * beside DuckDB on PostgreSQL). Beside the presets it times what users ask too
 * (`periodShapes`: a month, two custom ranges, a past year, standard types, a combination of carrier
 * kinds no composite names), by carrier and by agency. On PostgreSQL it then copies the network's
 * facts into an in-process DuckDB and times every one of those views there, printed beside ours
 * (`columnar-reference.ts`). Figures go in decision records; no test asserts them.
 */
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { productionByAgency, productionByCarrier } from '#server/services/production/production-report.ts';
import { agencyCsvLines, inChunks } from '#server/services/production/production-export.ts';
import { refreshAgencyFacts } from '#server/services/read-model/refresh.ts';
import { saveCarrierEntry } from '#server/services/manual-entry/manual-entry-service.ts';
import { carrierEntryRequestSchema } from '#shared/contracts/manual-entry.ts';
import { workingYear } from '#shared/domain/reporting-month.ts';
import type { Actor } from '#server/policies/actor.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { keepByAgencyAhead, presetRequests } from '#server/services/read-model/ahead.ts';
import {
  CARRIER_COMPOSITES,
  compositeKinds,
  type CarrierComposite,
} from '#shared/domain/carrier-composite.ts';
import { besideRow, byLevelQuery, columnarReference, printBeside } from './columnar-reference.ts';
import {
  benchLevels,
  compositeQuery,
  ensurePostgresDatabase,
  ms,
  parseArgs,
  percentile,
  periodShapes,
  prepare,
  shapeQuery,
  time,
  today,
  type Shape,
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
 * and composite, the by-agency view's first view in a process included (the process's answers
 * dropped before each run); then the agency level, a save's refresh, and the export.
 */
async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
): Promise<Map<string, Timing>> {
  const timeframes = presets(today);
  const { network, agencyUuidAt, agencyAt } = benchLevels(setup);
  const dropKept = async () => clearAnswerCache();
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
        // The first view in a process that has not computed it (P&C's are computed ahead by the
        // server's warm-up: their first view is then a kept one).
        const firstView = await time(
          runs,
          () => productionByAgency(database.db, network, q, today, null),
          dropKept,
        );
        row[`${composite}: by carrier`] = ms(byCarrier);
        row[`${composite}: by agency, first view`] = ms(firstView);
        if (composite === 'all') {
          byAgencyFirstViews.set(`${tf.name} ${line}`, firstView);
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
    await keepByAgencyAhead(database.db, setup.networkUuid, today);
    aheadRuns.push(performance.now() - started);
  }
  console.log(
    `  ${label}: computing the presets by agency ahead (${presetRequests(setup.networkUuid, today).length} ` +
      `views, from nothing): ${aheadRuns.map(Math.round).join(', ')} ms`,
  );
  const afterChange = await time(
    runs,
    () => productionByAgency(database.db, network, queryFor(timeframes[0]!), today, null),
    changeAnAgency,
  );
  worst = { ...worst, network: Math.max(worst.network, afterChange.p95) };
  console.log(
    `  ${label}: worst p95 at the network level ${Math.round(worst.network)} ms (target < 150), ` +
      `at the agency level ${Math.round(worst.agency)} ms (target < 20); ` +
      `by-agency YTD right after an agency changed ${ms(afterChange)} ms`,
  );
  // With every preset's view kept in every line, a save brings all of them up to date.
  await measureSave(label, database, setup, runs);
  const q36 = queryFor(timeframes.at(-1)!);
  await measureExport(`${label} export (Agency view, network, 36MM)`, database, network, q36, noop);
  await measureExport(`${label} export, first of the period`, database, network, q36, dropKept);
  const pl = { ...q36, broadLineOfBusinessStandardTypeCode: 'PL' as const };
  await measureExport(`${label} export (Agency view, network, 36MM, PL)`, database, network, pl, noop);
  return byAgencyFirstViews;
}

type ShapeTimings = { shape: Shape; byCarrier: Timing; byAgencyFirst: Timing };

/**
 * What users ask beyond the presets (`periodShapes`) at the network level: by carrier, and by agency
 * as its first view (the process's answers dropped before each run) and again (kept in the process).
 */
async function measureShapes(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
): Promise<ShapeTimings[]> {
  const { network } = benchLevels(setup);
  const timings: ShapeTimings[] = [];
  const rows: Record<string, string>[] = [];
  for (const shape of await periodShapes(database.db)) {
    const q = productionQuerySchema.parse(shapeQuery(shape));
    const byCarrier = await time(runs, () => productionByCarrier(database.db, network, q, today, null));
    const byAgencyFirst = await time(
      runs,
      () => productionByAgency(database.db, network, q, today, null),
      async () => clearAnswerCache(),
    );
    const again = await time(runs, () => productionByAgency(database.db, network, q, today, null));
    timings.push({ shape, byCarrier, byAgencyFirst });
    rows.push({
      driver: label,
      view: shape.name,
      months: `${shape.tf.startMonth}..${shape.tf.endMonth}`,
      'by carrier': ms(byCarrier),
      'by agency, first view': ms(byAgencyFirst),
      'by agency, again': ms(again),
    });
  }
  console.log(`  ${label}: beside the presets, p50/p95 ms at the network level (${runs} runs each)`);
  console.table(rows);
  return timings;
}

/**
 * Ours beside DuckDB over the same facts: the by-agency first view of every preset and line, then by
 * carrier and by agency for every shape beyond the presets.
 */
async function besideColumnar(
  database: Database,
  networkUuid: string,
  presetFirstViews: Map<string, Timing>,
  shapes: ShapeTimings[],
  runs: number,
) {
  const reference = await columnarReference(database, networkUuid, (fn) => time(runs, fn));
  try {
    const table: Record<string, string | number>[] = [];
    for (const tf of presets(today)) {
      for (const line of BROAD_LINE_CODES) {
        const view = { tf, line, standardTypes: [], kinds: compositeKinds('all') };
        const columnar = await reference.time(byLevelQuery(view, 'agency'));
        const ours = presetFirstViews.get(`${tf.name} ${line}`);
        if (!ours) continue; // `--only shapes`
        table.push({ view: `${tf.name} ${line}`, by: 'agency, first view', ...besideRow(ours, columnar) });
      }
    }
    for (const { shape, byCarrier, byAgencyFirst } of shapes) {
      const carrier = await reference.time(byLevelQuery(shape, 'carrier'));
      table.push({ view: shape.name, by: 'carrier', ...besideRow(byCarrier, carrier) });
      const agency = await reference.time(byLevelQuery(shape, 'agency'));
      table.push({ view: shape.name, by: 'agency, first view', ...besideRow(byAgencyFirst, agency) });
    }
    printBeside(table);
  } finally {
    reference.close();
  }
}

/**
 * A manual entry save as the route runs it (`saveCarrierEntry`: the entry, its audit row, its chain's
 * facts and the read model's refresh of the chain's 12 months, in one transaction), one agency after
 * another, on the network's carrier with the most facts (the most other agencies' facts of the same
 * carrier-months), each save changing the amounts the agency had (a first save creates the entry).
 * Then the refresh of one agency without named months, as writers that name none run it.
 */
async function measureSave(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
) {
  const { agencyUuidAt, agencyAt } = benchLevels(setup);
  const year = workingYear(today);
  const busiest = await database.db.execute<{ carrier_uuid: string; facts: string }>(sql`
    select carrier_uuid, count(*)::text as facts from production_facts
    where network_uuid = ${setup.networkUuid}::uuid
      and month between make_date(${year}::int, 1, 1) and make_date(${year}::int, 12, 1)
    group by carrier_uuid order by count(*) desc, carrier_uuid limit 1`);
  const carrier = busiest.rows[0]!;
  const actor: Actor = {
    userId: randomUUID(),
    email: 'benchmark@example.com',
    userType: 'internal',
    agencyUuid: null,
    networkUuid: null,
    isOwner: false,
    isAdministrator: false,
    sessionId: 'benchmark',
  };
  const subCode = 'BENCH-1';
  const save = async (i: number) => {
    const level = agencyAt(i);
    if (level.kind !== 'agency') throw new Error('an agency level');
    const existing = await database.db.execute<{
      uuid: string;
      version: number;
      written_premium: string;
    }>(sql`
      select e.uuid, e.version, e.written_premium::text from manual_entries e
      join agency_codes k on k.agency_uuid = e.agency_uuid and k.uuid = e.agency_code_uuid
      join lines_of_business l on l.uuid = e.line_uuid
      where e.agency_uuid = ${level.agencyUuid}::uuid and e.carrier_uuid = ${carrier.carrier_uuid}::uuid
        and k.code = ${subCode} and l.code = 'PL' and e.year = ${year} and e.month = 1`);
    const before = existing.rows[0];
    const amount = before && Number(before.written_premium) === 1000 ? 2000 : 1000;
    const body = carrierEntryRequestSchema.parse({
      carrierUuid: carrier.carrier_uuid,
      subCodeUuid: null,
      subCode,
      policyType: 'PL',
      year,
      month: 1,
      writtenPremium: `${amount}.00`,
      newBusiness: `${amount / 10}`,
      mover: `${amount * 12}`,
      incurredLoss: `${amount / 4}`,
      earnedPremium: `${amount / 2}`,
      lossRatio: '',
      radio: 'incurredLossEarnedPremium',
      importUuid: before?.uuid ?? null,
      version: before?.version ?? null,
      requestId: randomUUID(),
    });
    const started = performance.now();
    await saveCarrierEntry(database.db, actor, level, body, today);
    return performance.now() - started;
  };
  await save(0); // warm-up
  const samples: number[] = [];
  for (let i = 1; i <= runs; i++) samples.push(await save(i));
  const saved = timing(samples);
  const refresh = await time(runs, (i) =>
    database.db.transaction((tx) => refreshAgencyFacts(tx, agencyUuidAt(i), [])),
  );
  console.log(
    `  ${label}: a manual entry save (${runs} saves, one agency each, carrier with ${carrier.facts} facts ` +
      `in ${year}, its 12 months refreshed) ${ms(saved)} ms p50/p95 (target < 100); ` +
      `refresh of one agency without named months ${ms(refresh)} ms`,
  );
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
      if (args.only === 'save') {
        await measureSave('postgres', database, setup, args.runs);
      } else {
        const firstViews =
          args.only === 'shapes'
            ? new Map<string, Timing>()
            : await measure('postgres', database, setup, args.runs);
        const shapes = await measureShapes('postgres', database, setup, args.runs);
        await besideColumnar(database, setup.networkUuid, firstViews, shapes, args.runs);
      }
    } finally {
      await database.close();
    }
  }
  if (args.driver !== 'postgres') {
    const dir = path.resolve(appRoot, process.env.BENCH_DATA_DIR ?? 'data-bench');
    console.log(`PGlite ${dir}`);
    const database = await openPglite(dir);
    try {
      const setup = await prepare(database, args.agencies);
      if (args.only === 'save') await measureSave('pglite', database, setup, args.runs);
      else {
        if (args.only !== 'shapes') await measure('pglite', database, setup, args.runs);
        await measureShapes('pglite', database, setup, args.runs);
      }
    } finally {
      await database.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:planning [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Times the planning tool's calls (spec part 2 §7) on the benchmark network of bench-support.ts: at
 * the network level (by carrier with its reporting dates and '...WithManual' figures, by agency, by
 * agency code, the network summary first and cached, the summary by carrier, the carrier list) and at
 * the agency level, for every preset and what users ask beyond them (`periodShapes`), printing
 * p50/p95 against the targets (network < 150 ms, agency < 20 ms). By agency code, it times first the
 * presets' answers computed ahead, as the server's warm-up runs it, then the table's first page (25
 * rows) as a first view in a process and kept, and a searched, sorted third page. On PostgreSQL, the network's by carrier, by agency and by agency
 * code are then timed in DuckDB over the same facts and printed beside ours
 * (`columnar-reference.ts`). Figures go in decision records; no test asserts them.
 */
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { productionByAgency, productionByCarrier } from '#server/services/production/production-report.ts';
import {
  networkSummary,
  networkSummaryByCarrier,
  planningCarriers,
  productionByAgencyCode,
} from '#server/services/planning/planning-report.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { keepCodesAhead } from '#server/services/read-model/ahead.ts';
import { summaryByCarrierQuerySchema } from '#shared/contracts/planning.ts';
import { agencyCodeQuerySchema, productionQuerySchema } from '#shared/contracts/production.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { presets } from '#shared/domain/timeframe.ts';
import {
  benchLevels,
  ensurePostgresDatabase,
  ms,
  parseArgs,
  periodShapes,
  prepare,
  shapeQuery,
  time,
  today,
  type Shape,
  type Timing,
} from './bench-support.ts';
import {
  besideRow,
  byLevelQuery,
  codePageQuery,
  columnarReference,
  printBeside,
} from './columnar-reference.ts';

/** The planning table's first page by agency code (25 rows, by written premium), or with a search and sort. */
const codePage = (shape: Shape, extra: Record<string, string> = {}) =>
  agencyCodeQuerySchema.parse({ ...shapeQuery(shape), pageSize: '25', ...extra });
const SEARCHED = { search: 'ins', sort: 'lossRatio', direction: 'asc', page: '3' };

/** The network-level calls a columnar engine can compute from the facts too. */
type Compared = { view: Shape; byCarrier: Timing; byAgency: Timing; byAgencyCode: Timing };

async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
) {
  const { network, agencyAt } = benchLevels(setup);
  const db = database.db;
  // The server's warm-up computes each preset's codes ahead into its answer cache (decision 095):
  // timed here from nothing, as the server runs it.
  clearAnswerCache();
  const started = performance.now();
  const warmed = await keepCodesAhead(db, setup.networkUuid, today);
  console.log(
    `  ${label}: the presets' by-agency-code answers computed ahead: ${warmed} in ` +
      `${Math.round(performance.now() - started)} ms`,
  );
  const rows: Record<string, string>[] = [];
  const compared: Compared[] = [];
  const worst = { network: 0, agency: 0 };
  const uncached = async () => clearAnswerCache();
  // The presets (kept ahead), then what users ask beyond them (nothing kept ahead).
  const all = compositeKinds('all');
  const views: Shape[] = [
    ...presets(today).map((tf) => ({
      name: tf.name,
      tf,
      line: 'P&C' as const,
      standardTypes: [],
      kinds: all,
    })),
    ...(await periodShapes(db)),
  ];
  for (const view of views) {
    const { tf } = view;
    const q = productionQuerySchema.parse(shapeQuery(view));
    const byCarrierQ = summaryByCarrierQuerySchema.parse(shapeQuery(view));
    const net = {
      'by carrier': await time(runs, () => productionByCarrier(db, network, q, today, null)),
      'by agency': await time(runs, () => productionByAgency(db, network, q, today, null)),
      'by agency code, first view': await time(
        runs,
        () => productionByAgencyCode(db, network, codePage(view), today, null),
        uncached,
      ),
      'by agency code': await time(runs, () =>
        productionByAgencyCode(db, network, codePage(view), today, null),
      ),
      'by agency code, searched': await time(runs, () =>
        productionByAgencyCode(db, network, codePage(view, SEARCHED), today, null),
      ),
      'summary, first': await time(runs, () => networkSummary(db, network, q, today, null), uncached),
      'summary, cached': await time(runs, () => networkSummary(db, network, q, today, null)),
      'summary by carrier, first': await time(
        runs,
        () => networkSummaryByCarrier(db, network, byCarrierQ, today, null),
        uncached,
      ),
      'carriers, first': await time(runs, () => planningCarriers(db, network, null), uncached),
    };
    const agency = {
      'agency: by carrier': await time(runs, (i) => productionByCarrier(db, agencyAt(i), q, today, null)),
      'agency: by agency code': await time(runs, (i) =>
        productionByAgencyCode(db, agencyAt(i), codePage(view), today, null),
      ),
      'agency: summary, first': await time(
        runs,
        (i) => networkSummary(db, agencyAt(i), q, today, null),
        uncached,
      ),
    };
    compared.push({
      view,
      byCarrier: net['by carrier'],
      byAgency: net['by agency'],
      byAgencyCode: net['by agency code'],
    });
    const row: Record<string, string> = {
      driver: label,
      view: view.name,
      months: `${tf.startMonth}..${tf.endMonth}`,
    };
    for (const [name, t] of Object.entries(net)) {
      row[name] = ms(t);
      worst.network = Math.max(worst.network, t.p95);
    }
    for (const [name, t] of Object.entries(agency)) {
      row[name] = ms(t);
      worst.agency = Math.max(worst.agency, t.p95);
    }
    rows.push(row);
  }
  console.log(`  ${label}: p50/p95 ms per call (${runs} runs each, after a warm-up)`);
  console.table(rows);
  console.log(
    `  ${label}: worst p95 at the network level ${Math.round(worst.network)} ms (target < 150), ` +
      `at the agency level ${Math.round(worst.agency)} ms (target < 20)`,
  );
  return compared;
}

/** Ours beside DuckDB over the same facts, for every view of `measure`. */
async function besideColumnar(database: Database, networkUuid: string, compared: Compared[], runs: number) {
  const reference = await columnarReference(database, networkUuid, (fn) => time(runs, fn));
  try {
    const table: Record<string, string | number>[] = [];
    for (const { view, byCarrier, byAgency, byAgencyCode } of compared) {
      const pairs = [
        ['carrier', byCarrier, byLevelQuery(view, 'carrier')],
        ['agency', byAgency, byLevelQuery(view, 'agency')],
        ['agency code, first page', byAgencyCode, codePageQuery(view)],
      ] as const;
      for (const [by, ours, query] of pairs) {
        table.push({ view: view.name, by, ...besideRow(ours, await reference.time(query)) });
      }
    }
    printBeside(table);
  } finally {
    reference.close();
  }
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
      const compared = await measure('postgres', database, setup, args.runs);
      await besideColumnar(database, setup.networkUuid, compared, args.runs);
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

await main();

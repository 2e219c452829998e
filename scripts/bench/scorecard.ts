/**
 * `npm run bench:scorecard [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Times the agency production scorecard's three calls (by carrier, by agency, stats) on the
 * benchmark network (generated once, as `bench:production` does; same databases): at the network
 * level for each year and mode users pick (12M Book, YTD, an earlier year), each policy type and
 * carrier composite, with standard types, and at the agency level; then the refresh one agency's
 * change adds to a write; then what users ask beyond those (`periodShapes`: a month, custom ranges, a
 * past year, standard types, carrier kinds no composite names). Every call is a first view (the
 * scorecard keeps nothing per period). On PostgreSQL it then copies the network's commission facts
 * into an in-process DuckDB and times every network-level call there, printed beside ours
 * (`columnar-reference.ts`). Prints p50/p95; figures go in decision records, no test asserts them.
 */
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { refreshAgencyFacts } from '#server/services/read-model/refresh.ts';
import {
  scorecardByAgency,
  scorecardByCarrier,
  scorecardStats,
} from '#server/services/scorecards/scorecard-report.ts';
import { BROAD_LINE_CODES } from '#shared/contracts/production.ts';
import { scorecardByCarrierQuerySchema, scorecardQuerySchema } from '#shared/contracts/scorecards.ts';
import { CARRIER_COMPOSITES, type CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { currentScorecardYear, scorecardMonths, type ScorecardMode } from '#shared/domain/scorecard.ts';
import { firstDayOfMonth, lastDayOfMonth } from '#shared/domain/timeframe.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import {
  besideRow,
  columnarReference,
  printBeside,
  scorecardByCarrierQuery,
  scorecardByPolicyTypeQuery,
  type ReferenceView,
} from './columnar-reference.ts';
import {
  benchLevels,
  compositeQuery,
  ensurePostgresDatabase,
  kindsQuery,
  ms,
  parseArgs,
  periodShapes,
  personalLinesTypes,
  prepare,
  time,
  today,
  type Timing,
} from './bench-support.ts';

type View = { name: string; year: number; mode: ScorecardMode };

function views(): View[] {
  const year = currentScorecardYear(today);
  return [
    { name: `${year} 12M Book`, year, mode: 'trailing' },
    { name: `${year} YTD`, year, mode: 'ytd' },
    { name: `${year - 1}`, year: year - 1, mode: 'ytd' },
  ];
}

/** A network-level call timed here, with what the columnar reference computes for it. */
type Beside = { view: string; call: string; ours: Timing; reference: string };

/** The reference's view of a year and mode (`line`, types and kinds as the call asks). */
function referenceView(view: View, more: Partial<ReferenceView> = {}): ReferenceView {
  const { start, end } = scorecardMonths(view.year, view.mode, today);
  return {
    tf: { isYtd: view.mode === 'ytd', startMonth: start, endMonth: end },
    line: 'P&C',
    standardTypes: [],
    kinds: compositeKinds('all'),
    ...more,
  };
}

const query = (view: View, composite: CarrierComposite = 'all') => {
  const { start, end } = scorecardMonths(view.year, view.mode, today);
  return {
    startDate: firstDayOfMonth(start),
    endDate: lastDayOfMonth(end),
    ...compositeQuery(composite),
  };
};

async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
  beside: Beside[] = [],
) {
  const db = database.db;
  const { network, agencyUuidAt, agencyAt } = benchLevels(setup);
  const context = (level: Level) => ({ level, today, mode: null });
  const types = await personalLinesTypes(db);
  const rows: Record<string, string>[] = [];
  const worst = { network: 0, agency: 0 };
  const note = (level: 'network' | 'agency', t: Timing) => {
    worst[level] = Math.max(worst[level], t.p95);
    return ms(t);
  };
  /** A network-level timing, kept with its reference query for the table beside DuckDB. */
  const atNetwork = (view: string, call: string, reference: string, t: Timing) => {
    beside.push({ view, call, ours: t, reference });
    return note('network', t);
  };
  for (const view of views()) {
    const levelQuery = scorecardQuerySchema.parse(query(view));
    const row: Record<string, string> = { driver: label, view: view.name };
    const byPolicyType = scorecardByPolicyTypeQuery(referenceView(view));
    row['network: by agency'] = atNetwork(
      view.name,
      'by agency',
      byPolicyType,
      await time(runs, () => scorecardByAgency(db, levelQuery, context(network))),
    );
    row['network: stats'] = atNetwork(
      view.name,
      'stats',
      byPolicyType,
      await time(runs, () => scorecardStats(db, levelQuery, context(network))),
    );
    for (const line of BROAD_LINE_CODES) {
      const q = scorecardByCarrierQuerySchema.parse({ ...query(view), parentTypeCode: line });
      row[`network: by carrier ${line}`] = atNetwork(
        view.name,
        `by carrier ${line}`,
        scorecardByCarrierQuery(referenceView(view, { line })),
        await time(runs, () => scorecardByCarrier(db, q, context(network))),
      );
    }
    for (const composite of CARRIER_COMPOSITES.filter((c) => c !== 'all')) {
      const q = scorecardByCarrierQuerySchema.parse(query(view, composite));
      row[`network: by carrier, ${composite}`] = atNetwork(
        view.name,
        `by carrier, ${composite}`,
        scorecardByCarrierQuery(referenceView(view, { kinds: compositeKinds(composite) })),
        await time(runs, () => scorecardByCarrier(db, q, context(network))),
      );
    }
    const typed = scorecardByCarrierQuerySchema.parse({
      ...query(view),
      parentTypeCode: 'PL',
      standardTypes: types.join(','),
    });
    row['network: by carrier, PL types'] = atNetwork(
      view.name,
      'by carrier, PL types',
      scorecardByCarrierQuery(referenceView(view, { line: 'PL', standardTypes: types })),
      await time(runs, () => scorecardByCarrier(db, typed, context(network))),
    );
    const carrierQuery = scorecardByCarrierQuerySchema.parse(query(view));
    row['agency: by carrier / by agency / stats'] = [
      await time(runs, (i) => scorecardByCarrier(db, carrierQuery, context(agencyAt(i)))),
      await time(runs, (i) => scorecardByAgency(db, levelQuery, context(agencyAt(i)))),
      await time(runs, (i) => scorecardStats(db, levelQuery, context(agencyAt(i)))),
    ]
      .map((t) => note('agency', t))
      .join(', ');
    rows.push(row);
  }
  console.log(`  ${label}: p50/p95 ms per call (${runs} runs each, after a warm-up)`);
  console.table(rows);
  // What users ask beyond the years and modes: a month, custom ranges, a past year as its months,
  // standard types, a combination of carrier kinds no composite names.
  const shapeRows: Record<string, string>[] = [];
  for (const shape of await periodShapes(db)) {
    const period = { startDate: shape.tf.startDate, endDate: shape.tf.endDate, ...kindsQuery(shape.kinds) };
    const levelQuery = scorecardQuerySchema.parse(period);
    const carrierQuery = scorecardByCarrierQuerySchema.parse({
      ...period,
      parentTypeCode: shape.line,
      standardTypes: shape.standardTypes.join(','),
    });
    const byPolicyType = scorecardByPolicyTypeQuery({ ...shape, line: 'P&C', standardTypes: [] });
    shapeRows.push({
      driver: label,
      view: shape.name,
      months: `${shape.tf.startMonth}..${shape.tf.endMonth}`,
      'network: by carrier': atNetwork(
        shape.name,
        'by carrier',
        scorecardByCarrierQuery(shape),
        await time(runs, () => scorecardByCarrier(db, carrierQuery, context(network))),
      ),
      'network: by agency': atNetwork(
        shape.name,
        'by agency',
        byPolicyType,
        await time(runs, () => scorecardByAgency(db, levelQuery, context(network))),
      ),
      'network: stats': atNetwork(
        shape.name,
        'stats',
        byPolicyType,
        await time(runs, () => scorecardStats(db, levelQuery, context(network))),
      ),
      'agency: by carrier': note(
        'agency',
        await time(runs, (i) => scorecardByCarrier(db, carrierQuery, context(agencyAt(i)))),
      ),
    });
  }
  console.log(`  ${label}: beside the years and modes, p50/p95 ms per call`);
  console.table(shapeRows);
  const refresh = await time(runs, (i) =>
    db.transaction((tx) => refreshAgencyFacts(tx, agencyUuidAt(i), [])),
  );
  console.log(
    `  ${label}: worst p95 at the network level ${Math.round(worst.network)} ms (target < 150), ` +
      `at the agency level ${Math.round(worst.agency)} ms (target < 20); ` +
      `refresh of one agency ${ms(refresh)} ms`,
  );
  return worst;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results: Record<string, { network: number; agency: number }> = {};
  if (args.driver !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/understanding_bench';
    console.log(`PostgreSQL ${url}`);
    await ensurePostgresDatabase(url);
    const database = await openPostgres(url);
    try {
      const setup = await prepare(database, args.agencies);
      const beside: Beside[] = [];
      results.postgres = await measure('postgres', database, setup, args.runs, beside);
      const reference = await columnarReference(
        database,
        setup.networkUuid,
        (fn) => time(args.runs, fn),
        'commission',
      );
      try {
        const table: Record<string, string | number>[] = [];
        for (const { view, call, ours, reference: q } of beside) {
          table.push({ view, call, ...besideRow(ours, await reference.time(q)) });
        }
        printBeside(table);
      } finally {
        reference.close();
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
      results.pglite = await measure('pglite', database, await prepare(database, args.agencies), args.runs);
    } finally {
      await database.close();
    }
  }
  if (results.postgres && results.pglite) {
    const ratio = (k: 'network' | 'agency') => (results.pglite![k] / results.postgres![k]).toFixed(1);
    console.log(
      `PGlite / PostgreSQL worst p95: network ${ratio('network')}x, agency ${ratio('agency')}x (target within 3x)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:network-intelligence [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Times benchmarks against peers for one agency (its carriers, lines and whole book against the
 * network's quartiles and its size band), the network's benchmarks (distributions and members), and
 * the early-warning page of the network, on the benchmark network (generated once, as
 * `bench:production` does; same databases), for the period shapes users pick (decision 064): year to
 * date, the rolling 12 months, a past year, the latest month and a custom range of 6 months. The network-wide part of these answers
 * is kept per network and data version (decision 075): the first view of each period since the server
 * started (nothing kept) is timed once, the server's warm-up of the presets and the first view of each
 * period after it once, and each view three ways: the first view
 * after a write (an agency's facts refreshed through `refreshAgencyFacts`, not timed: the network's
 * rows computed again), the next view by another agency of the network (or, for the network's pages,
 * by another network user: the kept rows), and a repeat of the same view. Prints p50/p95 and the
 * load average; figures go in decisions 075 and 081, no test asserts them.
 */
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { benchmarks } from '#server/services/network-intelligence/benchmarks.ts';
import { earlyWarnings, keepPresetsAhead } from '#server/services/network-intelligence/warnings.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { refreshAgencyFacts } from '#server/services/read-model/refresh.ts';
import { presets, type Timeframe } from '#shared/domain/timeframe.ts';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth, lastDayOfMonth } from '#shared/domain/timeframe.ts';
import { benchLevels, ensurePostgresDatabase, ms, parseArgs, prepare, time, today } from './bench-support.ts';

/** The periods users pick on these pages: its presets, a past calendar year, a month, a custom range. */
function periods(): { name: string; startDate: string; endDate: string }[] {
  const chosen = presets(today).filter((tf: Timeframe) => ['YTD', '12MM'].includes(tf.name));
  const ytd = chosen.find((tf) => tf.name === 'YTD')!;
  const lastYear = addMonths(ytd.endMonth, -12).slice(0, 4);
  const months = (name: string, start: YearMonth, end: YearMonth) => ({
    name,
    startDate: firstDayOfMonth(start),
    endDate: lastDayOfMonth(end),
  });
  return [
    ...chosen.map((tf) => ({ name: tf.name, startDate: tf.startDate, endDate: tf.endDate })),
    months(lastYear, `${lastYear}-01` as YearMonth, `${lastYear}-12` as YearMonth),
    months('month', ytd.endMonth, ytd.endMonth),
    months('6 months', addMonths(ytd.endMonth, -19), addMonths(ytd.endMonth, -14)),
  ];
}

type Worst = { agency: number; warnings: number; network: number };

async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
): Promise<Worst> {
  const db = database.db;
  const { network, agencyAt, agencyUuidAt } = benchLevels(setup);
  // A write of one agency's facts through the writers' entry point: it moves the network's version.
  const write = (i: number) => db.transaction((tx) => refreshAgencyFacts(tx, agencyUuidAt(i + 1000), []));
  const rows: Record<string, string>[] = [];
  const worst: Worst = { agency: 0, warnings: 0, network: 0 };
  // The server's warm-up reads every preset at start, in the background (`keepPresetsAhead`); then
  // the first view of each period after it, before any write (one sample each).
  clearAnswerCache();
  let started = performance.now();
  const reads = await keepPresetsAhead(db, setup.networkUuid, today);
  const warmUp = Math.round(performance.now() - started);
  const afterWarmUp: Record<string, string> = {};
  for (const period of periods()) {
    const query = { startDate: period.startDate, endDate: period.endDate, isYtd: undefined };
    const timed: number[] = [];
    for (const read of [
      () => benchmarks(db, agencyAt(0), query, null, today),
      () => earlyWarnings(db, network, query, null, today),
    ]) {
      started = performance.now();
      await read();
      timed.push(Math.round(performance.now() - started));
    }
    afterWarmUp[period.name] = timed.join(' / ');
  }
  console.log(
    `  ${label}: the warm-up read ${reads} periods in ${warmUp} ms; the first view after it, agency ` +
      `benchmarks / the network's early warnings (ms): ` +
      Object.entries(afterWarmUp)
        .map(([name, figures]) => `${name} ${figures}`)
        .join(', '),
  );
  for (const period of periods()) {
    const query = { startDate: period.startDate, endDate: period.endDate, isYtd: undefined };
    const views = {
      'agency benchmarks': (i: number) => benchmarks(db, agencyAt(i), query, null, today),
      'agency early warnings': (i: number) => earlyWarnings(db, agencyAt(i), query, null, today),
      'early warning (network)': () => earlyWarnings(db, network, query, null, today),
      'network benchmarks': () => benchmarks(db, network, query, null, today),
    };
    // The first view of the period since the server started (nothing kept), one sample: every view
    // reads the network's figures then.
    clearAnswerCache();
    started = performance.now();
    await views['agency benchmarks'](0);
    const firstView = Math.round(performance.now() - started);
    for (const [view, read] of Object.entries(views)) {
      let n = 0;
      // (a) The first view after a write; (b) the next view by another agency (or network user)
      // after another's first view; (c) the same view again.
      const afterWrite = await time(runs, read, () => write(n++));
      const another = await time(
        runs,
        () => read(2 * n + 1),
        async () => {
          await write(++n);
          await read(2 * n);
        },
      );
      const repeat = await time(runs, () => read(0));
      const key: keyof Worst = view.includes('warning')
        ? 'warnings'
        : view.startsWith('agency')
          ? 'agency'
          : 'network';
      worst[key] = Math.max(worst[key], another.p95, repeat.p95);
      rows.push({
        driver: label,
        period: period.name,
        view,
        'first view (one sample)': view === 'agency benchmarks' ? String(firstView) : '',
        'after a write': ms(afterWrite),
        'another agency / user': ms(another),
        repeat: ms(repeat),
      });
    }
  }
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `  ${label}: p50/p95 ms per call (${runs} runs each, after a warm-up); load average ${load.join(' ')}`,
  );
  console.table(rows);
  console.log(
    `  ${label}: worst p95 once kept (another agency or a repeat): agency benchmarks ${Math.round(worst.agency)} ms, ` +
      `early warning ${Math.round(worst.warnings)} ms (target < 150 on PostgreSQL); network benchmarks ${Math.round(worst.network)} ms`,
  );
  return worst;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results: Record<string, Worst> = {};
  if (args.driver !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/understanding_bench';
    console.log(`PostgreSQL ${url}`);
    await ensurePostgresDatabase(url);
    const database = await openPostgres(url);
    try {
      results.postgres = await measure(
        'postgres',
        database,
        await prepare(database, args.agencies),
        args.runs,
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
      results.pglite = await measure('pglite', database, await prepare(database, args.agencies), args.runs);
    } finally {
      await database.close();
    }
  }
  if (results.postgres && results.pglite) {
    const ratio = (k: 'agency' | 'warnings') => (results.pglite![k] / results.postgres![k]).toFixed(1);
    console.log(
      `PGlite / PostgreSQL worst p95: agency benchmarks ${ratio('agency')}x, early warning ${ratio('warnings')}x (target within 3x)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

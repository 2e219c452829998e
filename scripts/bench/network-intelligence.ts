/**
 * `npm run bench:network-intelligence [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Times benchmarks against peers for one agency (its carriers, lines and whole book against the
 * network's quartiles and its size band), the network's benchmarks (distributions and members), and
 * the early-warning page of the network, on the benchmark network (generated once, as
 * `bench:production` does; same databases), for the period shapes users pick (decision 064): year to
 * date, the rolling 12 months, the latest month, a past year. Every call is a first view (nothing is
 * kept). Prints p50/p95; figures go in the closing note, no test asserts them.
 */
import path from 'node:path';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { benchmarks } from '#server/services/network-intelligence/benchmarks.ts';
import { earlyWarnings } from '#server/services/network-intelligence/warnings.ts';
import { presets, type Timeframe } from '#shared/domain/timeframe.ts';
import { addMonths } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth, lastDayOfMonth } from '#shared/domain/timeframe.ts';
import {
  benchLevels,
  ensurePostgresDatabase,
  ms,
  parseArgs,
  prepare,
  time,
  today,
  type Timing,
} from './bench-support.ts';

/** The periods users pick on these pages: its presets, and a past calendar year. */
function periods(): { name: string; startDate: string; endDate: string }[] {
  const chosen = presets(today).filter((tf: Timeframe) => ['YTD', '12MM', 'Monthly'].includes(tf.name));
  const ytd = chosen.find((tf) => tf.name === 'YTD')!;
  const lastYear = addMonths(ytd.endMonth, -12).slice(0, 4);
  return [
    ...chosen.map((tf) => ({ name: tf.name, startDate: tf.startDate, endDate: tf.endDate })),
    {
      name: `${lastYear}`,
      startDate: firstDayOfMonth(`${lastYear}-01` as never),
      endDate: lastDayOfMonth(`${lastYear}-12` as never),
    },
  ];
}

async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
) {
  const db = database.db;
  const { network, agencyAt } = benchLevels(setup);
  const rows: Record<string, string>[] = [];
  const worst = { agency: 0, warnings: 0, network: 0 };
  const note = (key: keyof typeof worst, t: Timing) => {
    worst[key] = Math.max(worst[key], t.p95);
    return ms(t);
  };
  for (const period of periods()) {
    const query = { startDate: period.startDate, endDate: period.endDate, isYtd: undefined };
    let warnings = 0;
    rows.push({
      driver: label,
      period: period.name,
      'agency benchmarks': note(
        'agency',
        await time(runs, (i) => benchmarks(db, agencyAt(i), query, null, today)),
      ),
      'early warning (network)': note(
        'warnings',
        await time(runs, async () => {
          warnings = (await earlyWarnings(db, network, query, null, today)).warnings.length;
        }),
      ),
      'network benchmarks': note(
        'network',
        await time(Math.max(3, Math.floor(runs / 4)), () => benchmarks(db, network, query, null, today)),
      ),
      warnings: String(warnings),
    });
  }
  console.log(`  ${label}: p50/p95 ms per call (${runs} runs each, after a warm-up)`);
  console.table(rows);
  console.log(
    `  ${label}: worst p95 agency benchmarks ${Math.round(worst.agency)} ms, early warning ` +
      `${Math.round(worst.warnings)} ms (target < 150 on PostgreSQL); network benchmarks ${Math.round(worst.network)} ms`,
  );
  return worst;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results: Record<string, { agency: number; warnings: number; network: number }> = {};
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

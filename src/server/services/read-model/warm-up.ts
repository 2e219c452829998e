import { sql } from 'drizzle-orm';
import { latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { presets, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { selectKeptCodesBuilt, selectNetworksWithRollups, type PeriodKey } from './sql.ts';
import { buildKeptCodes } from './store.ts';
import { keptAnswersBytes } from './answer-cache.ts';

/**
 * Builds ahead the view users open first whose build takes seconds on a large network: the
 * by-agency-code view (decision 026), at the network level, Total (P&C), for every preset (YTD, 12MM,
 * 24MM, 36MM), so that no user's first view of a period waits for it. The server starts it once its read model is
 * ready; it runs in the background, one build at a time, for every network at start and every 10
 * minutes (the latest reporting month moves on, a bulk load in another process rebuilds a network),
 * and for a network whose views a rebuild dropped (`requestKeptViewWarmUp`). A build does not hold writers back
 * (`buildKeptCodes`). Tests and scripts that do not start it build on first view, as before.
 * The server adds other answers a network's users open first (`KeptAhead`: Carrier Production by
 * agency's presets, `ahead.ts`; the benchmarks' presets, the profit-sharing ranking, decision 079),
 * computed after the view, kept in the process's answer cache.
 */

/** The periods a network keeps ahead: every preset as of `today`, Total (P&C). */
export function presetCodeKeys(networkUuid: string, today: CalendarDay): PeriodKey[] {
  return presets(today).map((tf) => ({
    networkUuid,
    start: tf.startDate.slice(0, 7) as YearMonth,
    end: tf.endDate.slice(0, 7) as YearMonth,
    line: 'P&C',
    composite: 'all',
  }));
}

/** A preset built for a network, and how long its build took (null: kept already, or not built). */
export type WarmedPeriod = { key: PeriodKey; ms: number | null };

/** Builds the presets' by-agency-code views a network does not keep yet, one after another. */
export async function warmKeptCodes(
  db: Db,
  networkUuid: string,
  today: CalendarDay,
): Promise<WarmedPeriod[]> {
  const latest = latestReportingMonth(today);
  const warmed: WarmedPeriod[] = [];
  for (const key of presetCodeKeys(networkUuid, today)) {
    const kept = await db.execute<{ built: boolean }>(selectKeptCodesBuilt(key));
    if (kept.rows[0]?.built) {
      warmed.push({ key, ms: null });
      continue;
    }
    const started = performance.now();
    const built = await buildKeptCodes(db, key, latest);
    warmed.push({ key, ms: built ? performance.now() - started : null });
  }
  if (warmed.some((w) => w.ms !== null)) await vacuumKeptCodes(db);
  return warmed;
}

/**
 * Clears the dead rows a build ahead follows (the periods that no longer come back, or every period
 * a rebuild dropped) from the kept codes. Reading a period's codes visits every row its index lists,
 * dead ones too: a search of the benchmark network, which reads every code of the period, read twice
 * the pages and took twice as long until a vacuum (decision 036). PGlite runs no autovacuum, and a
 * build ahead runs when nobody waits for it.
 */
async function vacuumKeptCodes(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) production_code_period_totals, production_code_period_agency_totals`);
}

/**
 * Another answer the warm-up computes for every network, after its views (`what` names it in the
 * log); `keep` answers how many parts it computed (none: every one was kept).
 */
export type KeptAhead = {
  what: string;
  keep: (db: Db, networkUuid: string, today: CalendarDay) => Promise<number>;
};

type WarmUp = {
  db: Db;
  ahead: readonly KeptAhead[];
  today: () => CalendarDay;
  log: (message: string) => void;
  queue: Set<string>;
  running: Promise<void> | null;
  timer: ReturnType<typeof setInterval>;
  stopped: boolean;
};

let warmUp: WarmUp | null = null;

async function networksWithFacts(db: Db): Promise<string[]> {
  const found = await db.execute<{ uuid: string }>(selectNetworksWithRollups());
  return found.rows.map((r) => r.uuid);
}

function drain(w: WarmUp): void {
  if (w.running || w.stopped) return;
  w.running = (async () => {
    while (!w.stopped && w.queue.size > 0) {
      const networkUuid = w.queue.values().next().value!;
      w.queue.delete(networkUuid);
      try {
        const warmed = await warmKeptCodes(w.db, networkUuid, w.today());
        const built = warmed.filter((p) => p.ms !== null);
        if (built.length > 0) {
          w.log(
            `Kept the by-agency-code view of network ${networkUuid} ahead: ` +
              built.map((p) => `${p.key.start}..${p.key.end} in ${Math.round(p.ms!)} ms`).join(', '),
          );
        }
      } catch (error) {
        if (!w.stopped)
          w.log(`Could not keep the by-agency-code view of ${networkUuid} ahead: ${String(error)}`);
      }
      for (const { what, keep } of w.ahead) {
        if (w.stopped) break;
        const started = performance.now();
        try {
          const computed = await keep(w.db, networkUuid, w.today());
          const ms = Math.round(performance.now() - started);
          if (computed > 0)
            w.log(
              `Kept ${what} of network ${networkUuid} ahead: ${computed} computed in ${ms} ms ` +
                `(answers kept in this process: ${Math.round(keptAnswersBytes() / 2 ** 20)} MB)`,
            );
        } catch (error) {
          if (!w.stopped) w.log(`Could not keep ${what} of ${networkUuid} ahead: ${String(error)}`);
        }
      }
    }
  })().finally(() => {
    w.running = null;
    if (w.queue.size > 0) drain(w);
  });
}

/** Asks the running warm-up (if the server started one) to build a network's presets again. */
export function requestKeptViewWarmUp(networkUuid: string): void {
  if (!warmUp || warmUp.stopped) return;
  warmUp.queue.add(networkUuid);
  drain(warmUp);
}

/**
 * Starts the warm-up for every network, then every 10 minutes, with the answers of `ahead` after each
 * network's views. Answers the function that stops it.
 */
export function startKeptViewWarmUp(
  db: Db,
  today: () => CalendarDay,
  log: (message: string) => void,
  ahead: readonly KeptAhead[] = [],
): () => Promise<void> {
  const w: WarmUp = {
    db,
    ahead,
    today,
    log,
    queue: new Set(),
    running: null,
    stopped: false,
    // Every 10 minutes, each network is checked (a few small queries when nothing is missing): the
    // latest reporting month may have moved on, or a bulk load in another process rebuilt a network.
    timer: setInterval(() => void enqueueAll(), 10 * 60 * 1000),
  };
  w.timer.unref();
  const enqueueAll = async () => {
    try {
      for (const uuid of await networksWithFacts(db)) w.queue.add(uuid);
      drain(w);
    } catch (error) {
      log(`Could not list the networks to keep ahead: ${String(error)}`);
    }
  };
  warmUp = w;
  void enqueueAll();
  return async () => {
    w.stopped = true;
    clearInterval(w.timer);
    if (warmUp === w) warmUp = null;
    // A build under way is rolled back when the database closes; it is not waited for long.
    await Promise.race([w.running, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  };
}

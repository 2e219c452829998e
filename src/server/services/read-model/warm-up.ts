import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { selectNetworksWithRollups } from './sql.ts';
import { keptAnswersBytes } from './answer-cache.ts';

/**
 * The warm-up: the answers a network's users open first, computed ahead into the process's answer
 * cache so that no user's first view waits for them (`KeptAhead`: the planning tool by agency code
 * and Carrier Production by agency for every preset, `ahead.ts`; the benchmarks' periods, the
 * profit-sharing ranking, decision 079). The server starts it once its read model is ready; it runs
 * in the background, one network at a time, for every network at start and every 10 minutes (the
 * latest reporting month moves on, a bulk load in another process rebuilds a network), and for a
 * network a rebuild changed whole (`requestWarmUp`). Tests and scripts that do not start it compute
 * each answer on first view.
 */

/**
 * An answer the warm-up computes for every network (`what` names it in the log); `keep` answers how
 * many parts it computed (none: every one was kept).
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

/** Asks the running warm-up (if the server started one) to compute a network's answers again. */
export function requestWarmUp(networkUuid: string): void {
  if (!warmUp || warmUp.stopped) return;
  warmUp.queue.add(networkUuid);
  drain(warmUp);
}

/**
 * Starts the warm-up of the answers of `ahead` for every network, then every 10 minutes. Answers the
 * function that stops it.
 */
export function startWarmUp(
  db: Db,
  today: () => CalendarDay,
  log: (message: string) => void,
  ahead: readonly KeptAhead[],
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
    // A computation under way fails when the database closes; it is not waited for long.
    await Promise.race([w.running, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  };
}

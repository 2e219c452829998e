import { BROAD_LINE_CODES, type BroadLineCode } from '#shared/contracts/production.ts';
import { CARRIER_COMPOSITES } from '#shared/domain/carrier-composite.ts';
import { latestReportingMonth } from '#shared/domain/reporting-month.ts';
import { presets, type CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { selectKeptPeriods, selectNetworksMissingKeptViews, type PeriodKey } from './sql.ts';
import { buildKeptFlags, buildKeptTotals } from './store.ts';

/**
 * The presets' kept views built ahead of any view (decision 027): the network's by-agency view as
 * users open it, for each preset of the timeframe selector (YTD, 12, 24 and 36 months ending at the
 * latest reporting month), each line and each carrier composite (decision 039), with the period's
 * incomplete-data flags of each composite. Built on demand,
 * the first view of a period sums the running totals (150-260 ms at 2,000 agencies with a broad line
 * chosen); kept ahead, every preset's first view reads finished rows. Each view is built in its own
 * transaction, as a first view builds it (decision 009), so a writer waits for one build at most.
 */

/** Every preset period, line and composite a network keeps ahead, as of `today`. */
export function presetKeys(networkUuid: string, today: CalendarDay): (PeriodKey & { line: BroadLineCode })[] {
  return presets(today).flatMap((tf) =>
    BROAD_LINE_CODES.flatMap((line) =>
      CARRIER_COMPOSITES.map((composite) => ({
        networkUuid,
        start: tf.startMonth,
        end: tf.endMonth,
        line,
        composite,
      })),
    ),
  );
}

/**
 * Builds the by-agency view and the flags of each key (periods of one network) that the network
 * does not keep yet; answers how many views it built. A first view of the same period at the same
 * time waits for the build, then computes its answer itself (decision 009).
 */
export async function keepViewsAhead(
  db: Db,
  networkUuid: string,
  keys: readonly PeriodKey[],
  today: CalendarDay,
) {
  const latest = latestReportingMonth(today);
  const keptPeriods = async (table: 'builds' | 'flags') =>
    new Set(
      (await db.execute<Omit<PeriodKey, 'networkUuid'>>(selectKeptPeriods(networkUuid, table))).rows.map(
        (row) => `${row.start} ${row.end} ${row.composite} ${table === 'builds' ? row.line : ''}`,
      ),
    );
  const [views, flags] = [await keptPeriods('builds'), await keptPeriods('flags')];
  let built = 0;
  for (const key of keys) {
    if (
      !views.has(`${key.start} ${key.end} ${key.composite} ${key.line}`) &&
      (await buildKeptTotals(db, key, latest, false))
    ) {
      built++;
    }
    const period = `${key.start} ${key.end} ${key.composite} `;
    // A period without any reported month keeps no flags: nothing to build ahead.
    if (!flags.has(period)) {
      await buildKeptFlags(db, key);
      flags.add(period);
    }
  }
  return built;
}

/**
 * Keeps the preset views of every network with running totals that lacks one (or of one network)
 * ahead, as of `today`; logs what it built and how long it took.
 */
export async function keepPresetViews(
  db: Db,
  today: CalendarDay,
  log: (message: string) => void,
  networkUuid: string | null = null,
): Promise<void> {
  const periods = presets(today).map((tf) => ({ start: tf.startMonth, end: tf.endMonth }));
  const missing = await db.execute<{ uuid: string; name: string }>(
    selectNetworksMissingKeptViews(periods, BROAD_LINE_CODES, networkUuid),
  );
  for (const network of missing.rows) {
    const started = performance.now();
    const built = await keepViewsAhead(db, network.uuid, presetKeys(network.uuid, today), today);
    log(
      `Kept ${built} preset views of ${network.name} ahead in ${Math.round(performance.now() - started)} ms`,
    );
  }
}

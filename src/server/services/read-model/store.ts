import { sql, type SQL } from 'drizzle-orm';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db, Executor } from '#server/db/client.ts';
import { allowOneParallelWorker, selectHasSpans, selectHorizon, type RunningTotalsState } from './sql.ts';

/**
 * The network's horizon (the last month its running totals reach) and whether it has manual months
 * after a gap: what every statement over the running totals reads first. A writer of one agency's
 * facts holds the horizon row for update while it refreshes that agency's rows.
 */

/** A group's incomplete-data flags, as a flags query answers them. */
export type MissingRow = { group_uuid: string; missing_current: boolean; missing_prior: boolean };

/** The last month the network's running totals reach, or null when it has none (no facts). */
export async function readHorizon(
  db: Executor,
  networkUuid: string,
  lock: 'update' | null = null,
): Promise<YearMonth | null> {
  const found = await db.execute<{ horizon: YearMonth }>(selectHorizon(networkUuid, lock));
  return found.rows[0]?.horizon ?? null;
}

/**
 * Locks the network's rollups for a writer and answers its horizon. Writers first take turns on a
 * lock of the network's own, then hold the horizon row for update: a
 * network without rollups yet has no row to lock, and writers that locked the row once it existed
 * while others waited on their own lock would wait on each other. Taken again in the same
 * transaction, it is already held.
 */
export async function lockHorizonForWrite(db: Executor, networkUuid: string): Promise<YearMonth | null> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`network rollups ${networkUuid}`}))`);
  return readHorizon(db, networkUuid, 'update');
}

/** Whether the network has manual months after a gap, whose spans a running-totals query leaves out. */
export async function readHasSpans(db: Executor, networkUuid: string): Promise<boolean> {
  const found = await db.execute<{ spans: boolean }>(selectHasSpans(networkUuid));
  return found.rows[0]?.spans ?? true;
}

/** `readHorizon` and `readHasSpans` at once; null when the network has no running totals (no facts). */
export async function readRunningTotalsState(
  db: Executor,
  networkUuid: string,
): Promise<RunningTotalsState | null> {
  const [horizon, spans] = await Promise.all([readHorizon(db, networkUuid), readHasSpans(db, networkUuid)]);
  return horizon === null ? null : { horizon, spans };
}

/**
 * Runs a statement of the read model. One over a whole network's running totals (`wholeNetwork`:
 * tens of thousands of keys at a few months) may use one parallel worker on PostgreSQL, which splits
 * its scans and hash joins across two processes; the pool's sessions otherwise plan without workers
 * (`openPostgres`), and at the default costs the planner keeps such a statement serial. PGlite has no
 * workers (decision 096).
 */
export function executeRead<T extends Record<string, unknown>>(
  db: Db,
  statement: SQL,
  wholeNetwork: boolean,
) {
  if (!wholeNetwork) return db.execute<T>(statement);
  return db.transaction(async (tx) => {
    await tx.execute(allowOneParallelWorker);
    return tx.execute<T>(statement);
  });
}

import { sql } from 'drizzle-orm';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db, Executor } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { codeFiguresSource, keptRequest } from './planner.ts';
import {
  claimKeptBuild,
  codeRowsQuery,
  deleteAgencyKeptRows,
  deleteNetworkRows,
  deleteKeptPeriod,
  deleteStaleKeptBuilds,
  figureQuery,
  flagsQuery,
  insertKeptCodeAgencyTotals,
  insertKeptCodeAgencyTotalsOfAgency,
  insertKeptCodeTotals,
  insertKeptCodeTotalsOfAgency,
  KEPT_TABLES,
  selectHasSpans,
  selectHorizon,
  selectHorizonVersion,
  selectKeptPeriods,
  type PeriodKey,
  type RunningTotalsState,
} from './sql.ts';

/**
 * The network's horizon and the view it keeps (decision 022): the planning tool's table by agency
 * code as users open it, for one period and line, computed once from the running totals and the
 * reported months and read back as finished rows. A writer of one agency's facts refreshes that
 * agency's rows in its transaction, holding the horizon row for update; a build checks the row's
 * version before it commits, so it never keeps figures a concurrent write has outdated.
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
 * lock of the network's own, then hold the horizon row for update (which a build holds for share): a
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

/** The agency codes of a network's kept by-agency-code view (a `codeRowsQuery`), from `codeFiguresSource`. */
export const keptCodeRows = (key: PeriodKey, state: RunningTotalsState) => {
  const request = keptRequest(key, { kind: 'network', networkUuid: key.networkUuid });
  const figures = figureQuery(request, codeFiguresSource(request, state), false);
  return codeRowsQuery(key.line, figures, flagsQuery(request));
};

/** A writer changed the network while a build read its facts: the build is rolled back. */
class OutdatedBuild extends Error {}

/**
 * Builds the period's agency codes (figures and flags); false when another request is building them
 * or built them first, or the network has no running totals. Periods that no longer come back are
 * dropped on the way.
 *
 * The build reads the facts for seconds on a large network, so it does not hold the horizon row
 * meanwhile (writers would wait for it): it notes the row's version (every writer rewrites the row),
 * computes and inserts the rows, then holds the row for share and checks the version. If a writer
 * changed the network in between, its refresh did not see this uncommitted period, so the build is
 * rolled back and tried again; after the check, a writer waits for the commit and then refreshes the
 * period like any other.
 */
export async function buildKeptCodes(
  db: Db,
  key: PeriodKey,
  latestReportingMonth: YearMonth,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const version = await horizonVersion(tx, key.networkUuid, false);
        if (version === null) return false;
        // One builder per period; another request does not wait for it.
        const lock = `code build ${key.networkUuid} ${key.start} ${key.end} ${key.line}`;
        const free = await tx.execute<{ free: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtext(${lock})) as free`,
        );
        if (!free.rows[0]?.free) return false;
        await dropStaleBuilds(tx, key.networkUuid, latestReportingMonth);
        const claimed = await tx.execute(claimKeptBuild(key));
        if (claimed.rows.length === 0) return false;
        // Gone since the version was read: a rebuild took the network's running totals away.
        const state = await readRunningTotalsState(tx, key.networkUuid);
        if (state === null) throw new OutdatedBuild();
        await tx.execute(insertKeptCodeTotals(key, keptCodeRows(key, state)));
        await tx.execute(insertKeptCodeAgencyTotals(key, null));
        // Statistics for the pages' joins over tens of thousands of codes (no autovacuum on PGlite).
        await tx.execute(sql`analyze production_code_period_totals, production_code_period_agency_totals`);
        if ((await horizonVersion(tx, key.networkUuid, true)) !== version) throw new OutdatedBuild();
        return true;
      });
    } catch (error) {
      if (!(error instanceof OutdatedBuild)) throw error;
    }
  }
  return false;
}

/** The version of the network's horizon row (its xmin), held for share with `hold`; null without one. */
async function horizonVersion(tx: Executor, networkUuid: string, hold: boolean): Promise<string | null> {
  const found = await tx.execute<{ version: string }>(selectHorizonVersion(networkUuid, hold));
  return found.rows[0]?.version ?? null;
}

async function dropStaleBuilds(tx: Executor, networkUuid: string, latest: YearMonth) {
  const stale = await tx.execute<Omit<PeriodKey, 'networkUuid'>>(deleteStaleKeptBuilds(networkUuid, latest));
  for (const old of stale.rows) {
    for (const statement of deleteKeptPeriod({ networkUuid, ...old })) await tx.execute(statement);
  }
}

/** Drops every view the network keeps (a rebuild of its rollups); the caller holds the horizon row. */
export async function dropKeptViews(tx: Executor, networkUuid: string): Promise<void> {
  for (const table of KEPT_TABLES) await tx.execute(deleteNetworkRows(table, networkUuid));
}

/**
 * Brings the agency codes the network keeps up to date for one agency whose facts or reported months
 * changed, inside the transaction that changed them, after its rollups are refreshed (the horizon row
 * is locked for update): the agency's codes of every kept period are computed again in one statement
 * (decision 034), and their sums per agency. Every other agency's rows stay right: their running
 * totals did not change, and a horizon that moved on only carried them forward. When the writer names
 * the `carriers` whose facts or reported months changed, only the agency's codes of those carriers
 * are computed again (a code belongs to one carrier; decision 035).
 */
export async function refreshKeptViews(
  tx: Executor,
  networkUuid: string,
  agencyUuid: string,
  horizon: YearMonth | null,
  carriers: readonly string[] | null = null,
): Promise<void> {
  await tx.execute(deleteAgencyKeptRows(networkUuid, agencyUuid, horizon ? carriers : null));
  if (!horizon) return;
  const kept = await tx.execute<Omit<PeriodKey, 'networkUuid'>>(selectKeptPeriods(networkUuid));
  if (kept.rows.length === 0) return;
  const level: Level = { kind: 'agency', agencyUuid, networkUuid };
  const codes = kept.rows.map((key) => keptRequest({ networkUuid, ...key }, level));
  await tx.execute(insertKeptCodeTotalsOfAgency(codes, carriers));
  await tx.execute(insertKeptCodeAgencyTotalsOfAgency(networkUuid, agencyUuid));
}

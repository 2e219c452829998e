import { sql } from 'drizzle-orm';
import type { ProductionFigures } from '#shared/contracts/production.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db, Executor } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { codeFiguresSource, keptRequest, runningTotalsSource } from './planner.ts';
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
  insertKeptFlagsAnswering,
  insertKeptFlagsOfAgency,
  insertKeptTotals,
  insertKeptTotalsAnswering,
  KEPT_TABLES,
  insertKeptTotalsOfAgency,
  selectAllKeptPeriods,
  selectHasSpans,
  selectHorizon,
  selectHorizonVersion,
  selectKeptFlags,
  selectKeptTotals,
  type KeptView,
  type PeriodKey,
  type RunningTotalsState,
} from './sql.ts';

/**
 * The network's horizon and the views it keeps (decision 009): its by-agency report as users open it,
 * for one period and line, and the same view's incomplete-data flags, computed once from the running
 * totals and the reported months and read back as finished rows. A writer of one agency's facts
 * refreshes that agency's rows in its transaction, holding the horizon row for update; a build holds
 * it for share, so a build never stores figures a concurrent write has outdated.
 */

/** A group's incomplete-data flags, as a flags query answers them. */
export type MissingRow = { group_uuid: string; missing_current: boolean; missing_prior: boolean };

/** An agency a network keeps for a period: its figures per line code. */
export type KeptAgency = { group_uuid: string; lines: Record<string, ProductionFigures> };

/** The last month the network's running totals reach, or null when it has none (no facts). */
export async function readHorizon(
  db: Executor,
  networkUuid: string,
  lock: 'share' | 'update' | null = null,
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

type StoredRow = { group_uuid: string | null; lines: string };

// `lines` is read as text and parsed here, the same way on both drivers. Its numbers are the sums'
// exact decimal text, which JSON.parse reads as Number() reads the figure query's text.
const kept = (rows: StoredRow[]): KeptAgency[] =>
  rows.map((row) => ({
    group_uuid: row.group_uuid!,
    lines: JSON.parse(row.lines) as Record<string, ProductionFigures>,
  }));

/** The figure query and flags query of a kept view, at the network level or for one of its agencies. */
const keptQueries = (key: PeriodKey, level: Level, horizon: YearMonth, spans: boolean) => {
  const request = keptRequest(key, level);
  return {
    figures: figureQuery(request, runningTotalsSource(request, horizon, spans), false),
    flags: flagsQuery(request),
  };
};

/** The agency codes of a network's kept by-agency-code view (a `codeRowsQuery`), from `codeFiguresSource`. */
export const keptCodeRows = (key: PeriodKey, state: RunningTotalsState) => {
  const request = keptRequest(key, networkLevel(key), 'agencyCode');
  const figures = figureQuery(request, codeFiguresSource(request, state), false);
  return codeRowsQuery(key.line, figures, flagsQuery(request));
};

const networkLevel = (key: PeriodKey): Level => ({ kind: 'network', networkUuid: key.networkUuid });

/**
 * The agencies the network keeps for the period and line, or null when it keeps none (not built, or
 * dropped by a rebuild). One statement, so the build marker and the rows come from one snapshot.
 */
export async function readKeptTotals(db: Executor, key: PeriodKey): Promise<KeptAgency[] | null> {
  const result = await db.execute<StoredRow>(selectKeptTotals(key));
  if (result.rows.length === 0) return null;
  return result.rows[0]!.group_uuid === null ? [] : kept(result.rows); // built, and empty
}

/**
 * Builds the period's agencies and returns them (none with `answer` false: a build ahead of any
 * view), or null when another request built them first or the network has no running totals.
 * Periods that no longer come back are dropped on the way.
 */
export async function buildKeptTotals(
  db: Db,
  key: PeriodKey,
  latestReportingMonth: YearMonth,
  answer = true,
): Promise<KeptAgency[] | null> {
  return underHorizonLock(db, key.networkUuid, async (tx, horizon) => {
    await dropStaleBuilds(tx, key.networkUuid, latestReportingMonth, 'agency');
    const claimed = await tx.execute(claimKeptBuild(key));
    if (claimed.rows.length === 0) return null;
    const spans = await readHasSpans(tx, key.networkUuid);
    const { figures } = keptQueries(key, networkLevel(key), horizon, spans);
    if (!answer) {
      await tx.execute(insertKeptTotals(key, figures));
      return [];
    }
    const built = await tx.execute<StoredRow>(insertKeptTotalsAnswering(key, figures));
    return kept(built.rows);
  });
}

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
        await dropStaleBuilds(tx, key.networkUuid, latestReportingMonth, 'agencyCode');
        const claimed = await tx.execute(claimKeptBuild(key, 'agencyCode'));
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

async function dropStaleBuilds(tx: Executor, networkUuid: string, latest: YearMonth, view: KeptView) {
  const stale = await tx.execute<Omit<PeriodKey, 'networkUuid'>>(
    deleteStaleKeptBuilds(networkUuid, latest, view),
  );
  for (const old of stale.rows) {
    for (const statement of deleteKeptPeriod({ networkUuid, ...old }, view)) await tx.execute(statement);
  }
}

/**
 * The incomplete-data flags the network keeps for the period (any line), or null when it keeps none.
 * A period none of whose agencies has a reported month keeps no rows, so its flags are queried again
 * each time: that query finds nothing quickly.
 */
export async function readKeptFlags(db: Executor, key: PeriodKey): Promise<MissingRow[] | null> {
  const result = await db.execute<MissingRow>(selectKeptFlags(key));
  return result.rows.length > 0 ? result.rows : null;
}

/**
 * Keeps the period's flags and returns them, or null when there are none, another request is keeping
 * them (the caller then runs the query itself), or the network has no running totals.
 */
export async function buildKeptFlags(db: Db, key: PeriodKey): Promise<MissingRow[] | null> {
  return underHorizonLock(db, key.networkUuid, async (tx, horizon) => {
    // One builder at a time per period: two inserting the same agencies could wait on each other.
    const claimed = await tx.execute<{ claimed: boolean }>(sql`
      select pg_try_advisory_xact_lock(hashtext(${`period flags ${key.networkUuid} ${key.start} ${key.end}`}))
        as claimed`);
    if (!claimed.rows[0]?.claimed) return null;
    const { flags } = keptQueries(key, networkLevel(key), horizon, true);
    const built = await tx.execute<MissingRow>(insertKeptFlagsAnswering(key, flags));
    return built.rows.length > 0 ? built.rows : null;
  });
}

/**
 * Runs `build` in a transaction that holds the network's horizon row for share, with the horizon it
 * then has; null when the network has no running totals. Writers hold the row for update.
 */
function underHorizonLock<T>(
  db: Db,
  networkUuid: string,
  build: (tx: Executor, horizon: YearMonth) => Promise<T | null>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const horizon = await readHorizon(tx, networkUuid, 'share');
    return horizon ? build(tx, horizon) : null;
  });
}

/** Drops every view the network keeps (a rebuild of its rollups); the caller holds the horizon row. */
export async function dropKeptViews(tx: Executor, networkUuid: string): Promise<void> {
  for (const table of KEPT_TABLES) await tx.execute(deleteNetworkRows(table, networkUuid));
}

/**
 * Brings every view the network keeps up to date for one agency whose facts or reported months
 * changed, inside the transaction that changed them, after its rollups are refreshed (the horizon row
 * is locked for update): the agency's rows are computed again (the flags only where the period's
 * flags are kept: adding one agency's flags to a period that keeps none would make the others read as
 * complete). Every other agency's rows stay right: their running totals did not change, and a horizon
 * that moved on only carried them forward. One statement per table computes the agency's rows of
 * every kept period at once (decision 034): a network keeps at least 20 by-agency views. When the
 * writer names the `carriers` whose facts or reported months changed, only the agency's codes of those
 * carriers are computed again in the by-agency-code views (a code belongs to one carrier; decision 035).
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
  const level: Level = { kind: 'agency', agencyUuid, networkUuid };
  const kept = await tx.execute<Omit<PeriodKey, 'networkUuid'> & { view: string }>(
    selectAllKeptPeriods(networkUuid),
  );
  const keptRequests = (view: 'builds' | 'code builds' | 'flags') =>
    kept.rows
      .filter((row) => row.view === view)
      .map(({ start, end, line, composite }) =>
        keptRequest(
          { networkUuid, start, end, line, composite },
          level,
          view === 'code builds' ? 'agencyCode' : 'agency',
        ),
      );
  const byAgency = keptRequests('builds');
  if (byAgency.length > 0) {
    const spans = await readHasSpans(tx, networkUuid);
    const views = byAgency.map((request) => {
      const source = runningTotalsSource(request, horizon, spans);
      if (source.kind !== 'running-totals') throw new Error('a kept by-agency view reads running totals');
      return { request, grain: source.grain };
    });
    const totals = insertKeptTotalsOfAgency(views, horizon, spans);
    if (totals) await tx.execute(totals);
  }
  const flags = keptRequests('flags');
  if (flags.length > 0) await tx.execute(insertKeptFlagsOfAgency(flags));
  const codes = keptRequests('code builds');
  if (codes.length > 0) {
    await tx.execute(insertKeptCodeTotalsOfAgency(codes, carriers));
    await tx.execute(insertKeptCodeAgencyTotalsOfAgency(networkUuid, agencyUuid));
  }
}

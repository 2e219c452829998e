import { sql } from 'drizzle-orm';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db, Executor } from '#server/db/client.ts';
import {
  addToCarrierMonths,
  carryRunningTotalsForward,
  changedMonthsFilter,
  deleteEmptyCarrierMonths,
  PRODUCTION_CARRIER_MONTHS,
  DERIVED_TABLES,
  deleteAgencyRows,
  deleteCarrierMonths,
  deleteNetworkRows,
  insertCarrierMonths,
  deleteReportedMasks,
  insertReportedMasks,
  insertRunningTotals,
  mergeRunningTotals,
  scopeFilter,
  selectAgencyNetwork,
  selectAgencyRangeStarts,
  selectLatestFactMonth,
  selectNetworksWithoutRollups,
  upsertHorizon,
  type AgencyRange,
  type Scope,
} from './sql.ts';
import { tableIndexes, tablesAreEmpty } from '#server/db/bulk-indexes.ts';
import { lockHorizonForWrite } from './store.ts';
import { bumpDataVersion } from './answer-cache.ts';
import { requestWarmUp } from './warm-up.ts';
import {
  COMMISSION_TABLES,
  insertCommissionCarrierMonths,
  insertCommissionChanges,
} from './commission-sql.ts';

/**
 * The writers' entry point of the read model: every writer of production facts or reported months
 * writes through `changeAgencyProduction`, or calls `refreshAgencyFacts` in the transaction that
 * wrote them (or `rebuildNetwork` after a bulk load), so the rollups never disagree
 * with the facts (decisions 004, 009, 035), and the network's data version moves with them, so no
 * server process serves an answer it kept from before (decision 075).
 */

/** A carrier x month whose facts changed (month as YYYY-MM-01). */
export type ChangedMonth = { carrierUuid: string; month: string };

async function latestFactMonth(db: Executor, scope: Scope): Promise<YearMonth | null> {
  const result = await db.execute<{ month: YearMonth | null }>(selectLatestFactMonth(scope));
  return result.rows[0]?.month ?? null;
}

const RUNNING_TOTALS = 'production_agency_running_totals';

/** How many agencies' running totals a rebuild computes in one statement. */
const RUNNING_TOTALS_AGENCIES = 250;

/** The network's agencies in ranges of `size`, which together hold all its rows. */
async function agencyRanges(tx: Executor, networkUuid: string, size: number): Promise<AgencyRange[]> {
  const starts = await tx.execute<{ uuid: string }>(selectAgencyRangeStarts(networkUuid, size));
  const bounds = [null, ...starts.rows.map((row) => row.uuid), null];
  return bounds.slice(1).map((before, i) => ({ from: bounds[i] ?? null, before }));
}

/**
 * Rebuilds every derived row of a network from its facts (after a bulk load, or when none exist yet),
 * the running totals `agenciesPerStatement` agencies at a time (the default but in tests).
 */
export async function rebuildNetwork(
  db: Db,
  networkUuid: string,
  { agenciesPerStatement = RUNNING_TOTALS_AGENCIES } = {},
): Promise<void> {
  const scope = { networkUuid };
  await db.transaction(async (tx) => {
    await lockHorizonForWrite(tx, networkUuid);
    // The network's cached answers are outdated once this commits (decisions 075, 078).
    await bumpDataVersion(tx, networkUuid, null);
    // A network's running totals are computed at once (tens of thousands of keys x months): enough
    // memory for their hash aggregates and sorts not to spill to disk (decision 037).
    await tx.execute(sql`set local work_mem = '64MB'`);
    for (const table of [...DERIVED_TABLES, ...COMMISSION_TABLES]) {
      await tx.execute(deleteNetworkRows(table, networkUuid));
    }
    await tx.execute(insertCommissionCarrierMonths(scopeFilter('f', scope)));
    await tx.execute(insertCommissionChanges(scope));
    await tx.execute(insertCarrierMonths(scopeFilter('f', scope)));
    await tx.execute(insertReportedMasks(scope));
    const horizon = await latestFactMonth(tx, scope);
    if (horizon === null) return;
    // The running totals of the only network that has any (a first build, a fresh benchmark database)
    // are written without their indexes, which are built after them: a third of the build's time
    // went to keeping them row by row (decision 077). Beside other networks' rows they stay.
    const indexes = (await tablesAreEmpty(tx, [RUNNING_TOTALS]))
      ? await tableIndexes(tx, [RUNNING_TOTALS])
      : null;
    for (const statement of indexes?.drop ?? []) await tx.execute(sql.raw(statement));
    // Part by part: at once, 10,000 agencies' running totals spilled over 30 GB of sorts to disk at
    // the same time; a part spills only its own (decision 085).
    for (const agencies of await agencyRanges(tx, networkUuid, agenciesPerStatement)) {
      await tx.execute(insertRunningTotals({ networkUuid, agencies }, horizon));
    }
    if (indexes) await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    for (const statement of indexes?.build ?? []) await tx.execute(sql.raw(statement));
    await tx.execute(upsertHorizon(networkUuid, horizon));
  });
  // Every answer kept from before the rebuild is computed again whole: the presets' are, ahead.
  requestWarmUp(networkUuid);
}

/**
 * Brings the read model up to date after one agency's facts or reported months changed, inside the
 * caller's transaction: the network's carrier-months (production and commission) of the carriers and
 * months that changed (summed again from every agency's facts of them), the agency's running totals,
 * reported months and commission statement changes, and the views the network keeps. When the agency
 * now has a later month than the network's horizon, every other agency's running totals are carried
 * forward to it. Answers the agency's network.
 */
export async function refreshAgencyFacts(
  tx: Executor,
  agencyUuid: string,
  changed: readonly ChangedMonth[],
): Promise<string> {
  const { networkUuid, current } = await lockAgencyRollups(tx, agencyUuid);
  await refreshCarrierMonths(tx, networkUuid, changed);
  await refreshAgencyRows(tx, networkUuid, agencyUuid, changed, current, true);
  return networkUuid;
}

/**
 * Runs `write`, which changes one agency's production facts (and reported months) of the carriers and
 * months `changed` names, and no others and no commission facts, and brings the read model up to date
 * with it, as `refreshAgencyFacts` does, in the caller's transaction. The network's production
 * carrier-months of those carriers and months are kept by difference (decision 035): the agency's
 * sums of them are taken out before `write` and its new sums added after, instead of summing every
 * agency's facts of them again; the commission side is left alone. A manual entry save writes through
 * this. Answers what `write` answers.
 */
export async function changeAgencyProduction<T>(
  tx: Executor,
  agencyUuid: string,
  changed: readonly ChangedMonth[],
  write: () => Promise<T>,
): Promise<T> {
  const { networkUuid, current } = await lockAgencyRollups(tx, agencyUuid);
  const table = PRODUCTION_CARRIER_MONTHS;
  const months = changed.length > 0 ? changedMonthsFilter(changed) : null;
  if (months) {
    await tx.execute(addToCarrierMonths(table, sql`f.agency_uuid = ${agencyUuid}::uuid and ${months}`, -1));
  }
  const written = await write();
  if (months) {
    await tx.execute(addToCarrierMonths(table, sql`f.agency_uuid = ${agencyUuid}::uuid and ${months}`, 1));
    await tx.execute(
      deleteEmptyCarrierMonths(table, sql`f.network_uuid = ${networkUuid}::uuid and ${months}`),
    );
  }
  await refreshAgencyRows(tx, networkUuid, agencyUuid, changed, current, false);
  return written;
}

/** Locks the rollups of the agency's network for a writer; answers the network and its horizon. */
async function lockAgencyRollups(
  tx: Executor,
  agencyUuid: string,
): Promise<{ networkUuid: string; current: YearMonth | null }> {
  const found = await tx.execute<{ network_uuid: string }>(selectAgencyNetwork(agencyUuid));
  const networkUuid = found.rows[0]?.network_uuid;
  if (!networkUuid) throw new Error(`Unknown agency ${agencyUuid}`);
  return { networkUuid, current: await lockHorizonForWrite(tx, networkUuid) };
}

/**
 * The agency's own rows of the read model after its facts changed (every row but the network's
 * carrier-months): commission statement changes (when its commission facts may have changed),
 * running totals (carrying every other agency's forward when the horizon moves on) and reported
 * months.
 */
async function refreshAgencyRows(
  tx: Executor,
  networkUuid: string,
  agencyUuid: string,
  changed: readonly ChangedMonth[],
  current: YearMonth | null,
  commission: boolean,
): Promise<void> {
  const agency = { agencyUuid };
  if (commission) {
    await tx.execute(deleteAgencyRows('commission_reported_changes', agencyUuid));
    await tx.execute(insertCommissionChanges(agency));
  }

  const latest = await latestFactMonth(tx, agency);
  const horizon =
    [current, latest]
      .filter((m): m is YearMonth => m !== null)
      .sort()
      .at(-1) ?? null;
  if (current !== null && horizon !== null && horizon > current) {
    await tx.execute(carryRunningTotalsForward(networkUuid, agencyUuid, current, horizon));
  }
  // Named carrier-months: only those carriers' reported months can have changed.
  const carriers = changed.length > 0 ? [...new Set(changed.map((c) => c.carrierUuid))].sort() : null;
  await tx.execute(deleteReportedMasks(agencyUuid, carriers));
  await tx.execute(insertReportedMasks(agency, carriers));
  if (horizon !== null) {
    await tx.execute(mergeRunningTotals(agencyUuid, horizon, firstChangedMonth(changed, current)));
    if (horizon !== current) await tx.execute(upsertHorizon(networkUuid, horizon));
  } else {
    await tx.execute(deleteAgencyRows('production_agency_running_totals', agencyUuid));
  }
  // The network's cached answers (answer-cache.ts) are outdated once this commits, this agency's part
  // of them (decisions 075, 078).
  await bumpDataVersion(tx, networkUuid, agencyUuid);
}

/**
 * The first month whose facts changed, from which the agency's running totals are computed again (the
 * earlier ones, and the running totals of the month before it, stay right); null (every month) when
 * the writer did not name its months, or when the agency has no running totals of the month before
 * (it lies after the network's previous horizon).
 */
function firstChangedMonth(
  changed: readonly ChangedMonth[],
  previousHorizon: YearMonth | null,
): YearMonth | null {
  if (changed.length === 0 || previousHorizon === null) return null;
  const first = changed.map((c) => c.month.slice(0, 7) as YearMonth).sort()[0]!;
  return addMonths(first, -1) <= previousHorizon ? first : null;
}

/** The network's carrier-months (production and commission) of the carriers and months that changed. */
async function refreshCarrierMonths(
  tx: Executor,
  networkUuid: string,
  changed: readonly ChangedMonth[],
): Promise<void> {
  if (changed.length === 0) return;
  const changedMonths = sql`f.network_uuid = ${networkUuid}::uuid and ${changedMonthsFilter(changed)}`;
  await tx.execute(deleteCarrierMonths('production_carrier_months', changedMonths));
  await tx.execute(insertCarrierMonths(changedMonths));
  await tx.execute(deleteCarrierMonths('commission_carrier_months', changedMonths));
  await tx.execute(insertCommissionCarrierMonths(changedMonths));
}

/**
 * `refreshAgencyFacts` for a change that touched many agencies of one network at once (an upload):
 * the network's carrier-months of the changed carriers and months are rebuilt once for them all,
 * not once per agency (each rebuild reads every agency's facts of those months), then each agency's
 * own rows as `refreshAgencyFacts` does.
 */
export async function refreshAgenciesFacts(
  tx: Executor,
  networkUuid: string,
  agencyUuids: readonly string[],
  changed: readonly ChangedMonth[],
): Promise<void> {
  if (agencyUuids.length === 0) return;
  // The same lock, taken first, as each agency's refresh takes.
  await lockHorizonForWrite(tx, networkUuid);
  await refreshCarrierMonths(tx, networkUuid, changed);
  for (const agencyUuid of agencyUuids) await refreshAgencyFacts(tx, agencyUuid, []);
}

/**
 * Builds the read model of every network that has facts but none yet (a database loaded before it
 * existed), or one of an older format. Runs at start; a no-op query otherwise.
 */
export async function ensureReadModel(db: Db, log: (message: string) => void): Promise<void> {
  const missing = await db.execute<{ uuid: string; name: string }>(selectNetworksWithoutRollups());
  for (const network of missing.rows) {
    log(`Building the production rollups of ${network.name}...`);
    await rebuildNetwork(db, network.uuid);
  }
  if (missing.rows.length > 0) {
    // A rebuild leaves the old rows dead; reports scan the fresh ones only after a vacuum.
    await db.execute(sql`vacuum analyze production_agency_running_totals`);
  }
  await analyzeUnanalyzedTables(db);
}

/**
 * Gives statistics to every table that holds rows but was never analyzed (decision 024). PGlite runs
 * no autovacuum: without this, the facts of a database filled by the demo data or an import keep
 * no statistics, the planner takes each agency's facts for one row, and an agency's reports read
 * them through nested loops. On PostgreSQL autovacuum has usually done it already; then this finds
 * nothing.
 */
async function analyzeUnanalyzedTables(db: Db): Promise<void> {
  const tables = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and pg_relation_size(c.oid) > 0
      and not exists (select 1 from pg_stats s where s.schemaname = n.nspname and s.tablename = c.relname)
    order by c.relname`);
  for (const table of tables.rows) {
    await db.execute(sql`analyze ${sql.identifier(table.name)}`);
  }
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ProductionFigures } from '#shared/contracts/production.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import { firstDayOfMonth } from '#shared/domain/timeframe.ts';

/**
 * The period totals a network keeps (schema/rollups.ts `production_period_totals`, decision 009): its
 * by-agency report as users open it, for one period and line, and the same view's incomplete-data
 * flags, computed once from the running totals and the reported months and read back as finished
 * rows. A writer of one agency's facts refreshes that agency's rows (`refreshPeriodTotals`) in its
 * transaction, holding the network's horizon row for update; a build holds it for share, so a build
 * never stores figures that a concurrent write has outdated. A rebuild drops them all.
 */
type Executor = Pick<Db, 'execute'>;

/** The figure columns of a report's figure query, and the field of each in `ProductionFigures`. */
export const FIGURE_COLUMNS = {
  written_premium: 'writtenPremium',
  prior_written_premium: 'priorWrittenPremium',
  new_written_premium: 'newWrittenPremium',
  prior_new_written_premium: 'priorNewWrittenPremium',
  earned: 'earned',
  prior_earned: 'priorEarned',
  incurred: 'incurred',
  prior_incurred: 'priorIncurred',
} as const satisfies Record<string, keyof ProductionFigures>;

/** A row of a report's figure query: sums as exact decimal text (null: not reported). */
export type FigureRow = { group_uuid: string; line_code: string | null } & Record<
  keyof typeof FIGURE_COLUMNS,
  string | null
>;

/** An agency the network keeps for a period: its figures per line code. */
export type KeptAgency = { group_uuid: string; lines: Record<string, ProductionFigures> };

/** A group's incomplete-data flags, as the report's flags query answers them. */
export type MissingRow = { group_uuid: string; missing_current: boolean; missing_prior: boolean };

/** A period and line (a broad line, or 'P&C') a network may keep. */
export type PeriodKey = { networkUuid: string; start: YearMonth; end: YearMonth; line: string };

/** A kept view's figure query over the running totals up to a horizon, and its flags query. */
export type KeptViewQueries = { figures: (horizon: YearMonth) => SQL; flags: SQL };

export const monthLiteral = (month: YearMonth) => sql.raw(`'${firstDayOfMonth(month)}'::date`);

const keyOf = (alias: string, key: PeriodKey) => {
  const a = sql.raw(alias);
  return sql`${a}.network_uuid = ${key.networkUuid}::uuid and ${a}.start_month = ${monthLiteral(key.start)}
    and ${a}.end_month = ${monthLiteral(key.end)} and ${a}.line_code = ${key.line}`;
};

type StoredRow = { group_uuid: string | null; lines: string };

// `lines` is read as text and parsed here, the same way on both drivers. Its numbers are the sums'
// exact decimal text, which JSON.parse reads as Number() reads the figure query's text.
const kept = (rows: StoredRow[]): KeptAgency[] =>
  rows.map((row) => ({
    group_uuid: row.group_uuid!,
    lines: JSON.parse(row.lines) as Record<string, ProductionFigures>,
  }));

const lineFigures = sql.raw(
  `json_build_object(${Object.entries(FIGURE_COLUMNS)
    .map(([column, field]) => `'${field}', f.${column}`)
    .join(', ')})`,
);

/** Keeps the agencies of `figures` (a report's figure query, numeric sums) for the period and line. */
const insertTotals = (key: PeriodKey, figures: SQL) => sql`
  insert into production_period_totals (network_uuid, start_month, end_month, line_code, agency_uuid, lines)
  select ${key.networkUuid}::uuid, ${monthLiteral(key.start)}, ${monthLiteral(key.end)}, ${key.line},
    f.group_uuid, json_object_agg(f.line_code, ${lineFigures})
  from (${figures}) f
  where f.line_code is not null
  group by f.group_uuid`;

/** Keeps the flags of `flags` (a report's flags query) for the period. */
const insertFlags = (key: PeriodKey, flags: SQL) => sql`
  insert into production_period_flags (network_uuid, start_month, end_month, agency_uuid, missing_current,
    missing_prior)
  select ${key.networkUuid}::uuid, ${monthLiteral(key.start)}, ${monthLiteral(key.end)}, m.group_uuid,
    m.missing_current, m.missing_prior
  from (${flags}) m`;

/**
 * The agencies the network keeps for the period, or null when it keeps none (not built, or dropped
 * by a rebuild). One statement, so the build marker and the rows come from one snapshot.
 */
export async function readPeriodTotals(db: Executor, key: PeriodKey): Promise<KeptAgency[] | null> {
  const result = await db.execute<StoredRow>(sql`
    select t.agency_uuid as group_uuid, t.lines::text as lines
    from production_period_builds b
    left join production_period_totals t on ${keyOf('t', key)}
    where ${keyOf('b', key)}`);
  if (result.rows.length === 0) return null;
  return result.rows[0]!.group_uuid === null ? [] : kept(result.rows); // built, and empty
}

/**
 * Builds the period's agencies from `figures(horizon)` (the report's figure query over the running
 * totals up to the network's horizon: numeric sums per agency and line code, the chosen line's code
 * for the agency's total) and returns them, or null when another request built them first or the
 * network has no running totals. Periods that no longer come back are dropped on the way: only whole
 * years and periods ending at the latest reporting month (YTD and the rolling presets) are kept, so
 * the presets of an earlier latest month go.
 */
export async function buildPeriodTotals(
  db: Db,
  key: PeriodKey,
  latestReportingMonth: YearMonth,
  figures: (horizon: YearMonth) => SQL,
): Promise<KeptAgency[] | null> {
  return underHorizonLock(db, key.networkUuid, async (tx, horizon) => {
    const unused = await tx.execute<{ start_month: string; end_month: string; line_code: string }>(sql`
      delete from production_period_builds
      where network_uuid = ${key.networkUuid}::uuid and end_month <> ${monthLiteral(latestReportingMonth)}
        and not (extract(month from start_month) = 1 and end_month = (start_month + interval '11 months')::date)
      returning start_month::text, end_month::text, line_code`);
    for (const old of unused.rows) {
      const period = sql`network_uuid = ${key.networkUuid}::uuid and start_month = ${old.start_month}::date
        and end_month = ${old.end_month}::date`;
      await tx.execute(
        sql`delete from production_period_totals where ${period} and line_code = ${old.line_code}`,
      );
      await tx.execute(sql`delete from production_period_flags where ${period}`);
    }
    const claimed = await tx.execute(sql`
      insert into production_period_builds (network_uuid, start_month, end_month, line_code)
      values (${key.networkUuid}::uuid, ${monthLiteral(key.start)}, ${monthLiteral(key.end)}, ${key.line})
      on conflict do nothing returning network_uuid`);
    if (claimed.rows.length === 0) return null;
    const built = await tx.execute<StoredRow>(
      sql`${insertTotals(key, figures(horizon))} returning agency_uuid as group_uuid, lines::text as lines`,
    );
    return kept(built.rows);
  });
}

/**
 * The incomplete-data flags the network keeps for the period (any line), or null when it keeps none.
 * A period none of whose agencies has a reported month keeps no rows, so its flags are queried again
 * each time: that query finds nothing quickly.
 */
export async function readPeriodFlags(db: Executor, key: PeriodKey): Promise<MissingRow[] | null> {
  const result = await db.execute<MissingRow>(sql`
    select f.agency_uuid as group_uuid, f.missing_current, f.missing_prior
    from production_period_flags f
    where f.network_uuid = ${key.networkUuid}::uuid and f.start_month = ${monthLiteral(key.start)}
      and f.end_month = ${monthLiteral(key.end)}`);
  return result.rows.length > 0 ? result.rows : null;
}

/**
 * Keeps the period's flags from `flags` (the report's flags query) and returns them, or null when
 * there are none, another request is keeping them (the caller then runs the query itself), or the
 * network has no running totals.
 */
export async function buildPeriodFlags(db: Db, key: PeriodKey, flags: SQL): Promise<MissingRow[] | null> {
  return underHorizonLock(db, key.networkUuid, async (tx) => {
    // One builder at a time per period: two inserting the same agencies could wait on each other.
    const claimed = await tx.execute<{ claimed: boolean }>(sql`
      select pg_try_advisory_xact_lock(hashtext(${`period flags ${key.networkUuid} ${key.start} ${key.end}`}))
        as claimed`);
    if (!claimed.rows[0]?.claimed) return null;
    const built = await tx.execute<MissingRow>(sql`${insertFlags(key, flags)}
      on conflict do nothing returning agency_uuid as group_uuid, missing_current, missing_prior`);
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
    const locked = await tx.execute<{ horizon: YearMonth }>(sql`
      select to_char(horizon, 'YYYY-MM') as horizon from production_rollup_horizons
      where network_uuid = ${networkUuid}::uuid for share`);
    const horizon = locked.rows[0]?.horizon;
    return horizon ? build(tx, horizon) : null;
  });
}

/**
 * Locks the network's horizon row for update, inside a transaction that changes its running totals
 * or reported months: a build under way finishes before the change, or starts after it.
 */
export async function lockPeriodTotals(tx: Executor, networkUuid: string): Promise<void> {
  await tx.execute(
    sql`select 1 from production_rollup_horizons where network_uuid = ${networkUuid}::uuid for update`,
  );
}

/** Drops every period the network keeps (a rebuild of its rollups), under the same lock. */
export async function dropPeriodTotals(tx: Executor, networkUuid: string): Promise<void> {
  await lockPeriodTotals(tx, networkUuid);
  for (const table of ['production_period_totals', 'production_period_builds', 'production_period_flags']) {
    await tx.execute(sql`delete from ${sql.raw(table)} where network_uuid = ${networkUuid}::uuid`);
  }
}

/**
 * Brings every period the network keeps up to date for one agency whose facts or reported months
 * changed, inside the transaction that changed them, after its rollups are refreshed (the horizon row
 * is locked for update): the agency's rows are computed again by the queries of `queriesOf(key)`,
 * limited to the agency (the flags only where the period's flags are kept). Every other agency's rows
 * stay right: their running totals did not change, and a horizon that moved on only carried them
 * forward.
 */
export async function refreshPeriodTotals(
  tx: Executor,
  networkUuid: string,
  agencyUuid: string,
  queriesOf: (key: PeriodKey) => KeptViewQueries,
): Promise<void> {
  const agency = sql`agency_uuid = ${agencyUuid}::uuid and network_uuid = ${networkUuid}::uuid`;
  await tx.execute(sql`delete from production_period_totals where ${agency}`);
  await tx.execute(sql`delete from production_period_flags where ${agency}`);
  const found = await tx.execute<{ horizon: YearMonth }>(sql`
    select to_char(horizon, 'YYYY-MM') as horizon from production_rollup_horizons
    where network_uuid = ${networkUuid}::uuid`);
  const horizon = found.rows[0]?.horizon;
  if (!horizon) return;
  type Kept = { start: YearMonth; end: YearMonth; line: string };
  const keptPeriods = async (table: string, line: string) =>
    (
      await tx.execute<Kept>(sql`
        select distinct to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end,
          ${sql.raw(line)} as line
        from ${sql.raw(table)} where network_uuid = ${networkUuid}::uuid`)
    ).rows.map((row): PeriodKey => ({ networkUuid, ...row }));
  for (const key of await keptPeriods('production_period_builds', 'line_code')) {
    await tx.execute(insertTotals(key, queriesOf(key).figures(horizon)));
  }
  // Only periods whose flags are kept: adding one agency's flags to a period that keeps none would
  // make the others read as complete. Flags do not depend on the line.
  for (const key of await keptPeriods('production_period_flags', "'P&C'")) {
    await tx.execute(insertFlags(key, queriesOf(key).flags));
  }
}

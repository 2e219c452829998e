import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { UPLOAD_EXPIRY_DAYS } from '#shared/contracts/import.ts';
import { AppError } from '#server/errors.ts';

/**
 * The typed rows of a staged file live in a table of their own, one per upload (decision 037):
 * UNLOGGED (decision 025), without a key or an index, filled by COPY, read whole by the preview and
 * the commit, and dropped by the commit. Its rows carry no import id (a million uuids to parse per
 * file), it needs no index to be found, and a commit drops it at once instead of deleting a million
 * rows. Amounts are whole cents (bigint): summed exactly and several times faster than numeric.
 * A crash empties an unlogged table: the preview and the commit compare its rows with the import's
 * `row_count` and ask for the file to be read again rather than load fewer rows.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The staged rows table's name for an upload (its id without dashes: nothing else ever goes in). */
function tableName(importUuid: string): string {
  if (!UUID.test(importUuid)) throw new Error(`Not an upload id: ${importUuid}`);
  return `import_rows_${importUuid.replaceAll('-', '')}`;
}

/** The staged rows of an upload, as a table to read in SQL. */
export function stagedRows(importUuid: string): SQL {
  return sql`${sql.identifier(tableName(importUuid))}`;
}

/** The staged amounts, each as whole cents. */
export const STAGED_AMOUNTS = [
  'written_premium',
  'new_written_premium',
  'earned',
  'incurred',
  'base_commission',
  'additional_commission',
] as const;

const COLUMNS = `row_number, agency_code, carrier, line, month, ${STAGED_AMOUNTS.map((a) => `${a}_cents`).join(', ')}`;

/** The `copyFrom` target of an upload's staged rows: CSV lines of `COLUMNS`, in this order. */
export function stagedRowsCopy(importUuid: string): string {
  return `${tableName(importUuid)} (${COLUMNS}) with (format csv)`;
}

/** An upload's staged rows table, created empty (what it held before is dropped). */
export async function createStagedRows(db: Executor, importUuid: string): Promise<void> {
  const table = stagedRows(importUuid);
  await db.execute(sql`drop table if exists ${table}`);
  await db.execute(sql`create unlogged table ${table} (row_number int not null, agency_code text,
    carrier text, line text, month date, ${sql.raw(STAGED_AMOUNTS.map((a) => `${a}_cents bigint`).join(', '))})`);
}

/** Drops an upload's staged rows (once loaded, the import record keeps the counts and totals). */
export async function dropStagedRows(db: Executor, importUuid: string): Promise<void> {
  await db.execute(sql`drop table if exists ${stagedRows(importUuid)}`);
}

/** Whether an upload has its staged rows table (it may be empty, after a crash). */
export async function hasStagedRows(db: Executor, importUuid: string): Promise<boolean> {
  const found = await db.execute<{ found: boolean }>(
    sql`select to_regclass(${tableName(importUuid)}) is not null as found`,
  );
  return found.rows[0]!.found;
}

/**
 * Refuses, as the preview and the commit do when the staged rows are fewer than the file's, an
 * upload whose staged rows table is gone (dropped by hand, or by migration 0023, which replaced the
 * shared `import_rows` table).
 */
export async function assertStagedRows(db: Executor, importUuid: string): Promise<void> {
  if (!(await hasStagedRows(db, importUuid))) throw stagedRowsLost();
}

export function stagedRowsLost(): AppError {
  // The staging tables are unlogged (decision 025): a restart of the database empties them.
  return new AppError(
    'conflict',
    'The rows read from this file are no longer on the server: map its columns again to read it again.',
  );
}

/** A staged amount read back in dollars, exact (whole cents times 0.01 is a numeric of scale 2). */
export function stagedDollars(alias: string, amount: (typeof STAGED_AMOUNTS)[number]): SQL {
  return sql.raw(`${alias}.${amount}_cents * 0.01`);
}

/** Why an upload that is not staged any more cannot be read, previewed or committed. */
export function notStagedError(
  status: 'staged' | 'committed' | 'undone' | 'discarded' | 'expired',
): AppError {
  if (status === 'discarded')
    return new AppError('conflict', 'This upload was discarded: upload the file again.');
  if (status === 'expired') {
    return new AppError(
      'conflict',
      `This upload expired (an upload not loaded within ${UPLOAD_EXPIRY_DAYS} days expires): upload the file again.`,
    );
  }
  return new AppError('conflict', 'This upload was already loaded.');
}

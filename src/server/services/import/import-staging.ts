import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import {
  AMOUNT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  columnIndex,
  columnKeys,
  headerFingerprint,
  normaliseName,
  suggestAmounts,
  suggestColumns,
  type ColumnMapping,
  type ImportAmounts,
  type ImportField,
  type ImportKind,
} from '#shared/domain/import-matching.ts';
import {
  dateOrderHint,
  decimalHint,
  monthStart,
  parseAmount,
  parseMonth,
  quickAmount,
  type DateOrder,
  type DecimalSeparator,
  type Parsed,
} from '#shared/domain/import-values.ts';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db } from '#server/db/client.ts';
import { copyFrom } from '#server/db/copy-from.ts';
import { importProfiles, importRowErrors, imports } from '#server/db/schema/imports.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { ImportScope } from './import-access.ts';
import { openTable, type ReadOptions, type TableRow } from './read-table.ts';
import { createStagedRows, notStagedError, stagedRowsCopy } from './staged-rows.ts';
import { CopyBuffer } from './copy-buffer.ts';

export type ImportRecord = typeof imports.$inferSelect;

/** Rows are written to the staging table in batches of this many. */
const BATCH_ROWS = 5000;

/** Where staged files are kept between upload and commit. */
export function importFilePath(storageDir: string, importUuid: string): string {
  return path.join(storageDir, 'imports', importUuid);
}

/** A loaded upload's file is no longer needed (its record keeps the name, hash and totals). */
export async function discardStoredFile(storageDir: string, importUuid: string): Promise<void> {
  await rm(importFilePath(storageDir, importUuid), { force: true });
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export type StageFileInput = {
  kind: ImportKind;
  carrierUuid: string | null;
  /** The last month the file covers, 'YYYY-MM-01'. */
  coversThrough: string;
  fileName: string;
  /** The uploaded file on disk (copied into the import store). */
  filePath: string;
  sheet?: string;
  storageDir: string;
  /** The latest month a file may cover, 'YYYY-MM-01' (the current month). */
  notAfter?: string;
};

/** The earliest month the product holds figures for: a row dated before it is a misread. */
export const EARLIEST_MONTH = '2000-01-01';

/** How far before the data already held (or the month the file covers) a row's month may go. */
export const PLAUSIBLE_YEARS_BACK = 5;

/**
 * The months a file's rows may be dated (decision 049): through the month the file covers (never
 * after the current month), from five years before the earlier of that month and the first month
 * already reported for the carrier (every carrier, for a file naming its carriers row by row) in
 * the upload's scope (the agency's, else the network's), and never before 2000-01. `why` says
 * where the first month comes from, for the row errors.
 */
export type MonthRange = { from: string; through: string; why: string };

export async function plausibleMonths(
  db: Db,
  record: Pick<ImportRecord, 'networkUuid' | 'agencyUuid' | 'carrierUuid' | 'coversThrough'>,
): Promise<MonthRange> {
  const found = await db.execute<{ first: string | null }>(sql`
    select min(month)::text as first from carrier_reported_months
    where network_uuid = ${record.networkUuid}::uuid
      ${record.agencyUuid ? sql`and agency_uuid = ${record.agencyUuid}::uuid` : sql``}
      ${record.carrierUuid ? sql`and carrier_uuid = ${record.carrierUuid}::uuid` : sql``}`);
  const first = found.rows[0]?.first ?? null;
  const held = first !== null && first < record.coversThrough;
  const base = (held ? first : record.coversThrough).slice(0, 7) as YearMonth;
  const back = `${addMonths(base, -12 * PLAUSIBLE_YEARS_BACK)}-01`;
  const whose = record.carrierUuid ? "the carrier's" : "any carrier's";
  const from = back < EARLIEST_MONTH ? EARLIEST_MONTH : back;
  const why =
    from === EARLIEST_MONTH
      ? `figures are kept from ${EARLIEST_MONTH.slice(0, 7)}`
      : held
        ? `${PLAUSIBLE_YEARS_BACK} years before ${whose} first reported month, ${base}`
        : `${PLAUSIBLE_YEARS_BACK} years before the month the file covers`;
  return { from, through: record.coversThrough, why };
}

/**
 * Step 1 of an upload: keeps the file, detects its layout (encoding, delimiter, sheet, header row)
 * and records the import as 'staged'. Nothing is written to the facts.
 */
export async function stageFile(db: Db, actor: Actor, scope: ImportScope, input: StageFileInput) {
  if (input.carrierUuid) {
    const found = await db.execute(sql`select 1 from carriers where uuid = ${input.carrierUuid}::uuid`);
    if (found.rows.length === 0) {
      throw new AppError('bad_request', 'Choose a carrier from the list.', {
        carrierUuid: 'Choose a carrier from the list.',
      });
    }
  }
  if (input.notAfter !== undefined && input.coversThrough > input.notAfter) {
    const why = `A file cannot cover a month after the current one (${input.notAfter.slice(0, 7)}).`;
    throw new AppError('bad_request', why, { coversThrough: why });
  }
  if (input.coversThrough < EARLIEST_MONTH) {
    const why = `A file cannot cover a month before ${EARLIEST_MONTH.slice(0, 7)}.`;
    throw new AppError('bad_request', why, { coversThrough: why });
  }
  const table = await openTable(input.filePath, input.sheet === undefined ? {} : { sheet: input.sheet });
  await table.rows.return(undefined);
  const [{ size }, fileHash] = await Promise.all([stat(input.filePath), sha256(input.filePath)]);
  const fingerprint = headerFingerprint(table.header);
  const [record] = await db
    .insert(imports)
    .values({
      networkUuid: scope.networkUuid,
      agencyUuid: scope.agencyUuid,
      kind: input.kind,
      fileName: input.fileName,
      fileHash,
      fileSize: size,
      carrierUuid: input.carrierUuid,
      coversThrough: input.coversThrough,
      detected: {
        format: table.format,
        encoding: table.encoding,
        delimiter: table.delimiter,
        sheet: table.sheet,
        headerRowNumber: table.headerRowNumber,
      },
      header: table.header,
      headerFingerprint: fingerprint,
      createdBy: actor.userId,
    })
    .returning();
  const stored = importFilePath(input.storageDir, record!.uuid);
  await mkdir(path.dirname(stored), { recursive: true });
  await copyFile(input.filePath, stored);
  return record!;
}

/** The columns to propose for a staged file: its network's profile for this header, else suggestions. */
export async function proposedColumns(db: Db, record: ImportRecord) {
  const [profile] = await db
    .select()
    .from(importProfiles)
    .where(
      and(
        eq(importProfiles.networkUuid, record.networkUuid),
        eq(importProfiles.kind, record.kind),
        eq(importProfiles.headerFingerprint, record.headerFingerprint),
      ),
    );
  if (profile) {
    // A column the profile names by its position is proposed only where this file has it too.
    const keys = new Set(columnKeys(record.header));
    const columns = Object.fromEntries(
      Object.entries(profile.columns as ColumnMapping).filter(([, key]) => keys.has(key)),
    ) as ColumnMapping;
    return { profileName: profile.name, columns, amounts: profile.amounts };
  }
  return {
    profileName: null,
    columns: suggestColumns(record.kind, record.header),
    amounts: suggestAmounts(record.header),
  };
}

/** Why a column mapping cannot be used, per field; empty when it can. */
export function columnIssues(
  record: Pick<ImportRecord, 'kind' | 'header' | 'carrierUuid'>,
  columns: ColumnMapping,
  oneMonth = false,
) {
  const issues: Record<string, string> = {};
  const allowed = new Set<string>(IMPORT_FIELDS[record.kind]);
  const used = new Map<string, string>();
  const keys = new Set(columnKeys(record.header));
  for (const [field, column] of Object.entries(columns)) {
    if (!allowed.has(field)) {
      issues[field] = `A ${record.kind} file has no field "${field}".`;
      continue;
    }
    if (!keys.has(column)) issues[field] = `The file has no column "${column}".`;
    const other = used.get(column);
    if (other)
      issues[field] =
        `The column "${column}" is already mapped to ${IMPORT_FIELD_LABELS[other as ImportField]}.`;
    used.set(column, field);
  }
  const need = (field: ImportField, why: string) => {
    if (columns[field] === undefined) issues[field] = why;
  };
  need('agencyCode', 'Choose the column that holds the agency code.');
  if (oneMonth && columns.month !== undefined) {
    issues.month =
      'A file of one month has no Month column: clear the Month, or say the rows carry their months.';
  } else if (!oneMonth) {
    need('month', 'Choose the column that holds the month, or say that the whole file is one month.');
  }
  need('lineOfBusiness', 'Choose the column that holds the policy type.');
  if (record.carrierUuid === null)
    need('carrier', 'Choose the column that holds the carrier, or choose the carrier of the file.');
  const amounts = IMPORT_FIELDS[record.kind].filter((f) => AMOUNT_FIELDS.includes(f));
  if (!amounts.some((f) => columns[f] !== undefined))
    issues.amounts = 'Choose at least one column of amounts.';
  return issues;
}

/** Where a field goes among the staged rows' columns after row_number (`stagedRowsCopy`). */
const SLOT_OF_FIELD: Partial<Record<ImportField, number>> = {
  agencyCode: 0,
  carrier: 1,
  lineOfBusiness: 2,
  writtenPremium: 4,
  newWrittenPremium: 5,
  earned: 6,
  incurred: 7,
  baseCommission: 8,
  additionalCommission: 9,
};
const MONTH_SLOT = 3;
const SLOTS = 10;

export type ReadRowsOptions = {
  onProgress?: ReadOptions['onProgress'];
  saveProfileAs?: string | null;
  /** What the amounts are (default 'monthly'); year-to-date amounts become months when loaded. */
  amounts?: ImportAmounts;
  /** How the file writes dates and amounts; undefined: detected from the file, refused if it cannot be. */
  dateOrder?: DateOrder;
  decimalSeparator?: DecimalSeparator;
  /** The whole file is the month it covers (no Month column). */
  oneMonth?: boolean;
};

/** The date order and decimal separator a file is read with; null: each value shows its own. */
export type FileLocale = { dateOrder: DateOrder | null; decimal: DecimalSeparator | null };

/**
 * Rows left out as report furniture: a copy of the header (a report's page header), or a total
 * row ('Total', 'Grand Total', 'Subtotal', 'Agency A-100 Total') named in its agency code, carrier,
 * policy type or first cell.
 */
export type SkippedRows = { repeatedHeaders: number; totals: number };

const TOTAL_CELL = /^((grand|sub)[\s-]*)?totals?\s*:?$|\b(sub)?totals?\s*:?$/i;
const TOTAL_LEADING = /^((grand|sub)[\s-]*)?totals?\b/i;

/** Tells a file's furniture rows from its data, for a layout's header and mapped columns. */
export function furniture(
  header: readonly string[],
  columns: ColumnMapping,
): (cells: readonly string[]) => keyof SkippedRows | null {
  const normalisedHeader = header.map((h) => normaliseName(h));
  const at = (field: ImportField) => columnIndex(header, columns[field]);
  const code = at('agencyCode');
  const named = [code, at('carrier'), at('lineOfBusiness')].filter((i) => i !== -1);
  return (cells) => {
    if (
      cells.length > 0 &&
      normalisedHeader.every((h, i) => h === normaliseName(cells[i] ?? '')) &&
      cells.slice(header.length).every((c) => c.trim() === '')
    ) {
      return 'repeatedHeaders';
    }
    const first = cells.findIndex((c) => c.trim() !== '');
    for (const i of first === -1 ? named : [first, ...named]) {
      const cell = (cells[i] ?? '').trim();
      if (TOTAL_CELL.test(cell)) return 'totals';
      if ((i === code || i === first) && TOTAL_LEADING.test(cell)) return 'totals';
    }
    return null;
  };
}

/** The first row showing each reading of the file's dates and amounts, with its value. */
export type LocaleEvidence = Partial<
  Record<
    'dayFirst' | 'monthFirst' | 'ambiguousDate' | 'point' | 'comma' | 'ambiguousAmount',
    { rowNumber: number; column: string; raw: string }
  >
>;

/**
 * What a first reading of a file without a declared date order or decimal separator shows: the
 * locale to read it again with (its unambiguous values say how to read the ambiguous ones), no
 * second reading needed, or why it must be declared (values that could be read two ways and
 * nothing to tell which, or values read both ways).
 */
export function settleLocale(
  declared: FileLocale,
  evidence: LocaleEvidence,
): { again: FileLocale | null; detected: FileLocale } | { refused: string } {
  const seen = (e: { rowNumber: number; column: string; raw: string }) =>
    `"${e.raw}" (row ${e.rowNumber}, ${e.column})`;
  const problems: string[] = [];
  let dateOrder = declared.dateOrder;
  let again = false;
  if (dateOrder === null) {
    const { dayFirst, monthFirst, ambiguousDate } = evidence;
    if (dayFirst && monthFirst) {
      problems.push(
        `The file has dates written day first, such as ${seen(dayFirst)}, and month first, such as ${seen(monthFirst)}: declare its date order.`,
      );
    } else if (ambiguousDate && !dayFirst && !monthFirst) {
      problems.push(
        `Dates such as ${seen(ambiguousDate)} could be day first or month first, and no date in the file tells which: declare the file's date order.`,
      );
    } else {
      dateOrder = dayFirst ? 'day-first' : monthFirst ? 'month-first' : null;
      again ||= ambiguousDate !== undefined;
    }
  }
  let decimal = declared.decimal;
  if (decimal === null) {
    const { point, comma, ambiguousAmount } = evidence;
    if (point && comma) {
      problems.push(
        `The file has amounts written with a decimal point, such as ${seen(point)}, and with a decimal comma, such as ${seen(comma)}: declare its decimal separator.`,
      );
    } else if (ambiguousAmount && !point && !comma) {
      problems.push(
        `Amounts such as ${seen(ambiguousAmount)} could be ${readings(ambiguousAmount.raw)}, and no amount in the file tells which: declare the file's decimal separator.`,
      );
    } else {
      decimal = point ? 'point' : comma ? 'comma' : null;
      again ||= ambiguousAmount !== undefined;
    }
  }
  if (problems.length > 0) return { refused: problems.join(' ') };
  const detected = { dateOrder, decimal };
  return { again: again ? detected : null, detected };
}

/** The two readings of an ambiguous amount: '12.345' could be 12.345 (a decimal point) or 12345 (a decimal comma). */
function readings(raw: string): string {
  const number = raw.replace(/[^\d.,]/g, '');
  return `${number.replace(',', '.')} (a decimal point) or ${number.replace(/[.,]/, '')} (a decimal comma)`;
}

/**
 * A column other than the mapped ones whose every value is a date, and whose dates name a month
 * other than the one a one-month file covers: the file's rows carry their months there.
 */
function datedColumns(header: readonly string[], columns: ColumnMapping, coversThrough: string) {
  const mapped = new Set(Object.values(columns));
  const keys = columnKeys(header);
  const watched = header
    .map((name, at) => ({
      name: keys[at]!,
      at,
      dated: name.trim() !== '',
      other: null as null | { rowNumber: number; raw: string },
    }))
    .filter((c) => c.dated && !mapped.has(c.name));
  const DATE_SHAPE =
    /^(\d{4}[-/.]\d{1,2}([-/.]\d{1,2})?|\d{1,2}[-/.]\d{1,2}[-/.](\d{4}|\d{2})|\d{1,2}[-/]\d{4}|[a-z]{3,9}\.?[\s,'-]*(\d{4}|\d{2}))([ T].*)?$/i;
  return {
    see(row: TableRow) {
      for (const c of watched) {
        if (!c.dated) continue;
        const raw = (row.cells[c.at] ?? '').trim();
        if (raw === '') continue;
        if (!DATE_SHAPE.test(raw)) {
          c.dated = false;
          continue;
        }
        const month = parseMonth(raw, dateOrderHint(raw) === 'day-first' ? 'day-first' : 'month-first');
        if (!month.ok) c.dated = false;
        else if (c.other === null && monthStart(month.value) !== coversThrough)
          c.other = { rowNumber: row.rowNumber, raw };
      }
    },
    found() {
      const c = watched.find((w) => w.dated && w.other !== null);
      return c ? { column: c.name, ...c.other! } : null;
    },
  };
}

/**
 * Step 2: reads the whole file as a stream with the chosen columns, typing every row into the
 * staging table, and every value that cannot be read into a row error (row, column, why); repeated
 * header rows and total rows are left out and counted. Dates and amounts are read with the declared
 * date order and decimal separator; those not declared are detected from the whole file (a second
 * reading when its first values were ambiguous), and the read is refused, asking for them, when
 * the file cannot tell. The columns are remembered as the network's profile for this header.
 * Reading again replaces the rows.
 */
export async function readRows(
  db: Db,
  actor: Actor,
  record: ImportRecord,
  columns: ColumnMapping,
  storageDir: string,
  options: ReadRowsOptions = {},
): Promise<ImportRecord> {
  if (record.status !== 'staged') throw notStagedError(record.status);
  const amounts = options.amounts ?? 'monthly';
  const oneMonth = options.oneMonth ?? false;
  const issues = columnIssues(record, columns, oneMonth);
  if (Object.keys(issues).length > 0)
    throw new AppError('bad_request', Object.values(issues).join(' '), issues);
  // Until this read completes the upload has no columns, so a half-read file is never previewed.
  await db
    .update(imports)
    .set({ columns: null, rowCount: 0, errorCount: 0 })
    .where(eq(imports.uuid, record.uuid));
  const declared: FileLocale = {
    dateOrder: options.dateOrder ?? null,
    decimal: options.decimalSeparator ?? null,
  };
  const months = await plausibleMonths(db, record);
  const pass = (locale: FileLocale) =>
    readPass(db, record, { columns, locale, months, oneMonth }, storageDir, options);
  let read = await pass(declared);
  const settled = settleLocale(declared, read.evidence);
  if ('refused' in settled) {
    throw new AppError('bad_request', settled.refused, {
      ...(settled.refused.includes('date order') ? { dateOrder: 'Declare the date order.' } : {}),
      ...(settled.refused.includes('decimal separator')
        ? { decimalSeparator: 'Declare the decimal separator.' }
        : {}),
    });
  }
  if (settled.again) read = await pass(settled.again);
  if (read.dated) {
    throw new AppError(
      'bad_request',
      `The rows carry their own dates in the column "${read.dated.column}" (row ${read.dated.rowNumber}: ${read.dated.raw}), ` +
        `but the whole file was declared one month (${record.coversThrough.slice(0, 7)}): map that column as the Month.`,
      { month: `Map "${read.dated.column}" as the Month.` },
    );
  }
  const { rowCount, errorCount, skipped } = read;
  if (rowCount === 0) throw new AppError('bad_request', 'The file has a header row but no rows under it.');

  if (options.saveProfileAs !== null) {
    const name =
      options.saveProfileAs?.trim() ||
      `${record.kind === 'production' ? 'Production' : 'Commission'} ${record.headerFingerprint.slice(3, 11)}`;
    const [named] = await db
      .select({ fingerprint: importProfiles.headerFingerprint })
      .from(importProfiles)
      .where(and(eq(importProfiles.networkUuid, record.networkUuid), eq(importProfiles.name, name)));
    if (named && named.fingerprint !== record.headerFingerprint) {
      throw new AppError(
        'conflict',
        `The network already has a profile named "${name}" for another file layout.`,
        {
          profileName: 'Choose another name.',
        },
      );
    }
    await db
      .insert(importProfiles)
      .values({
        networkUuid: record.networkUuid,
        kind: record.kind,
        name,
        headerFingerprint: record.headerFingerprint,
        columns,
        amounts,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [importProfiles.networkUuid, importProfiles.kind, importProfiles.headerFingerprint],
        set: { columns, amounts, updatedBy: actor.userId, updatedAt: new Date() },
      });
  }
  const detected = {
    ...(record.detected as Record<string, unknown>),
    dateOrder: settled.detected.dateOrder,
    decimalSeparator: settled.detected.decimal,
    oneMonth,
    skipped,
    months: { from: months.from.slice(0, 7), through: months.through.slice(0, 7) },
  };
  const [updated] = await db
    .update(imports)
    .set({ columns, amounts, rowCount, errorCount, detected })
    .where(eq(imports.uuid, record.uuid))
    .returning();
  return updated!;
}

/** One reading of a file into its staged rows and row errors, with a locale. */
async function readPass(
  db: Db,
  record: ImportRecord,
  how: { columns: ColumnMapping; locale: FileLocale; months: MonthRange; oneMonth: boolean },
  storageDir: string,
  options: ReadRowsOptions,
) {
  const { columns, locale, months, oneMonth } = how;
  const detected = record.detected as { sheet: string | null };
  const table = await openTable(importFilePath(storageDir, record.uuid), {
    ...(detected.sheet ? { sheet: detected.sheet } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  if (headerFingerprint(table.header) !== record.headerFingerprint) {
    throw new AppError('conflict', 'The stored file no longer matches this upload.');
  }
  await createStagedRows(db, record.uuid);
  await db.delete(importRowErrors).where(eq(importRowErrors.importUuid, record.uuid));
  const evidence: LocaleEvidence = {};
  // Each row goes straight to its line of COPY bytes: no object or string per row.
  const encode = rowEncoder({ ...record, columns, header: table.header, locale, evidence, months });
  const skip = furniture(table.header, columns);
  const dates = oneMonth ? datedColumns(table.header, columns, record.coversThrough) : null;
  const skipped: SkippedRows = { repeatedHeaders: 0, totals: 0 };
  const copy = stagedRowsCopy(record.uuid);
  const lines = new CopyBuffer();
  let batchRows = 0;
  let errors: (typeof importRowErrors.$inferInsert)[] = [];
  let rowCount = 0;
  let errorCount = 0;
  const fail = (rowNumber: number, column: string, reason: string) => {
    errorCount++;
    errors.push({ importUuid: record.uuid, rowNumber, column, reason });
  };
  const write = async (batch: Buffer, batchErrors: (typeof importRowErrors.$inferInsert)[]) => {
    // COPY on both drivers: no statement to parse per batch, no bind parameters, no JSON.
    if (batch.length > 0) await copyFrom(db, copy, batch);
    if (batchErrors.length > 0) await db.insert(importRowErrors).values(batchErrors);
  };
  // One batch is written while the next is read: the database and the parser work at once, and at
  // most two batches are in memory.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const batch = lines.take();
    const batchErrors = errors;
    batchRows = 0;
    errors = [];
    await writing;
    writing = write(batch, batchErrors);
    // Handled here so that a failure waiting for the next flush is no unhandled rejection; the
    // next flush (or the last wait below) still throws it.
    writing.catch(() => undefined);
  };
  try {
    for await (const batch of table.rows) {
      for (const row of batch) {
        const furnitureRow = skip(row.cells);
        if (furnitureRow) {
          skipped[furnitureRow]++;
          continue;
        }
        rowCount++;
        dates?.see(row);
        encode(row, lines, fail);
        if (++batchRows >= BATCH_ROWS) await flush();
      }
    }
    await flush();
  } finally {
    // A read that fails leaves no write running behind it.
    await writing.catch(() => undefined);
  }
  await writing;
  return { rowCount, errorCount, skipped, evidence, dated: dates?.found() ?? null };
}

/** A text field of a CSV COPY line: always quoted, so '' stays a text and only an absent field is NULL. */
function copyText(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** Values remembered per file (its months, codes and policy types repeat): at most this many each. */
const MEMO_LIMIT = 10_000;

/** `read(raw)` remembered for the first MEMO_LIMIT distinct raw values; memory stays bounded. */
function memoised<T>(read: (raw: string) => T): (raw: string) => T {
  const memo = new Map<string, T>();
  return (raw) => {
    let value = memo.get(raw);
    if (value === undefined) {
      value = read(raw);
      if (memo.size < MEMO_LIMIT) memo.set(raw, value);
    }
    return value;
  };
}

export type RowLayout = Pick<ImportRecord, 'kind' | 'coversThrough'> & {
  columns: ColumnMapping;
  header: readonly string[];
  /** The date order and decimal separator to read with (default: each value shows its own). */
  locale?: FileLocale;
  /** Where the first value of each reading of dates and amounts is noted, when not declared. */
  evidence?: LocaleEvidence;
  /** The months the rows may be dated (default: from 2000-01 through the month the file covers). */
  months?: MonthRange;
};

/** Reports a value that cannot be read: which row, which column, why. */
export type RowFailure = (rowNumber: number, column: string, reason: string) => void;

const COMMA = 44;
const NEWLINE = 10;

/**
 * Writes the COPY line (`stagedRowsCopy`) of each row of a file with this layout to `out`, every
 * value that cannot be read reported to `fail` and left empty; amounts in whole cents. What each
 * mapped column is (its slot in the line, amount or text, the message for a blank) is decided once
 * for the file; amounts are read by their quick path when they can be, and months, agency codes and
 * policy types, which repeat, once per distinct value.
 */
export function rowEncoder(layout: RowLayout): (row: TableRow, out: CopyBuffer, fail: RowFailure) => void {
  const { columns, header, coversThrough } = layout;
  const months = layout.months ?? {
    from: EARLIEST_MONTH,
    through: coversThrough,
    why: `figures are kept from ${EARLIEST_MONTH.slice(0, 7)}`,
  };
  const locale = layout.locale ?? { dateOrder: null, decimal: null };
  const evidence = layout.evidence ?? {};
  const note = (key: keyof LocaleEvidence, rowNumber: number, column: string, raw: string) => {
    if (evidence[key] === undefined) evidence[key] = { rowNumber, column, raw: raw.trim() };
  };
  const index = (field: ImportField) => columnIndex(header, columns[field]);
  type Slot =
    | { kind: 'none' }
    | { kind: 'text'; at: number; column: string; blank: string; quoted: (raw: string) => Buffer }
    | { kind: 'amount'; at: number; column: string }
    | {
        kind: 'month';
        at: number;
        column: string;
        read: (raw: string) => Parsed<string>;
        hint: (raw: string) => ReturnType<typeof dateOrderHint>;
      }
    | { kind: 'fixed'; value: string };
  const slots: Slot[] = Array.from({ length: SLOTS }, () => ({ kind: 'none' }));
  for (const field of IMPORT_FIELDS[layout.kind]) {
    const at = index(field);
    if (field === 'month' || at === -1) continue;
    const column = columns[field]!;
    slots[SLOT_OF_FIELD[field]!] = AMOUNT_FIELDS.includes(field)
      ? { kind: 'amount', at, column }
      : {
          kind: 'text',
          at,
          column,
          blank: `The ${IMPORT_FIELD_LABELS[field].toLowerCase()} is blank.`,
          quoted: memoised((raw) => Buffer.from(copyText(raw), 'utf8')),
        };
  }
  const monthAt = index('month');
  slots[MONTH_SLOT] =
    monthAt === -1
      ? { kind: 'fixed', value: coversThrough }
      : {
          kind: 'month',
          at: monthAt,
          column: columns.month!,
          read: memoised((raw): Parsed<string> => {
            const month = parseMonth(raw, locale.dateOrder);
            if (!month.ok) return month;
            const start = monthStart(month.value);
            const range = `rows may be dated ${months.from.slice(0, 7)} to ${months.through.slice(0, 7)}`;
            if (start > months.through) {
              return {
                ok: false,
                reason: `${start.slice(0, 7)} is after ${months.through.slice(0, 7)}, the last month the file covers: ${range}.`,
              };
            }
            if (start < months.from) {
              return {
                ok: false,
                reason: `${start.slice(0, 7)} is before ${months.from.slice(0, 7)} (${months.why}): ${range}.`,
              };
            }
            return { ok: true, value: start };
          }),
          hint: memoised(dateOrderHint),
        };
  // An amount has exactly two decimals ('-1234.50'): its cents are its text without the point.
  const cents = (out: CopyBuffer, amount: string) => out.textWithout(amount, amount.length - 3);
  const HINT_KEYS = { point: 'point', comma: 'comma', ambiguous: 'ambiguousAmount' } as const;
  return ({ rowNumber, cells, numeric, unreadable }, out, fail) => {
    out.integer(rowNumber);
    for (const slot of slots) {
      out.byte(COMMA);
      if (slot.kind !== 'none' && slot.kind !== 'fixed' && unreadable?.has(slot.at)) {
        fail(rowNumber, slot.column, unreadable.get(slot.at)!);
        continue;
      }
      switch (slot.kind) {
        case 'none':
          break;
        case 'fixed':
          out.text(slot.value);
          break;
        case 'text': {
          const raw = (cells[slot.at] ?? '').trim();
          if (raw === '') fail(rowNumber, slot.column, slot.blank);
          else out.append(slot.quoted(raw));
          break;
        }
        case 'amount': {
          const raw = cells[slot.at] ?? '';
          // A spreadsheet's number has no separators to read: only text is read in the file's locale.
          let decimal: DecimalSeparator | null = numeric?.includes(slot.at) ? 'point' : locale.decimal;
          if (decimal === null) {
            const hint = decimalHint(raw);
            if (hint !== null) note(HINT_KEYS[hint], rowNumber, slot.column, raw);
            decimal = hint === 'ambiguous' ? null : (hint ?? 'point');
          }
          if (decimal === 'point') {
            const quick = quickAmount(raw);
            if (quick !== undefined) {
              if (quick !== null) cents(out, quick);
              break;
            }
          }
          const amount = parseAmount(raw.trim(), decimal);
          if (!amount.ok) fail(rowNumber, slot.column, amount.reason);
          else if (amount.value !== null) cents(out, amount.value);
          break;
        }
        case 'month': {
          const raw = cells[slot.at] ?? '';
          if (locale.dateOrder === null) {
            const hint = slot.hint(raw);
            if (hint !== null) {
              const key =
                hint === 'ambiguous' ? 'ambiguousDate' : hint === 'day-first' ? 'dayFirst' : 'monthFirst';
              note(key, rowNumber, slot.column, raw);
            }
          }
          const month = slot.read(raw);
          if (month.ok) out.text(month.value);
          else fail(rowNumber, slot.column, month.reason);
          break;
        }
      }
    }
    out.byte(NEWLINE);
  };
}

/** A key under which a value mapping is remembered: the normalised value. */
export function valueKey(raw: string): string {
  return normaliseName(raw);
}

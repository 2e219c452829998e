import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { columnLetters, headerLikeness } from '#shared/domain/import-matching.ts';
import { AppError } from '#server/errors.ts';

/**
 * One data row of a file: its row number as a spreadsheet shows it (1-based, header included). An
 * XLSX row also says which cells were numbers (no locale to read them in) and which cells cannot
 * be read, with why (a formula saved without its result).
 */
export type TableRow = {
  rowNumber: number;
  cells: string[];
  numeric?: number[];
  unreadable?: Map<number, string>;
};

export type TableEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/**
 * What was detected about a file, and its rows after the header, read as a stream of batches (the
 * rows parsed so far, blank ones left out): a million rows cost a few hundred awaits, not a million.
 */
export type OpenedTable = {
  format: 'csv' | 'xlsx';
  encoding: TableEncoding | null;
  delimiter: string | null;
  sheet: string | null;
  headerRowNumber: number;
  header: string[];
  rows: AsyncGenerator<TableRow[]>;
};

export type ReadOptions = {
  /** The worksheet to read; by default the first one with a header row. */
  sheet?: string;
  /** Called as the file is read: bytes read so far and the file's size. */
  onProgress?: (bytesRead: number, size: number) => void;
};

const SAMPLE_BYTES = 64 * 1024;
/** The header row is looked for among the first rows (carrier reports put a title block above it). */
const HEADER_SEARCH_ROWS = 30;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * Opens a carrier file (CSV or XLSX, told apart by its first bytes, not its name) as a stream of
 * rows: encoding, delimiter, sheet and header row detected; nothing is read whole into memory.
 */
export async function openTable(path: string, options: ReadOptions = {}): Promise<OpenedTable> {
  const sample = await readSample(path);
  if (sample.length === 0) throw new AppError('bad_request', 'The file is empty.');
  if (sample.length >= 4 && sample.readUInt32BE(0) === 0x504b0304) {
    try {
      return await openXlsx(path, options);
    } catch (error) {
      throw unreadableWorkbook(error);
    }
  }
  if (sample.length >= 8 && sample.readUInt32BE(0) === 0xd0cf11e0 && sample.readUInt32BE(4) === 0xa1b11ae1) {
    throw new AppError(
      'bad_request',
      'This is an Excel 97-2003 workbook (.xls), which cannot be read: open it in Excel and choose ' +
        'File > Save As > Excel Workbook (.xlsx), then upload the .xlsx file.',
    );
  }
  if (sample.length >= 4 && sample.readUInt32BE(0) === 0x25504446) {
    throw new AppError(
      'bad_request',
      'This is a PDF, not a CSV or XLSX file: export the report as CSV or XLSX.',
    );
  }
  return openCsv(path, sample, options);
}

/** A workbook exceljs cannot read (a truncated download, another format zipped) as a 400 naming it. */
function unreadableWorkbook(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new AppError(
    'bad_request',
    `The XLSX file cannot be read: it is damaged or incomplete (${why}). Save it again from Excel and upload it again.`,
  );
}

async function readSample(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * UTF-16 by its BOM (Excel's "Unicode Text") or by its zero bytes, UTF-8 with a BOM, UTF-8 (the
 * sample decodes strictly), else Windows-1252 (what Excel on Windows writes as "CSV"). A multi-byte
 * character cut at the sample's end does not count against UTF-8; the rest of the file is checked
 * by `isUtf8` before a UTF-8 answer is trusted.
 */
export function detectEncoding(sample: Buffer): TableEncoding {
  if (sample.length >= 2 && sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample.length >= 2 && sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf)
    return 'utf-8-bom';
  const zeros = zeroBytes(sample);
  if (zeros.odd + zeros.even > 0) {
    // Text in UTF-16 without a BOM: ASCII characters leave every other byte zero.
    if (zeros.odd > sample.length / 4 && zeros.even === 0) return 'utf-16le';
    if (zeros.even > sample.length / 4 && zeros.odd === 0) return 'utf-16be';
    throw new AppError(
      'bad_request',
      'The file holds binary data, not text: upload a CSV, tab-delimited text or XLSX file.',
    );
  }
  let end = sample.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back]!;
    if ((byte & 0xc0) === 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < needed) end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function zeroBytes(sample: Buffer): { odd: number; even: number } {
  let odd = 0;
  let even = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  return { odd, even };
}

/** Whether the whole file decodes as UTF-8 (accents far down a file count, not just the first ones). */
export async function isUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const ICONV_NAME: Record<TableEncoding, string> = {
  'utf-8': 'utf8',
  'utf-8-bom': 'utf8',
  'windows-1252': 'win1252',
  'utf-16le': 'utf16le',
  'utf-16be': 'utf16be',
};

/**
 * The delimiter whose count per line (outside quotes) is the same on the most lines of the sample;
 * title lines above the header do not sway it.
 */
export function detectDelimiter(text: string): string {
  const lines = text
    .split(/\r\n|\n|\r/)
    .slice(0, -1)
    .filter((l) => l.trim() !== '')
    .slice(0, 50);
  if (lines.length === 0) lines.push(text);
  let best: { delimiter: string; lines: number; count: number } = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      let inQuotes = false;
      let n = 0;
      for (const ch of line) {
        if (ch === '"') inQuotes = !inQuotes;
        else if (ch === delimiter && !inQuotes) n++;
      }
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    for (const [count, onLines] of counts) {
      if (onLines > best.lines || (onLines === best.lines && count > best.count)) {
        best = { delimiter, lines: onLines, count };
      }
    }
  }
  return best.delimiter;
}

const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The header row among the first rows: the one naming the most known fields; failing that, the
 * first row of two or more cells none of which is a number.
 */
function findHeader(rows: readonly TableRow[]): number {
  let bestIndex = -1;
  let bestScore = 0;
  rows.forEach((row, i) => {
    const score = headerLikeness(row.cells);
    if (score > bestScore) {
      bestScore = score;
      bestIndex = i;
    }
  });
  if (bestIndex !== -1) return bestIndex;
  return rows.findIndex((row) => {
    const filled = row.cells.filter((c) => c.trim() !== '');
    return filled.length >= 2 && filled.every((c) => !/^[\s$()\-.,\d]+$/.test(c));
  });
}

/** Reads rows ahead to find the header, then yields the rest of the stream after it. */
async function withHeader(
  source: AsyncIterator<TableRow[]>,
): Promise<{ header: string[]; headerRowNumber: number; rows: AsyncGenerator<TableRow[]> } | null> {
  const ahead: TableRow[] = [];
  // Rows of the last batch read beyond the ones searched for the header.
  let beyond: TableRow[] = [];
  let done = false;
  while (ahead.length < HEADER_SEARCH_ROWS) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    const filled = next.value.filter((row) => !isBlankRow(row.cells));
    const room = HEADER_SEARCH_ROWS - ahead.length;
    ahead.push(...filled.slice(0, room));
    beyond = filled.slice(room);
  }
  const index = findHeader(ahead);
  if (index === -1) {
    if (!done) await source.return?.(undefined);
    return null;
  }
  const headerRow = ahead[index]!;
  const header = headerRow.cells.map((c) => c.trim());
  const rest = [...ahead.slice(index + 1), ...beyond];
  async function* rows(): AsyncGenerator<TableRow[]> {
    if (rest.length > 0) yield rest;
    if (done) return;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      const filled = next.value.filter((row) => !isBlankRow(row.cells));
      if (filled.length > 0) yield filled;
    }
  }
  return { header, headerRowNumber: headerRow.rowNumber, rows: rows() };
}

function progressStream(path: string, size: number, options: ReadOptions): Readable {
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  let read = 0;
  if (options.onProgress) {
    const report = options.onProgress;
    stream.on('data', (chunk) => {
      read += chunk.length;
      report(read, size);
    });
  }
  return stream;
}

async function openCsv(path: string, sample: Buffer, options: ReadOptions): Promise<OpenedTable> {
  let encoding = detectEncoding(sample);
  if (encoding === 'utf-8' && !(await isUtf8(path))) encoding = 'windows-1252';
  const sampleText = iconv.decode(sample, ICONV_NAME[encoding]);
  const delimiter = detectDelimiter(sampleText);
  const { size } = await stat(path);
  // csv-parse reads bytes and decodes each field as UTF-8: a UTF-8 file goes to it as it is (its BOM
  // skipped by the parser); any other is decoded first, and the parser encodes it again.
  const bytes = progressStream(path, size, options);
  const utf8 = encoding === 'utf-8' || encoding === 'utf-8-bom';
  const source = utf8 ? bytes : bytes.pipe(iconv.decodeStream(ICONV_NAME[encoding], { stripBOM: true }));
  const parser = source.pipe(
    parseCsv({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }),
  );
  // Each record the stream hands over comes with every other one already parsed, read at once.
  async function* records(): AsyncGenerator<TableRow[]> {
    let rowNumber = 0;
    try {
      for await (const first of parser as AsyncIterable<string[]>) {
        const batch: TableRow[] = [{ rowNumber: ++rowNumber, cells: first }];
        for (
          let next = parser.read() as string[] | null;
          next !== null;
          next = parser.read() as string[] | null
        ) {
          batch.push({ rowNumber: ++rowNumber, cells: next });
        }
        yield batch;
      }
    } catch (error) {
      throw unreadableText(error, rowNumber);
    }
  }
  const found = await withHeader(records());
  if (!found) {
    parser.destroy();
    throw new AppError('bad_request', 'No header row was found in the first rows of the file.');
  }
  return { format: 'csv', encoding, delimiter, sheet: null, ...found };
}

/** What the CSV parser could not read, as a 400 naming the problem and where it starts. */
function unreadableText(error: unknown, rowsRead: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  const line = (error as { lines?: number }).lines;
  const where = `row ${rowsRead + 1}${line ? ` (line ${line} of the file)` : ''}`;
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    return new AppError(
      'bad_request',
      `A quoted value that starts on row ${rowsRead + 1} is never closed: the file is cut short or has a stray quote (").`,
    );
  }
  const why = error instanceof Error ? error.message : String(error);
  return new AppError('bad_request', `The file cannot be read as text at ${where}: ${why}`);
}

/** An XLSX cell as text: numbers without exponent, dates as 'YYYY-MM-DD', formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return value.toString();
    return value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return cellText(value.result ?? null);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * A worksheet row as text, which cells held numbers, and which are formulas saved without their
 * result (exceljs, openpyxl and many report writers save formulas that way): such a cell is not
 * blank, it is unknown, and says so naming the cell.
 */
function xlsxRow(sheet: string, rowNumber: number, rowValues: ExcelJS.Row['values']): TableRow {
  const values = Array.isArray(rowValues) ? rowValues : [];
  const cells: string[] = [];
  let numeric: number[] | undefined;
  let unreadable: Map<number, string> | undefined;
  for (let i = 1; i < values.length; i++) {
    const value = values[i];
    const at = i - 1;
    if (value !== null && typeof value === 'object' && ('formula' in value || 'sharedFormula' in value)) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined || result === null) {
        unreadable ??= new Map();
        unreadable.set(
          at,
          `The cell ${sheet}!${columnLetters(at)}${rowNumber} holds a formula whose result is not saved in the file: ` +
            'open the file in Excel and save it, so that the results are stored, then upload it again.',
        );
      } else if (typeof result === 'number') (numeric ??= []).push(at);
    } else if (typeof value === 'number') (numeric ??= []).push(at);
    cells.push(cellText(value));
  }
  const row: TableRow = { rowNumber, cells };
  if (numeric) row.numeric = numeric;
  if (unreadable) row.unreadable = unreadable;
  return row;
}

async function openXlsx(path: string, options: ReadOptions): Promise<OpenedTable> {
  const { size } = await stat(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(progressStream(path, size, options), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // exceljs looks sheet names up in workbook.xml, which some writers zip after the sheets: until it
  // is read, a sheet is named by its number instead of failing.
  (reader as unknown as { model: { sheets: unknown[] } }).model = { sheets: [] };
  const sheets = reader[Symbol.asyncIterator]();
  const names: string[] = [];
  for (;;) {
    const next = await sheets.next();
    if (next.done) break;
    const sheet = next.value as ExcelJS.stream.xlsx.WorksheetReader & { name: string };
    names.push(sheet.name);
    const wanted = options.sheet === undefined || options.sheet === sheet.name;
    async function* sheetRows(): AsyncGenerator<TableRow[]> {
      try {
        for await (const row of sheet) yield [xlsxRow(sheet.name, row.number, row.values)];
      } catch (error) {
        throw unreadableWorkbook(error);
      }
    }
    const rows = sheetRows();
    if (!wanted) {
      for await (const skipped of rows) void skipped;
      continue;
    }
    const found = await withHeader(rows);
    if (!found) {
      for await (const skipped of rows) void skipped;
      continue;
    }
    async function* rest(): AsyncGenerator<TableRow[]> {
      yield* found!.rows;
      try {
        // Later sheets are drained so the zip stream reaches its end and closes the file.
        for (;;) {
          const after = await sheets.next();
          if (after.done) return;
          for await (const skipped of after.value as AsyncIterable<unknown>) void skipped;
        }
      } catch (error) {
        throw unreadableWorkbook(error);
      }
    }
    return { format: 'xlsx', encoding: null, delimiter: null, sheet: sheet.name, ...found, rows: rest() };
  }
  if (options.sheet !== undefined && !names.includes(options.sheet)) {
    throw new AppError(
      'bad_request',
      `The workbook has no sheet named "${options.sheet}" (it has ${names.join(', ')}).`,
    );
  }
  throw new AppError('bad_request', 'No sheet of the workbook has a header row in its first rows.');
}

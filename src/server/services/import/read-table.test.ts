import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectDelimiter, detectEncoding, openTable, type TableRow } from './read-table.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'read-table-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a workbook the way carrier portals stream them (workbook.xml before the shared strings). */
async function writeWorkbook(file: string, sheets: Record<string, unknown[][]>): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: true,
  });
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = writer.addWorksheet(name);
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
  }
  await writer.commit();
}

async function all(batches: AsyncIterable<TableRow[]>): Promise<TableRow[]> {
  const out: TableRow[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}

describe('detectEncoding', () => {
  it('tells UTF-8 with and without BOM from Windows-1252', () => {
    expect(detectEncoding(Buffer.from('\ufeffAgency,Écrit\n', 'utf8'))).toBe('utf-8-bom');
    expect(detectEncoding(Buffer.from('Agency,Écrit\n', 'utf8'))).toBe('utf-8');
    expect(detectEncoding(iconv.encode('Agency,Écrit’s\n', 'win1252'))).toBe('windows-1252');
  });
  it('does not hold a character cut at the end of the sample against UTF-8', () => {
    const bytes = Buffer.from('Agency,Société', 'utf8');
    expect(detectEncoding(bytes.subarray(0, bytes.length - 1))).toBe('utf-8');
  });
});

describe('detectDelimiter', () => {
  it('finds the delimiter despite a title line and quoted commas', () => {
    expect(detectDelimiter('Acme, Inc. report\nA;B;C\n"1,5";2;3\n4;5;6\n')).toBe(';');
    expect(detectDelimiter('A\tB\tC\n1\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('A|B\n1|2\n')).toBe('|');
    expect(detectDelimiter('A,B,C\n"x, y",2,3\n')).toBe(',');
  });
});

describe('openTable (CSV)', () => {
  it('reads a Windows-1252 file with a title block, semicolons and quoted newlines', async () => {
    const text =
      'Production report — Société Mutuelle\r\nRun date;11/02/2025\r\n\r\n' +
      'Agency Code;Carrier;Policy Type;Month;Written Premium\r\n' +
      'A-1;Société Mutuelle;"Home\r\nowners";03/2025;"$1.234,00"\r\n' +
      'A-2;Café’s Ins;Auto;03/2025;(12.50)\r\n';
    const file = path.join(dir, 'win.csv');
    await writeFile(file, iconv.encode(text, 'win1252'));
    const table = await openTable(file);
    expect(table).toMatchObject({
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      headerRowNumber: 4,
    });
    expect(table.header).toEqual(['Agency Code', 'Carrier', 'Policy Type', 'Month', 'Written Premium']);
    expect(await all(table.rows)).toEqual([
      { rowNumber: 5, cells: ['A-1', 'Société Mutuelle', 'Home\r\nowners', '03/2025', '$1.234,00'] },
      { rowNumber: 6, cells: ['A-2', 'Café’s Ins', 'Auto', '03/2025', '(12.50)'] },
    ]);
  });

  it('strips a UTF-8 BOM and keeps blank cells blank', async () => {
    const file = path.join(dir, 'bom.csv');
    await writeFile(
      file,
      '\ufeffAgency Code,Month,Written Premium,Earned\nA-1,2025-03,,0\n\nA-2,2025-03,"1,000",5\n',
    );
    const table = await openTable(file);
    expect(table).toMatchObject({ encoding: 'utf-8-bom', delimiter: ',', headerRowNumber: 1 });
    expect(table.header[0]).toBe('Agency Code');
    expect(await all(table.rows)).toEqual([
      { rowNumber: 2, cells: ['A-1', '2025-03', '', '0'] },
      { rowNumber: 4, cells: ['A-2', '2025-03', '1,000', '5'] },
    ]);
  });

  it('says so when no header row is found', async () => {
    const file = path.join(dir, 'numbers.csv');
    await writeFile(file, '1,2,3\n4,5,6\n');
    await expect(openTable(file)).rejects.toThrow('No header row was found in the first rows of the file.');
  });
});

describe('openTable (XLSX)', () => {
  it('streams the first sheet with a header row, reading numbers, dates and formulas', async () => {
    const file = path.join(dir, 'statement.xlsx');
    await writeWorkbook(file, {
      'Read me': [['This workbook holds the March statement.'], ['Questions: call us']],
      Statement: [
        ['Acme Mutual — production'],
        [],
        ['Agent Code', 'Company', 'LOB', 'Accounting Month', 'Written Premium', 'Earned'],
        ['A-1', 'Acme Mutual', 'PA', new Date(Date.UTC(2025, 2, 1)), 1234.56, null],
        [
          'A-2',
          { richText: [{ text: 'Acme ' }, { text: 'Mutual' }] },
          'HO',
          '03/2025',
          -0.1 + 0.3,
          { formula: 'E4*2', result: 2469.12 },
        ],
      ],
    });
    const progress: number[] = [];
    const table = await openTable(file, { onProgress: (read) => progress.push(read) });
    expect(table).toMatchObject({ format: 'xlsx', sheet: 'Statement', headerRowNumber: 3 });
    expect(table.header).toEqual([
      'Agent Code',
      'Company',
      'LOB',
      'Accounting Month',
      'Written Premium',
      'Earned',
    ]);
    expect(await all(table.rows)).toEqual([
      { rowNumber: 4, cells: ['A-1', 'Acme Mutual', 'PA', '2025-03-01', '1234.56'], numeric: [4] },
      {
        rowNumber: 5,
        cells: ['A-2', 'Acme Mutual', 'HO', '03/2025', '0.2', '2469.12'],
        numeric: [4, 5],
      },
    ]);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('reads the sheet asked for, and names the sheets when it is missing', async () => {
    const file = path.join(dir, 'months.xlsx');
    await writeWorkbook(file, {
      Jan: [
        ['Agency Code', 'Written Premium'],
        ['A-1', 1],
      ],
      Feb: [
        ['Agency Code', 'Written Premium'],
        ['A-1', 2],
      ],
    });
    const feb = await openTable(file, { sheet: 'Feb' });
    expect(await all(feb.rows)).toEqual([{ rowNumber: 2, cells: ['A-1', '2'], numeric: [1] }]);
    await expect(openTable(file, { sheet: 'Mar' })).rejects.toThrow(
      'The workbook has no sheet named "Mar" (it has Jan, Feb).',
    );
  });
});

describe('openTable (formulas without results, malformed files, encodings)', () => {
  it('names a formula cell saved without its result instead of reading it as blank', async () => {
    const file = path.join(dir, 'formulas.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Totals');
    sheet.addRow(['Agent Code', 'Policy Type', 'Written Premium']);
    sheet.addRow(['A-1', 'PA', { formula: '100+20' }]);
    await book.xlsx.writeFile(file);
    const rows = await all((await openTable(file)).rows);
    expect(rows[0]!.cells).toEqual(['A-1', 'PA', '']);
    expect([...rows[0]!.unreadable!]).toEqual([
      [
        2,
        'The cell Totals!C2 holds a formula whose result is not saved in the file: open the file in Excel and save it, so that the results are stored, then upload it again.',
      ],
    ]);
  });

  it.each([
    ['empty', Buffer.alloc(0), 'The file is empty.'],
    [
      'binary',
      Buffer.from([1, 2, 3, 0, 0, 5, 6, 7, 8, 0, 255, 254, 0, 1]),
      'The file holds binary data, not text: upload a CSV, tab-delimited text or XLSX file.',
    ],
    [
      'old Excel',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      'File > Save As > Excel Workbook (.xlsx)',
    ],
    [
      'unclosed quotes',
      Buffer.from('Agent Code,Policy Type,Written Premium\nA-1,PA,"12.00\nA-1,PA,5\n'),
      'A quoted value that starts on row 2 is never closed',
    ],
  ])('refuses a file that is %s, naming the problem', async (name, bytes, message) => {
    const file = path.join(dir, `malformed-${name}`);
    await writeFile(file, bytes);
    const read = async () => {
      for await (const batch of (await openTable(file)).rows) void batch;
    };
    await expect(read()).rejects.toThrow(message);
  });

  it('refuses a truncated workbook, naming the problem', async () => {
    const file = path.join(dir, 'whole.xlsx');
    await writeWorkbook(file, {
      Data: [['Agent Code', 'Written Premium'], ...Array.from({ length: 50 }, (_, i) => [`A-${i}`, i])],
    });
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(file);
    const cut = path.join(dir, 'cut.xlsx');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const read = async () => {
      for await (const batch of (await openTable(cut)).rows) void batch;
    };
    await expect(read()).rejects.toThrow('The XLSX file cannot be read: it is damaged or incomplete');
  });

  it('reads UTF-16 with a BOM ("Unicode Text" from Excel), tab-delimited', async () => {
    const file = path.join(dir, 'unicode.txt');
    const text = 'Agent Code\tPolicy Type\tWritten Premium\r\nA-1\tAssurance Habitation Société\t12.50\r\n';
    await writeFile(file, Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]));
    const table = await openTable(file);
    expect(table).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(await all(table.rows)).toEqual([
      { rowNumber: 2, cells: ['A-1', 'Assurance Habitation Société', '12.50'] },
    ]);
    await writeFile(file, Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf16be')]));
    expect((await openTable(file)).encoding).toBe('utf-16be');
  });

  it('detects Windows-1252 from an accent far beyond the first 64 KB', async () => {
    const file = path.join(dir, 'late-accent.csv');
    const filler = Array.from({ length: 3000 }, (_, i) => `A-${i},Personal Auto,10.00`).join('\r\n');
    const text = `Agent Code,Policy Type,Written Premium\r\n${filler}\r\nA-9,Propriété,1.00\r\n`;
    await writeFile(file, iconv.encode(text, 'win1252'));
    const table = await openTable(file);
    expect(table.encoding).toBe('windows-1252');
    expect((await all(table.rows)).at(-1)!.cells).toEqual(['A-9', 'Propriété', '1.00']);
  });
});

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
      { rowNumber: 4, cells: ['A-1', 'Acme Mutual', 'PA', '2025-03-01', '1234.56'] },
      { rowNumber: 5, cells: ['A-2', 'Acme Mutual', 'HO', '03/2025', '0.2', '2469.12'] },
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
    expect(await all(feb.rows)).toEqual([{ rowNumber: 2, cells: ['A-1', '2'] }]);
    await expect(openTable(file, { sheet: 'Mar' })).rejects.toThrow(
      'The workbook has no sheet named "Mar" (it has Jan, Feb).',
    );
  });
});

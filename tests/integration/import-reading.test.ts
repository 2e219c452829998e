import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  importPreviewSchema,
  importRecordSchema,
  type ImportRecordResponse,
} from '#shared/contracts/import.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { carriers, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { buildAgency, buildBroadLines, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

/**
 * Reading carrier files without misreading a figure: formulas without results, day-first dates,
 * decimal commas, month columns, credits, implausible months, report furniture, encodings and
 * malformed files, each through the upload API, checked against the facts the reports read.
 */

let t: TestApp;
let storageDir: string;
let cookie: string;
let granite: string;
let agency: Awaited<ReturnType<typeof buildAgency>>;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'import-reading-'));
  t = await createTestApp({ dataDir: storageDir }, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  agency = await buildAgency(db);
  const { lines, classification } = await buildBroadLines(db);
  const pl = lines.find((l) => l.code === 'PL')!;
  await db.insert(linesOfBusiness).values([
    {
      classificationUuid: classification.uuid,
      parentUuid: pl.uuid,
      code: 'PAUTO',
      name: 'Personal Auto',
      level: 2,
    },
    {
      classificationUuid: classification.uuid,
      parentUuid: pl.uuid,
      code: 'PROP',
      name: 'Propriétaire',
      level: 2,
    },
  ]);
  const [carrier] = await db
    .insert(carriers)
    .values({ name: 'Granite Peak Mutual', displayName: 'Granite Peak Mutual' })
    .returning();
  granite = carrier!.uuid;
  await db
    .insert(agencyCodes)
    .values({ agencyUuid: agency.uuid, carrierUuid: granite, code: 'A-100', name: 'Main' });
  const uploader = await buildUser(db, { userType: 'network', networkUuid: agency.networkUuid });
  await db.insert(userPermissions).values({ userId: uploader.id, permission: UPLOAD_PERMISSION });
  cookie = await signIn(t.app, uploader.email);
});
afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function upload(file: Buffer, query: Record<string, string> = {}) {
  const params = new URLSearchParams({
    kind: 'production',
    carrierUuid: granite,
    coversThrough: '2026-10',
    fileName: 'granite.csv',
    ...query,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/imports?${params.toString()}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: file,
  });
}

async function uploaded(file: Buffer, query: Record<string, string> = {}): Promise<ImportRecordResponse> {
  const response = await upload(file, query);
  expect(response.statusCode, response.body).toBe(201);
  return importRecordSchema.parse(response.json());
}

const readColumns = (record: ImportRecordResponse, body: Record<string, unknown> = {}) =>
  injectAs(t.app, cookie, 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
    columns: record.proposed.columns,
    profileName: null,
    ...body,
  });

const refusal = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(400);
  return errorResponseSchema.parse(response.json()).error.message;
};

async function previewOf(record: ImportRecordResponse) {
  const response = await injectAs(t.app, cookie, 'GET', `/api/imports/${record.uploadUuid}/preview`);
  expect(response.statusCode, response.body).toBe(200);
  return importPreviewSchema.parse(response.json());
}

/** Written premium in cents per month: the agency's and the network's, as the reports sum them. */
async function production() {
  const rows = await t.database.db.execute<{ scope: string; month: string; cents: string }>(sql`
    select 'agency' as scope, month::text as month, (sum(written_premium) * 100)::bigint::text as cents
    from production_facts where agency_uuid = ${agency.uuid}::uuid and carrier_uuid = ${granite}::uuid
    group by month
    union all
    select 'network', month::text, (sum(written_premium) * 100)::bigint::text
    from production_facts where network_uuid = ${agency.networkUuid}::uuid and carrier_uuid = ${granite}::uuid
    group by month`);
  return new Map(rows.rows.map((r) => [`${r.scope} ${r.month}`, BigInt(r.cents)]));
}

/** Maps, reads, commits; answers how the agency's and network's production changed, per month. */
async function commitAndMeasure(record: ImportRecordResponse, body: Record<string, unknown> = {}) {
  const before = await production();
  const read = await readColumns(record, body);
  expect(read.statusCode, read.body).toBe(200);
  const preview = await previewOf(record);
  expect(preview.errors).toEqual([]);
  const committed = await injectAs(t.app, cookie, 'POST', `/api/imports/${record.uploadUuid}/commit`);
  expect(committed.statusCode, committed.body).toBe(200);
  const after = await production();
  const change: Record<string, string> = {};
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const cents = (after.get(key) ?? 0n) - (before.get(key) ?? 0n);
    if (cents !== 0n) change[key] = dollars(cents);
  }
  return { change, preview };
}

const dollars = (cents: bigint) => {
  const abs = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};

/** The change expected in both the agency's and the network's production, per month. */
const inBoth = (byMonth: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(byMonth).flatMap(([month, amount]) => [
      [`agency ${month}-01`, amount],
      [`network ${month}-01`, amount],
    ]),
  );

const csv = (lines: string[], separator = ',') =>
  Buffer.from(lines.map((l) => l.replaceAll(',', separator)).join('\r\n'));

describe('XLSX formulas', () => {
  async function workbook(withResults: boolean) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Production');
    sheet.addRow(['Agent Code', 'Policy Type', 'Month', 'Written Premium']);
    sheet.addRow(['A-100', 'Personal Auto', '2026-08', 366_199.86]);
    const formula = { formula: 'D2*0.405', ...(withResults ? { result: 148_354.84 } : {}) };
    sheet.addRow(['A-100', 'Personal Auto', '2026-08', formula]);
    return uploaded(Buffer.from(await book.xlsx.writeBuffer()), { fileName: 'granite.xlsx' });
  }

  it('names a formula cell saved without its result, and loads nothing', async () => {
    const record = await workbook(false);
    expect((await readColumns(record)).statusCode).toBe(200);
    const before = await production();
    expect((await previewOf(record)).errors).toEqual([
      {
        rowNumber: 3,
        column: 'Written Premium',
        reason:
          'The cell Production!D3 holds a formula whose result is not saved in the file: open the file in Excel and save it, so that the results are stored, then upload it again.',
      },
    ]);
    const committed = await injectAs(t.app, cookie, 'POST', `/api/imports/${record.uploadUuid}/commit`);
    expect(committed.statusCode).toBe(400);
    expect(await production()).toEqual(before);
  });

  it('loads the stored results of formulas to the cent', async () => {
    const { change } = await commitAndMeasure(await workbook(true));
    expect(change).toEqual(inBoth({ '2026-08': '514554.70' }));
  });
});

describe('Dates', () => {
  it('reads dotted dates day first: 01.10.2026 is October', async () => {
    const record = await uploaded(
      csv([
        'Agent Code;Policy Type;Month;Written Premium',
        'A-100;Personal Auto;01.10.2026;100.00',
        'A-100;Personal Auto;15.10.2026;23.45',
      ]),
    );
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2026-10': '123.45' }));
  });

  it('refuses dates that could be either order until the order is declared, then reads them so', async () => {
    const file = csv([
      'Agent Code,Policy Type,Month,Written Premium',
      'A-100,Personal Auto,01/09/2026,10.00',
      'A-100,Personal Auto,02/09/2026,5.00',
    ]);
    const record = await uploaded(file);
    expect(refusal(await readColumns(record))).toBe(
      'Dates such as "01/09/2026" (row 2, Month) could be day first or month first, and no date in the file tells which: declare the file\'s date order.',
    );
    const { change } = await commitAndMeasure(record, { dateOrder: 'day-first' });
    expect(change).toEqual(inBoth({ '2026-09': '15.00' }));
  });

  it('reads the whole file day first when one of its dates can only be day first', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Month,Written Premium',
        'A-100,Personal Auto,01/07/2026,1.00',
        'A-100,Personal Auto,31/07/2026,2.00',
        'A-100,Personal Auto,02/06/2026,4.00',
      ]),
    );
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2026-07': '3.00', '2026-06': '4.00' }));
    const read = importRecordSchema.parse(
      (await injectAs(t.app, cookie, 'GET', `/api/imports/${record.uploadUuid}`)).json(),
    );
    expect(read.detected.dateOrder).toBe('day-first');
  });

  it('refuses a row dated 12/2150 or before 2000, naming the month, and a file covering the future', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Month,Written Premium',
        'A-100,Personal Auto,12/2150,10.00',
        'A-100,Personal Auto,12/1999,10.00',
        'A-100,Personal Auto,10/2026,10.00',
      ]),
    );
    expect((await readColumns(record)).statusCode).toBe(200);
    expect((await previewOf(record)).errors).toEqual([
      { rowNumber: 2, column: 'Month', reason: '2150-12 is after the last month the file covers (2026-10).' },
      {
        rowNumber: 3,
        column: 'Month',
        reason: '1999-12 is before 2000-01, the earliest month figures are kept for.',
      },
    ]);
    const future = await upload(csv(['Agent Code,Policy Type,Month,Written Premium']), {
      coversThrough: '2150-12',
    });
    expect(refusal(future)).toBe('A file cannot cover a month after the current one (2026-11).');
  });
});

describe('Amounts', () => {
  it('refuses amounts that could be read with a point or a comma until the separator is declared', async () => {
    const record = await uploaded(
      csv(
        [
          'Agent Code,Policy Type,Month,Written Premium',
          'A-100,Personal Auto,2026-05,397.542',
          'A-100,Personal Auto,2026-05,12.345',
        ],
        ';',
      ),
    );
    expect(refusal(await readColumns(record))).toBe(
      'Amounts such as "397.542" (row 2, Written Premium) could be 397.542 (a decimal point) or 397542 (a decimal comma), and no amount in the file tells which: declare the file\'s decimal separator.',
    );
    const { change } = await commitAndMeasure(record, { decimalSeparator: 'comma' });
    expect(change).toEqual(inBoth({ '2026-05': '409887.00' }));
  });

  it('detects a decimal comma from the file, and reads its whole amounts as thousands', async () => {
    const record = await uploaded(
      Buffer.from(
        [
          'Agent Code;Policy Type;Month;Written Premium',
          'A-100;Personal Auto;2026-04;"1.234,56"',
          'A-100;Personal Auto;2026-04;12.345',
          'A-100;Personal Auto;2026-04;0,44',
        ].join('\n'),
      ),
    );
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2026-04': '13580.00' }));
  });

  it('reads CR credits and a leading + sign', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Month,Written Premium',
        'A-100,Personal Auto,2026-03,"2,000.00"',
        'A-100,Personal Auto,2026-03,"1,234.56 CR"',
        'A-100,Personal Auto,2026-03,"1,234.56CR"',
        'A-100,Personal Auto,2026-03,+500.10',
        'A-100,Personal Auto,2026-03,(0.50)',
      ]),
    );
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2026-03': '30.48' }));
  });

  it('refuses an amount with more than two decimals rather than round it', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Month,Written Premium',
        'A-100,Personal Auto,2026-03,10.125',
        'A-100,Personal Auto,2026-03,1.50',
      ]),
    );
    expect((await readColumns(record)).statusCode).toBe(200);
    expect((await previewOf(record)).errors).toEqual([
      {
        rowNumber: 2,
        column: 'Written Premium',
        reason: '"10.125" has more than two decimals: amounts are loaded to the cent, never rounded.',
      },
    ]);
  });
});

describe('The month column', () => {
  it('proposes "Acctg Period" as the Month, so each row lands in its own month', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Acctg Period,Written Premium',
        'A-100,Personal Auto,04/2025,700.00',
        'A-100,Personal Auto,05/2025,300.00',
      ]),
      { coversThrough: '2025-05' },
    );
    expect(record.proposed.columns.month).toBe('Acctg Period');
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2025-04': '700.00', '2025-05': '300.00' }));
  });

  it('requires the Month column unless the whole file is declared one month', async () => {
    const record = await uploaded(
      csv(['Agent Code,Policy Type,Written Premium', 'A-100,Personal Auto,5.00']),
      {
        coversThrough: '2025-08',
      },
    );
    expect(refusal(await readColumns(record))).toBe(
      'Choose the column that holds the month, or say that the whole file is one month.',
    );
    const { change } = await commitAndMeasure(record, { oneMonth: true });
    expect(change).toEqual(inBoth({ '2025-08': '5.00' }));
  });

  it('refuses a file declared one month whose rows carry their dates in another column, naming it', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Stmt Dt,Written Premium',
        'A-100,Personal Auto,09/30/2026,5.00',
        'A-100,Personal Auto,10/31/2026,5.00',
      ]),
    );
    expect(record.proposed.columns.month).toBeUndefined();
    expect(refusal(await readColumns(record, { oneMonth: true }))).toBe(
      'The rows carry their own dates in the column "Stmt Dt" (row 2: 09/30/2026), but the whole file was declared one month (2026-10): map that column as the Month.',
    );
  });
});

describe('Report furniture', () => {
  it('skips repeated header rows and total rows, counting them in the preview', async () => {
    const record = await uploaded(
      csv([
        'Agent Code,Policy Type,Month,Written Premium',
        'A-100,Personal Auto,2026-02,100.00',
        'A-100,Personal Auto,2026-02,50.25',
        ',Subtotal,,150.25',
        'Agent Code,Policy Type,Month,Written Premium',
        'A-100,Personal Auto,2026-02,9.75',
        'Total,,,160.00',
        'Grand Total,,,160.00',
      ]),
    );
    const { change, preview } = await commitAndMeasure(record);
    expect(preview.skipped).toEqual({ repeatedHeaders: 1, totals: 3 });
    expect(preview.rowCount).toBe(3);
    expect(change).toEqual(inBoth({ '2026-02': '160.00' }));
  });
});

describe('Encodings and delimiters', () => {
  it('reads Windows-1252 accents far beyond the first 64 KB, so the value still matches', async () => {
    const filler = Array.from({ length: 2500 }, () => 'A-100|Personal Auto|2026-01|1.00|Lorem ipsum dolor');
    const text = [
      'Agent Code|Policy Type|Month|Written Premium|Notes',
      ...filler,
      'A-100|Propriétaire|2026-01|2.50|é',
    ].join('\r\n');
    const record = await uploaded(iconv.encode(text, 'win1252'), { fileName: 'granite.txt' });
    expect(record.detected).toMatchObject({ encoding: 'windows-1252', delimiter: '|' });
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2026-01': '2502.50' }));
  });

  it('reads "Unicode Text" from Excel: UTF-16 with a BOM, tab-delimited', async () => {
    const text =
      'Agent Code\tPolicy Type\tMonth\tWritten Premium\r\nA-100\tPropriétaire\t2025-12\t"1,000.01"\r\n';
    const record = await uploaded(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]), {
      fileName: 'granite.tsv',
    });
    expect(record.detected).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    const { change } = await commitAndMeasure(record);
    expect(change).toEqual(inBoth({ '2025-12': '1000.01' }));
  });
});

describe('Malformed files', () => {
  it.each([
    ['empty', () => Buffer.alloc(0), 'The file is empty.'],
    [
      'binary',
      () => Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      'The file holds binary data, not text: upload a CSV, tab-delimited text or XLSX file.',
    ],
    [
      'an old Excel workbook',
      () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
      'This is an Excel 97-2003 workbook (.xls), which cannot be read: open it in Excel and choose File > Save As > Excel Workbook (.xlsx), then upload the .xlsx file.',
    ],
    [
      'cut short inside quotes',
      () => Buffer.from('Agent Code,Policy Type,Month,Written Premium\nA-100,Personal Auto,2026-01,"12.00\n'),
      'A quoted value that starts on row 2 is never closed: the file is cut short or has a stray quote (").',
    ],
  ])('answers a file that is %s with a 400 naming the problem', async (_name, bytes, message) => {
    expect(refusal(await upload(bytes()))).toBe(message);
  });

  it('answers a truncated XLSX with a 400 naming the problem', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Production');
    sheet.addRow(['Agent Code', 'Policy Type', 'Month', 'Written Premium']);
    for (let i = 0; i < 200; i++) sheet.addRow(['A-100', 'Personal Auto', '2026-01', i]);
    const whole = Buffer.from(await book.xlsx.writeBuffer());
    const message = refusal(
      await upload(whole.subarray(0, Math.floor(whole.length / 2)), { fileName: 'cut.xlsx' }),
    );
    expect(message).toMatch(/^The XLSX file cannot be read: it is damaged or incomplete/);
  });
});

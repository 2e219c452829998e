import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecordSchema, type ImportRecordResponse } from '#shared/contracts/import.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { carriers, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { buildAgency, buildBroadLines, buildProductFeature, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';
import {
  carrierWrittenPremium,
  centsText,
  periodQuery,
  previewOf as previewAs,
  readColumns as readColumnsAs,
  refusal,
  uploadedRecord,
  uploadFile,
} from '#tests/support/uploads.ts';

/**
 * Reading carrier files without misreading a figure: formulas without results, day-first dates,
 * decimal commas, month columns, credits, implausible months, report furniture, encodings and
 * malformed files, each through the upload API, checked against Carrier Production as the browser
 * reads it.
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
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    agency.uuid,
  ]);
  const uploader = await buildUser(db, { userType: 'network', networkUuid: agency.networkUuid });
  await db.insert(userPermissions).values({ userId: uploader.id, permission: UPLOAD_PERMISSION });
  cookie = await signIn(t.app, uploader.email);
});
afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

const upload = (file: Buffer, query: Record<string, string> = {}) =>
  uploadFile(t.app, cookie, file, {
    carrierUuid: granite,
    coversThrough: '2026-10',
    fileName: 'granite.csv',
    ...query,
  });

const uploaded = async (file: Buffer, query: Record<string, string> = {}) =>
  uploadedRecord(await upload(file, query));

const readColumns = (record: ImportRecordResponse, body: Record<string, unknown> = {}) =>
  readColumnsAs(t.app, cookie, record, body);

const previewOf = (record: ImportRecordResponse) => previewAs(t.app, cookie, record.uploadUuid);

/** The months the tests load figures in: Carrier Production over all of them, and each one. */
const PERIOD = periodQuery('2025-01', '2026-10');

/**
 * Granite Peak's written premium in Carrier Production, in cents, as the network user sees it at
 * the network's level and at the agency's: over PERIOD, and in each of `months`.
 */
async function production(months: readonly string[]) {
  const figures: Record<string, bigint> = {};
  for (const [level, levelUuid] of [
    ['network', agency.networkUuid],
    ['agency', agency.uuid],
  ] as const) {
    for (const [key, period] of [
      ['2025-01..2026-10', PERIOD],
      ...months.map((m) => [m, periodQuery(m, m)] as const),
    ]) {
      const { 'P&C': cents } = await carrierWrittenPremium(t.app, cookie, granite, levelUuid, period);
      figures[`${level} ${key}`] = cents!;
    }
  }
  return figures;
}

/**
 * Maps, reads, commits, and checks that the network's and the agency's Carrier Production changed
 * by exactly the file's own totals: `byMonth` (written premium per month, as in the file) in each
 * month, their sum over the whole period, and the preview's total.
 */
async function commitAndMeasure(
  record: ImportRecordResponse,
  byMonth: Record<string, string>,
  body: Record<string, unknown> = {},
) {
  const months = Object.keys(byMonth);
  const before = await production(months);
  const read = await readColumns(record, body);
  expect(read.statusCode, read.body).toBe(200);
  const preview = await previewOf(record);
  expect(preview.errors).toEqual([]);
  const total = Object.values(byMonth).reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
  expect(preview.total.writtenPremium).toBe(centsText(total));
  const committed = await injectAs(t.app, cookie, 'POST', `/api/imports/${record.uploadUuid}/commit`);
  expect(committed.statusCode, committed.body).toBe(200);
  const after = await production(months);
  const change = Object.fromEntries(
    Object.keys(after).map((key) => [key, centsText(after[key]! - before[key]!)]),
  );
  const expected = Object.fromEntries(
    ['network', 'agency'].flatMap((level): [string, string][] => [
      [`${level} 2025-01..2026-10`, centsText(total)],
      ...Object.entries(byMonth).map(([month, amount]): [string, string] => [`${level} ${month}`, amount]),
    ]),
  );
  expect(change).toEqual(expected);
  return preview;
}

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
    const before = await production(['2026-08']);
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
    expect(await production(['2026-08'])).toEqual(before);
  });

  it('loads the stored results of formulas to the cent', async () => {
    await commitAndMeasure(await workbook(true), { '2026-08': '514554.70' });
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
    await commitAndMeasure(record, { '2026-10': '123.45' });
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
    await commitAndMeasure(record, { '2026-09': '15.00' }, { dateOrder: 'day-first' });
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
    await commitAndMeasure(record, { '2026-07': '3.00', '2026-06': '4.00' });
    const read = importRecordSchema.parse(
      (await injectAs(t.app, cookie, 'GET', `/api/imports/${record.uploadUuid}`)).json(),
    );
    expect(read.detected.dateOrder).toBe('day-first');
  });

  it('refuses a file covering a month after the current one', async () => {
    const future = await upload(csv(['Agent Code,Policy Type,Month,Written Premium']), {
      coversThrough: '2150-12',
    });
    expect(refusal(future)).toBe('A file cannot cover a month after the current one (2026-11).');
  });
});

describe("A month outside the carrier's plausible range", () => {
  it('is a row error naming the month and the range, which reaches back from the data the carrier has', async () => {
    const db = t.database.db;
    const [summit] = await db
      .insert(carriers)
      .values({ name: 'Summit Casualty', displayName: 'Summit Casualty' })
      .returning();
    await db
      .insert(agencyCodes)
      .values({ agencyUuid: agency.uuid, carrierUuid: summit!.uuid, code: 'S-1', name: 'Summit' });
    const summitFile = (rows: string[]) =>
      csv(['Agent Code,Policy Type,Month,Written Premium', ...rows.map((r) => `S-1,Personal Auto,${r}`)]);
    // A first upload for the carrier: five years before the month the file covers, through that month.
    const first = await uploaded(
      summitFile(['12/2150,10.00', '09/2021,20.00', '10/2021,30.00', '12/1999,40.00', '10/2026,50.00']),
      { carrierUuid: summit!.uuid },
    );
    expect((await readColumns(first)).statusCode).toBe(200);
    const range = 'rows may be dated 2021-10 to 2026-10.';
    const preview = await previewOf(first);
    expect(preview.errors).toEqual([
      {
        rowNumber: 2,
        column: 'Month',
        reason: `2150-12 is after 2026-10, the last month the file covers: ${range}`,
      },
      {
        rowNumber: 3,
        column: 'Month',
        reason: `2021-09 is before 2021-10 (5 years before the month the file covers): ${range}`,
      },
      {
        rowNumber: 5,
        column: 'Month',
        reason: `1999-12 is before 2021-10 (5 years before the month the file covers): ${range}`,
      },
    ]);
    expect(preview.total.writtenPremium).toBe('80.00');
    const loaded = await injectAs(t.app, cookie, 'POST', `/api/imports/${first.uploadUuid}/commit`, {
      excludeRowsWithErrors: 3,
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(
      importRecordSchema.parse(
        (await injectAs(t.app, cookie, 'GET', `/api/imports/${first.uploadUuid}`)).json(),
      ).detected.months,
    ).toEqual({ from: '2021-10', through: '2026-10' });

    // Once the carrier has figures from 2021-10, a file may reach five years before them.
    const older = await uploaded(summitFile(['10/2016,1.00', '09/2016,2.00']), {
      carrierUuid: summit!.uuid,
      coversThrough: '2026-09',
    });
    expect((await readColumns(older)).statusCode).toBe(200);
    expect((await previewOf(older)).errors).toEqual([
      {
        rowNumber: 3,
        column: 'Month',
        reason:
          "2016-09 is before 2016-10 (5 years before the carrier's first reported month, 2021-10): rows may be dated 2016-10 to 2026-09.",
      },
    ]);
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
    await commitAndMeasure(record, { '2026-05': '409887.00' }, { decimalSeparator: 'comma' });
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
    await commitAndMeasure(record, { '2026-04': '13580.00' });
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
    await commitAndMeasure(record, { '2026-03': '30.48' });
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
    await commitAndMeasure(record, { '2025-04': '700.00', '2025-05': '300.00' });
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
    await commitAndMeasure(record, { '2025-08': '5.00' }, { oneMonth: true });
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

describe('Two columns with one name', () => {
  const HEADER = 'Agent Code,,Month,Premium,Premium';
  const twins = {
    agencyCode: 'Agent Code',
    lineOfBusiness: 'Column B (no name)',
    month: 'Month',
    newWrittenPremium: 'Premium (column D)',
    writtenPremium: 'Premium (column E)',
  };

  it('maps each one by its position, loads each to its own field, and remembers them so', async () => {
    // A month no other test loads: the file's cell is empty before it.
    const record = await uploaded(csv([HEADER, 'A-100,Personal Auto,2025-11,100.00,40.00']));
    expect(refusal(await readColumns(record, { columns: { ...twins, writtenPremium: 'Premium' } }))).toBe(
      'The file has no column "Premium".',
    );
    const preview = await commitAndMeasure(
      record,
      { '2025-11': '40.00' },
      { columns: twins, profileName: 'Twin premiums' },
    );
    expect(preview.total.newWrittenPremium).toBe('100.00');

    // The next file of this layout is proposed the same columns; one whose columns moved keeps
    // only those still at their place.
    expect((await uploaded(csv([HEADER, 'A-100,Personal Auto,2026-10,1.00,2.00']))).proposed).toEqual({
      profileName: 'Twin premiums',
      columns: twins,
      amounts: 'monthly',
    });
    const moved = await uploaded(
      csv(['Agent Code,,Premium,Month,Premium', 'A-100,Personal Auto,1.00,2026-10,2.00']),
    );
    // Column D is now the Month: the second Premium is still column E.
    const { newWrittenPremium: _movedAway, ...stillThere } = twins;
    expect(moved.proposed.columns).toEqual(stillThere);
  });

  it('names the column of a value it cannot read by its position', async () => {
    const record = await uploaded(csv([HEADER, 'A-100,Personal Auto,2026-10,1.00,ten']));
    expect((await readColumns(record, { columns: twins, profileName: null })).statusCode).toBe(200);
    expect((await previewOf(record)).errors).toEqual([
      { rowNumber: 2, column: 'Premium (column E)', reason: '"ten" is not an amount.' },
    ]);
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
    const preview = await commitAndMeasure(record, { '2026-02': '160.00' });
    expect(preview.skipped).toEqual({ repeatedHeaders: 1, totals: 3 });
    expect(preview.rowCount).toBe(3);
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
    await commitAndMeasure(record, { '2026-01': '2502.50' });
  });

  it('reads "Unicode Text" from Excel: UTF-16 with a BOM, tab-delimited', async () => {
    const text =
      'Agent Code\tPolicy Type\tMonth\tWritten Premium\r\nA-100\tPropriétaire\t2025-12\t"1,000.01"\r\n';
    const record = await uploaded(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]), {
      fileName: 'granite.tsv',
    });
    expect(record.detected).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    await commitAndMeasure(record, { '2025-12': '1000.01' });
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

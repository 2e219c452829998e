import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  importCandidatesSchema,
  importListSchema,
  importPreviewSchema,
  importRecordSchema,
  importValuesSchema,
  type ImportRecordResponse,
} from '#shared/contracts/import.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { carriers, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { agencyCodes, productionFacts } from '#server/db/schema/facts.ts';
import { buildAgency, buildBroadLines, buildFacts, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';
import { hasStagedRows, stagedRows } from '#server/services/import/staged-rows.ts';

let t: TestApp;
let storageDir: string;
const cookies: Record<string, string> = {};
let acme: string;
let travelers: string;
let personalAuto: string;
let homeowners: string;
let agencyA: Awaited<ReturnType<typeof buildAgency>>;
let agencyB: Awaited<ReturnType<typeof buildAgency>>;
let elsewhere: Awaited<ReturnType<typeof buildAgency>>;
const codes: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who]!, method, url, payload);

async function upload(who: string, file: Buffer, query: Record<string, string>) {
  const params = new URLSearchParams({
    kind: 'production',
    coversThrough: '2026-03',
    fileName: 'acme.csv',
    ...query,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/imports?${params.toString()}`,
    headers: { cookie: cookies[who]!, 'content-type': 'application/octet-stream' },
    payload: file,
  });
}

async function uploaded(
  who: string,
  file: Buffer,
  query: Record<string, string> = {},
): Promise<ImportRecordResponse> {
  const response = await upload(who, file, query);
  expect(response.statusCode, response.body).toBe(201);
  return importRecordSchema.parse(response.json());
}

/** Maps the columns as proposed, and every value to its best suggestion. */
async function mapWithSuggestions(who: string, record: ImportRecordResponse) {
  const columns = await as(who, 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
    columns: record.proposed.columns,
    amounts: record.proposed.amounts,
    profileName: null,
  });
  expect(columns.statusCode, columns.body).toBe(200);
  for (let round = 0; round < 2; round++) {
    const values = importValuesSchema.parse(
      (await as(who, 'GET', `/api/imports/${record.uploadUuid}/values`)).json(),
    );
    const unmapped = values.values.filter((v) => v.how === 'unmapped' && v.suggestions.length > 0);
    if (unmapped.length === 0) break;
    const saved = await as(who, 'PUT', `/api/imports/${record.uploadUuid}/values`, {
      mappings: unmapped.map((v) => ({
        dimension: v.dimension,
        carrierUuid: v.carrierUuid,
        value: v.value,
        targetUuid: v.suggestions[0]!.id,
        miscellaneous: false,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

async function preview(who: string, uploadUuid: string) {
  const response = await as(who, 'GET', `/api/imports/${uploadUuid}/preview`);
  expect(response.statusCode, response.body).toBe(200);
  return importPreviewSchema.parse(response.json());
}

async function commit(who: string, uploadUuid: string) {
  return as(who, 'POST', `/api/imports/${uploadUuid}/commit`);
}

type FeedRow = {
  agency: string;
  code: string;
  line: string;
  month: string;
  written: string | null;
  earned: string | null;
};

/** The network's feed facts at Acme, one line per grain, amounts as text (null = not reported). */
async function acmeFeedFacts() {
  const rows = await t.database.db.execute<{
    key: string;
    written: string | null;
    earned: string | null;
    newb: string | null;
  }>(sql`
    select c.code || ' ' || l.code || ' ' || f.month::text as key, f.written_premium::text as written,
      f.earned::text as earned, f.new_written_premium::text as newb
    from production_facts f join agency_codes c on c.uuid = f.agency_code_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    where f.carrier_uuid = ${acme}::uuid and f.source = 'feed' and f.network_uuid = ${agencyA.networkUuid}::uuid
    order by key`);
  return rows.rows;
}

const cents = (s: string) => BigInt(s.replace('.', ''));
const dollars = (c: bigint) => {
  const neg = c < 0n;
  const abs = (neg ? -c : c).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};

/** A carrier portal's CSV: title block, messy amounts, several rows at the same grain. */
function generatedFile(): {
  csv: Buffer;
  expected: Map<string, { written: string | null; earned: string | null }>;
} {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows: FeedRow[] = [];
  const agencies = [
    ['A-100', 'A'],
    ['B-200', 'B'],
  ] as const;
  const lines = ['PA', 'Home Owners'];
  for (let i = 0; i < 120; i++) {
    const [code, agency] = agencies[i % 2]!;
    const month = `2026-0${1 + (i % 3)}`;
    const amount = () => (Math.floor(random() * 2_000_000) - 300_000) / 100;
    rows.push({
      agency,
      code,
      line: lines[Math.floor(i / 2) % 2]!,
      month,
      written: i % 17 === 0 ? null : amount().toFixed(2),
      earned: i % 11 === 0 ? '0.00' : amount().toFixed(2),
    });
  }
  const fmt = (v: string | null, i: number) => {
    if (v === null) return '';
    const c = cents(v);
    const text = dollars(c < 0n ? -c : c).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    if (c < 0n) return i % 2 === 0 ? `"($${text})"` : `-${text.replace(/,/g, '')}`;
    return i % 3 === 0 ? `"$${text}"` : text.replace(/,/g, '');
  };
  const lineText = (line: string) => line;
  const body = rows
    .map(
      (r, i) =>
        `${r.code},ACME MUTUAL INS CO,${lineText(r.line)},${r.month.slice(5)}/${r.month.slice(0, 4)},${fmt(r.written, i)},${fmt(r.earned, i + 1)}`,
    )
    .join('\r\n');
  const csv = Buffer.from(
    `\ufeffAcme Mutual Insurance Company - Agency production\r\nRun 2026-04-02\r\n\r\nAgent Code,Company,Product Line,Accounting Month,Written Premium,Earned Premium\r\n${body}\r\n`,
    'utf8',
  );
  const expected = new Map<string, { written: bigint | null; earned: bigint | null }>();
  for (const r of rows) {
    const key = `${r.code} ${r.line === 'PA' ? 'PAUTO' : 'HOME'} ${r.month}-01`;
    const e = expected.get(key) ?? { written: null, earned: null };
    const add = (a: bigint | null, v: string | null) => (v === null ? a : (a ?? 0n) + cents(v));
    expected.set(key, { written: add(e.written, r.written), earned: add(e.earned, r.earned) });
  }
  return {
    csv,
    expected: new Map(
      [...expected].map(([k, v]) => [
        k,
        {
          written: v.written === null ? null : dollars(v.written),
          earned: v.earned === null ? null : dollars(v.earned),
        },
      ]),
    ),
  };
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'imports-'));
  t = await createTestApp({ dataDir: storageDir }, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  agencyA = await buildAgency(db);
  agencyB = await buildAgency(db, { networkUuid: agencyA.networkUuid });
  elsewhere = await buildAgency(db);
  const { lines, classification } = await buildBroadLines(db);
  const pl = lines.find((l) => l.code === 'PL')!;
  const types = await db
    .insert(linesOfBusiness)
    .values([
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
        code: 'HOME',
        name: 'Homeowners',
        level: 2,
      },
    ])
    .returning();
  [personalAuto, homeowners] = [types[0]!.uuid, types[1]!.uuid];
  const rows = await db
    .insert(carriers)
    .values([
      { name: 'Acme Mutual Insurance Company', displayName: 'Acme Mutual Insurance Company' },
      { name: 'Travelers', displayName: 'Travelers' },
    ])
    .returning();
  [acme, travelers] = [rows[0]!.uuid, rows[1]!.uuid];
  const codeRows = await db
    .insert(agencyCodes)
    .values([
      { agencyUuid: agencyA.uuid, carrierUuid: acme, code: 'A-100', name: 'Agency A main' },
      { agencyUuid: agencyB.uuid, carrierUuid: acme, code: 'B-200', name: 'Agency B main' },
      { agencyUuid: elsewhere.uuid, carrierUuid: acme, code: 'C-300', name: 'Elsewhere main' },
    ])
    .returning();
  for (const c of codeRows) codes[c.code] = c.uuid;
  const users = {
    uploader: await buildUser(db, { userType: 'network', networkUuid: agencyA.networkUuid }),
    viewer: await buildUser(db, { userType: 'network', networkUuid: agencyA.networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
    owner: await buildUser(db, { agencyUuid: agencyA.uuid, networkUuid: agencyA.networkUuid, isOwner: true }),
    member: await buildUser(db, { agencyUuid: agencyA.uuid, networkUuid: agencyA.networkUuid }),
    stranger: await buildUser(db, { userType: 'network', networkUuid: elsewhere.networkUuid }),
  };
  await db.insert(userPermissions).values(
    [users.uploader, users.staff, users.stranger].map((u) => ({
      userId: u.id,
      permission: UPLOAD_PERMISSION,
    })),
  );
  for (const [who, user] of Object.entries(users)) cookies[who] = await signIn(t.app, user.email);
});
afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('Uploading carrier files', () => {
  const { csv, expected } = generatedFile();
  let first: ImportRecordResponse;
  let second: ImportRecordResponse;
  let before: Awaited<ReturnType<typeof acmeFeedFacts>>;

  it('detects the layout and proposes the columns from the header', async () => {
    first = await uploaded('uploader', csv);
    expect(first).toMatchObject({
      status: 'staged',
      detected: { format: 'csv', encoding: 'utf-8-bom', delimiter: ',', sheet: null, headerRowNumber: 4 },
      proposed: {
        profileName: null,
        columns: {
          agencyCode: 'Agent Code',
          carrier: 'Company',
          lineOfBusiness: 'Product Line',
          month: 'Accounting Month',
          writtenPremium: 'Written Premium',
          earned: 'Earned Premium',
        },
      },
    });
    expect(first.fileHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('suggests matches for unmapped carriers and types, and loads facts equal to the file to the cent', async () => {
    // A fact already loaded for one of the file's cells: the upload replaces it.
    await t.database.db.insert(productionFacts).values({
      agencyUuid: agencyA.uuid,
      networkUuid: agencyA.networkUuid,
      carrierUuid: acme,
      lineUuid: personalAuto,
      agencyCodeUuid: codes['A-100']!,
      month: '2026-01-01',
      source: 'feed',
      writtenPremium: '99999.99',
    });
    before = await acmeFeedFacts();
    await as('uploader', 'PUT', `/api/imports/${first.uploadUuid}/columns`, {
      columns: first.proposed.columns,
    });
    const values = importValuesSchema.parse(
      (await as('uploader', 'GET', `/api/imports/${first.uploadUuid}/values`)).json(),
    );
    const carrier = values.values.find((v) => v.dimension === 'carrier')!;
    expect(carrier).toMatchObject({ value: 'ACME MUTUAL INS CO', how: 'unmapped', rows: 120 });
    expect(carrier.suggestions[0]).toMatchObject({ id: acme, name: 'Acme Mutual Insurance Company' });
    const pa = values.values.find((v) => v.dimension === 'line' && v.value === 'PA')!;
    expect(pa.suggestions[0]?.id).toBe(personalAuto);
    const home = values.values.find((v) => v.dimension === 'line' && v.value === 'Home Owners')!;
    expect(home.suggestions[0]?.id).toBe(homeowners);

    const unmappedPreview = await preview('uploader', first.uploadUuid);
    expect(unmappedPreview.errorCount).toBe(240); // each row: its carrier and its policy type
    expect(unmappedPreview.errors.slice(0, 2)).toEqual([
      {
        rowNumber: 5,
        column: 'Company',
        reason: 'The carrier "ACME MUTUAL INS CO" is not mapped to a carrier.',
      },
      {
        rowNumber: 5,
        column: 'Product Line',
        reason: 'The policy type "PA" is not mapped to a standard type.',
      },
    ]);

    await mapWithSuggestions('uploader', first);
    const mapped = await preview('uploader', first.uploadUuid);
    expect(mapped).toMatchObject({ rowCount: 120, rowsToLoad: 120, errorCount: 0, errors: [] });
    const sum = (field: 'written' | 'earned') =>
      dollars([...expected.values()].reduce((s, v) => s + (v[field] === null ? 0n : cents(v[field])), 0n));
    expect(mapped.total.writtenPremium).toBe(sum('written'));
    expect(mapped.total.earned).toBe(sum('earned'));
    expect(mapped.byAgency.map((a) => a.agencyUuid).sort()).toEqual([agencyA.uuid, agencyB.uuid].sort());
    expect(mapped.byMonth.map((m) => m.month)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(mapped.byCarrier).toEqual([
      expect.objectContaining({ carrierUuid: acme, writtenPremium: sum('written') }),
    ]);
    expect(await acmeFeedFacts()).toEqual(before); // nothing written before the commit

    const committed = await commit('uploader', first.uploadUuid);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(importRecordSchema.parse(committed.json())).toMatchObject({
      status: 'committed',
      rowsLoaded: 120,
      rowsSkipped: 0,
      total: { writtenPremium: sum('written') },
    });
    const facts = await acmeFeedFacts();
    expect(new Map(facts.map((f) => [f.key, { written: f.written, earned: f.earned }]))).toEqual(expected);
    expect(facts.every((f) => f.newb === null)).toBe(true); // a column not in the file stays "not reported"
    const months = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from carrier_reported_months where carrier_uuid = ${acme}::uuid
        and agency_uuid in (${agencyA.uuid}::uuid, ${agencyB.uuid}::uuid)`);
    expect(months.rows[0]!.n).toBe(6);
    // The staged rows and the kept file go once loaded.
    expect(await hasStagedRows(t.database.db, first.uploadUuid)).toBe(false);
    expect(existsSync(path.join(storageDir, 'imports', first.uploadUuid))).toBe(false);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'import' and entity_id = ${first.uploadUuid}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it("maps next month's file by itself and replaces, never doubles, on a second upload of the same file", async () => {
    const profileSaved = await as('uploader', 'PUT', `/api/imports/${first.uploadUuid}/columns`, {
      columns: first.proposed.columns,
    });
    expect(profileSaved.statusCode).toBe(409); // a loaded upload is not read again
    second = await uploaded('uploader', csv);
    expect(second.proposed.profileName).not.toBeNull(); // the first upload remembered its columns
    await as('uploader', 'PUT', `/api/imports/${second.uploadUuid}/columns`, {
      columns: second.proposed.columns,
    });
    const values = importValuesSchema.parse(
      (await as('uploader', 'GET', `/api/imports/${second.uploadUuid}/values`)).json(),
    );
    expect(values.values.every((v) => v.how !== 'unmapped')).toBe(true);
    expect((await commit('uploader', second.uploadUuid)).statusCode).toBe(200);
    const facts = await acmeFeedFacts();
    expect(new Map(facts.map((f) => [f.key, { written: f.written, earned: f.earned }]))).toEqual(expected);
  });

  it('undoes the latest upload first, and undoing both restores what was there before', async () => {
    const early = await as('uploader', 'POST', `/api/imports/${first.uploadUuid}/undo`);
    expect(early.statusCode).toBe(409);
    expect(errorResponseSchema.parse(early.json()).error.message).toBe(
      'A later upload ("acme.csv") replaced some of the same figures: undo it first.',
    );
    expect((await as('uploader', 'POST', `/api/imports/${second.uploadUuid}/undo`)).statusCode).toBe(200);
    const afterOne = await acmeFeedFacts();
    expect(new Map(afterOne.map((f) => [f.key, { written: f.written, earned: f.earned }]))).toEqual(expected);
    const undone = await as('uploader', 'POST', `/api/imports/${first.uploadUuid}/undo`);
    expect(importRecordSchema.parse(undone.json()).status).toBe('undone');
    expect(await acmeFeedFacts()).toEqual(before);
    const list = importListSchema.parse((await as('uploader', 'GET', '/api/imports')).json());
    expect(list.imports.map((i) => i.status)).toEqual(['undone', 'undone']);
  });

  it('names bad rows precisely (row, column, why) and writes nothing', async () => {
    const file = Buffer.from(
      [
        'Agency Code;Policy Type;Month;Written Premium;New Business',
        'A-100;Personal Auto;2026-03;1.000,00;0',
        'A-100;Personal Auto;2026-03;12.50;abc',
        'Z-999;Homeowners;2026-02;5;5',
        'A-100;Homeowners;2026-04;5;5',
        'A-100;;2026-03;5;5',
      ].join('\n'),
    );
    const record = await uploaded('uploader', file, { carrierUuid: acme, fileName: 'bad.csv' });
    expect(record.detected.delimiter).toBe(';');
    // '1.000,00' and '12.50' cannot both be right: the file's decimal separator must be declared.
    const undeclared = await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
    });
    expect(undeclared.statusCode).toBe(400);
    expect(errorResponseSchema.parse(undeclared.json()).error.message).toBe(
      'The file has amounts written with a decimal point, such as "12.50" (row 3, Written Premium), and with a decimal comma, such as "1.000,00" (row 2, Written Premium): declare its decimal separator.',
    );
    await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
      decimalSeparator: 'point',
    });
    const result = await preview('uploader', record.uploadUuid);
    expect(result.errors).toEqual([
      { rowNumber: 2, column: 'Written Premium', reason: '"1.000,00" is not an amount.' },
      { rowNumber: 3, column: 'New Business', reason: '"abc" is not an amount.' },
      {
        rowNumber: 4,
        column: 'Agency Code',
        reason: 'The agency code "Z-999" is not mapped to an agency code of the network.',
      },
      {
        rowNumber: 5,
        column: 'Month',
        reason:
          '2026-04 is after 2026-03, the last month the file covers: rows may be dated 2021-03 to 2026-03.',
      },
      { rowNumber: 6, column: 'Policy Type', reason: 'The policy type / standard type is blank.' },
    ]);
    const before = await acmeFeedFacts();
    const refused = await commit('uploader', record.uploadUuid);
    expect(refused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(
      '5 row errors: nothing was loaded. Correct the file or the mappings and try again.',
    );
    expect(await acmeFeedFacts()).toEqual(before);
    const still = importRecordSchema.parse(
      (await as('uploader', 'GET', `/api/imports/${record.uploadUuid}`)).json(),
    );
    expect(still.status).toBe('staged');
  });

  it('refuses to preview or load a file whose staged rows were lost, rather than load fewer rows', async () => {
    const file = Buffer.from(
      ['Agency Code,Policy Type,Month,Written Premium', 'A-100,Personal Auto,2026-03,10.00'].join('\n'),
    );
    const record = await uploaded('uploader', file, { carrierUuid: acme, fileName: 'lost.csv' });
    await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
    });
    expect((await preview('uploader', record.uploadUuid)).rowCount).toBe(1);
    // The staging table is unlogged: a restart of the database empties it, as this does.
    await t.database.db.execute(sql`truncate ${stagedRows(record.uploadUuid)}`);
    const before = await acmeFeedFacts();
    for (const response of [
      await as('uploader', 'GET', `/api/imports/${record.uploadUuid}/preview`),
      await commit('uploader', record.uploadUuid),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(errorResponseSchema.parse(response.json()).error.message).toBe(
        'The rows read from this file are no longer on the server: map its columns again to read it again.',
      );
    }
    expect(await acmeFeedFacts()).toEqual(before);
    await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
    });
    expect((await preview('uploader', record.uploadUuid)).rowCount).toBe(1);
  });

  it('puts rows that are not carrier business in the Miscellaneous bucket and skips them', async () => {
    const file = Buffer.from(
      'Agency Code,Policy Type,Written Premium\nA-100,Personal Auto,10\nA-100,Premium finance fee,3\n',
    );
    const record = await uploaded('uploader', file, { carrierUuid: travelers, fileName: 'travelers.csv' });
    await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
      oneMonth: true,
    });
    const codeError = {
      column: 'Agency Code',
      reason: 'The agency code "A-100" is not mapped to an agency code of the network.',
    };
    // Agency codes are matched at their carrier: Travelers does not know A-100 yet.
    expect((await preview('uploader', record.uploadUuid)).errors).toEqual([
      { rowNumber: 2, ...codeError },
      { rowNumber: 3, ...codeError },
      {
        rowNumber: 3,
        column: 'Policy Type',
        reason: 'The policy type "Premium finance fee" is not mapped to a standard type.',
      },
    ]);
    const put = await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/values`, {
      mappings: [
        {
          dimension: 'line',
          carrierUuid: null,
          value: 'Premium finance fee',
          targetUuid: null,
          miscellaneous: true,
        },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect((await preview('uploader', record.uploadUuid)).errors).toEqual([{ rowNumber: 2, ...codeError }]);
    // An agency code belongs to its carrier, even in Miscellaneous: one without a carrier is refused.
    const noCarrier = await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/values`, {
      mappings: [
        { dimension: 'agencyCode', carrierUuid: null, value: 'A-100', targetUuid: null, miscellaneous: true },
      ],
    });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.json()).toMatchObject({
      error: {
        message: 'An agency code is mapped at its carrier: name the carrier of "A-100".',
        fields: { 'mappings.0': 'Name the carrier.' },
      },
    });
    await t.database.db.insert(agencyCodes).values({
      agencyUuid: agencyA.uuid,
      carrierUuid: travelers,
      code: 'A-100',
      name: 'Agency A at Travelers',
    });
    const ready = await preview('uploader', record.uploadUuid);
    expect(ready).toMatchObject({ errorCount: 0, rowsMiscellaneous: 1, total: { writtenPremium: '10.00' } });
    const done = importRecordSchema.parse((await commit('uploader', record.uploadUuid)).json());
    expect(done).toMatchObject({ rowsLoaded: 1, rowsSkipped: 1 });
  });

  it('reads an XLSX commission statement', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('Statement')
      .addRows([
        ['Commission statement, March 2026'],
        ['Producer Code', 'LOB', 'Statement Month', 'Written Premium', 'Commission', 'Contingent'],
        ['A-100', 'Personal Lines', new Date(Date.UTC(2026, 2, 1)), 1000.1, 150.02, null],
        ['A-100', 'PL', new Date(Date.UTC(2026, 2, 1)), 2000, 300, 0],
      ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const record = await uploaded('uploader', file, {
      kind: 'commission',
      carrierUuid: acme,
      fileName: 'march.xlsx',
    });
    expect(record.detected).toMatchObject({ format: 'xlsx', sheet: 'Statement', headerRowNumber: 2 });
    await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
    });
    await mapWithSuggestions('uploader', record);
    expect((await commit('uploader', record.uploadUuid)).statusCode).toBe(200);
    const facts = await t.database.db.execute<{ written: string; base: string; extra: string }>(sql`
      select written_premium::text as written, base_commission::text as base, additional_commission::text as extra
      from commission_facts where agency_uuid = ${agencyA.uuid}::uuid and carrier_uuid = ${acme}::uuid`);
    expect(facts.rows).toEqual([{ written: '3000.10', base: '450.02', extra: '0.00' }]);
  });
});

describe('Who may upload', () => {
  const file = Buffer.from('Agency Code,Policy Type,Written Premium\nB-200,Personal Auto,10\n');

  it('refuses users without the upload permission, and agency users who are not administrators', async () => {
    for (const who of ['viewer', 'member']) {
      const response = await upload(who, file, { carrierUuid: acme });
      expect(response.statusCode, who).toBe(403);
    }
  });

  it('lists every carrier and standard type to match beyond the suggestions, and hides them from other networks', async () => {
    const record = await uploaded('uploader', file, { carrierUuid: acme });
    const list = async (who: string, query: string) =>
      as(who, 'GET', `/api/imports/${record.uploadUuid}/candidates?${query}`);
    const carriersFound = importCandidatesSchema.parse((await list('uploader', 'dimension=carrier')).json());
    expect(carriersFound.candidates.map((c) => c.id)).toEqual(expect.arrayContaining([acme, travelers]));
    const types = importCandidatesSchema.parse((await list('uploader', 'dimension=line')).json());
    expect(types.candidates).toEqual(
      expect.arrayContaining([
        { id: personalAuto, name: 'Personal Auto' },
        { id: homeowners, name: 'Homeowners' },
      ]),
    );
    const networkCodes = importCandidatesSchema.parse(
      (await list('uploader', `dimension=agencyCode&carrierUuid=${acme}`)).json(),
    );
    // The network's codes at Acme, not another network's (C-300).
    expect(networkCodes.candidates.map((c) => c.id).sort()).toEqual([codes['A-100'], codes['B-200']].sort());
    const noCarrier = await list('uploader', 'dimension=agencyCode');
    expect(noCarrier.statusCode).toBe(400);
    expect(errorResponseSchema.parse(noCarrier.json()).error.message).toBe(
      'Name the carrier of the agency codes.',
    );
    expect((await list('stranger', 'dimension=carrier')).statusCode).toBe(404);
  });

  it("hides one network's uploads from another, and staff must name the network", async () => {
    const record = await uploaded('uploader', file, { carrierUuid: acme });
    for (const url of [`/api/imports/${record.uploadUuid}`, `/api/imports/${record.uploadUuid}/preview`]) {
      expect((await as('stranger', 'GET', url)).statusCode).toBe(404);
    }
    expect((await as('stranger', 'POST', `/api/imports/${record.uploadUuid}/commit`)).statusCode).toBe(404);
    const list = importListSchema.parse((await as('stranger', 'GET', '/api/imports')).json());
    expect(list.imports).toEqual([]);
    expect(
      (await upload('stranger', file, { carrierUuid: acme, networkUuid: agencyA.networkUuid })).statusCode,
    ).toBe(403);
    expect((await upload('staff', file, { carrierUuid: acme })).statusCode).toBe(400);
    expect(
      (await upload('staff', file, { carrierUuid: acme, networkUuid: agencyA.networkUuid })).statusCode,
    ).toBe(201);
    expect((await as('staff', 'GET', `/api/imports/${record.uploadUuid}`)).statusCode).toBe(200);
  });

  it("lets an agency administrator load their own agency's codes only", async () => {
    const record = await uploaded('owner', file, { carrierUuid: acme });
    expect(record.agencyUuid).toBe(agencyA.uuid);
    await as('owner', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
      oneMonth: true,
    });
    expect((await preview('owner', record.uploadUuid)).errors).toEqual([
      {
        rowNumber: 2,
        column: 'Agency Code',
        reason: 'The agency code "B-200" is not mapped to an agency code of your agency.',
      },
    ]);
    const values = importValuesSchema.parse(
      (await as('owner', 'GET', `/api/imports/${record.uploadUuid}/values`)).json(),
    );
    expect(
      values.values.find((v) => v.dimension === 'agencyCode')?.suggestions.map((s) => s.id),
    ).not.toContain(codes['B-200']);
    const forced = await as('owner', 'PUT', `/api/imports/${record.uploadUuid}/values`, {
      mappings: [
        {
          dimension: 'agencyCode',
          carrierUuid: acme,
          value: 'B-200',
          targetUuid: codes['B-200'],
          miscellaneous: false,
        },
      ],
    });
    expect(forced.statusCode).toBe(400);
    // Searching beyond the suggestions lists the agency's own codes only, whoever looks at its upload.
    const codesFor = async (who: string) =>
      importCandidatesSchema
        .parse(
          (
            await as(
              who,
              'GET',
              `/api/imports/${record.uploadUuid}/candidates?dimension=agencyCode&carrierUuid=${acme}`,
            )
          ).json(),
        )
        .candidates.map((c) => c.id)
        .sort();
    expect(await codesFor('owner')).toEqual([codes['A-100']]);
    expect(await codesFor('uploader')).toEqual([codes['A-100']]);
    expect((await as('uploader', 'GET', `/api/imports/${record.uploadUuid}`)).statusCode).toBe(200);
    expect((await as('member', 'GET', `/api/imports/${record.uploadUuid}`)).statusCode).toBe(403);
  });
});

describe('An upload and a manual entry at once', () => {
  it('both survive', async () => {
    const file = Buffer.from(
      'Agency Code,Policy Type,Month,Written Premium\nA-100,Personal Auto,2026-05,700.25\n',
    );
    const record = await uploaded('uploader', file, { carrierUuid: acme, coversThrough: '2026-05' });
    await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
    });
    const [committed, manual] = await Promise.all([
      commit('uploader', record.uploadUuid),
      as('owner', 'POST', '/api/carrierentry/new', {
        carrierUuid: acme,
        subCodeUuid: codes['A-100'],
        subCode: 'A-100',
        policyType: 'PL',
        year: 2026,
        month: 5,
        writtenPremium: '300.00',
        newBusiness: '0',
        mover: '0',
        incurredLoss: '0',
        earnedPremium: '0',
        lossRatio: '',
        radio: 'incurredLossEarnedPremium',
        requestId: randomUUID(),
      }),
    ]);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(manual.statusCode, manual.body).toBe(200);
    const facts = await t.database.db.execute<{ source: string; written: string }>(sql`
      select source, sum(written_premium)::text as written from production_facts
      where agency_uuid = ${agencyA.uuid}::uuid and carrier_uuid = ${acme}::uuid and month = '2026-05-01'
      group by source order by source`);
    expect(facts.rows).toEqual([
      { source: 'feed', written: '700.25' },
      { source: 'manual', written: '300.00' },
    ]);
  });
});

describe('A year-to-date file', () => {
  /** Travelers' feed facts of agency A's code T-1 in Personal Auto, month by month. */
  async function travelersMonths() {
    const rows = await t.database.db.execute<{
      month: string;
      written: string | null;
      earned: string | null;
    }>(sql`
      select month::text as month, written_premium::text as written, earned::text as earned
      from production_facts where carrier_uuid = ${travelers}::uuid and agency_code_uuid = ${codes['T-1']}::uuid
        and line_uuid = ${personalAuto}::uuid and source = 'feed'
      order by month`);
    return rows.rows;
  }

  it("loads each month's figure: the year to date less what the year already holds", async () => {
    const [code] = await t.database.db
      .insert(agencyCodes)
      .values({
        agencyUuid: agencyA.uuid,
        carrierUuid: travelers,
        code: 'T-1',
        name: 'Agency A at Travelers',
      })
      .returning();
    codes['T-1'] = code!.uuid;
    // January came in an earlier monthly file.
    await buildFacts(t.database.db, agencyA, [
      {
        carrierUuid: travelers,
        lineUuid: personalAuto,
        agencyCodeUuid: code!.uuid,
        month: '2026-01-01',
        source: 'feed',
        writtenPremium: '100.00',
        earned: '10.00',
      },
    ]);
    const file = Buffer.from(
      [
        'Agent Code,Policy Type,YTD Thru,YTD Written Premium,YTD Earned',
        'T-1,Personal Auto,02/2026,250.00,40.00',
        'T-1,Personal Auto,03/2026,400.00,',
        'T-1,Personal Auto,03/2026,50.00,45.00',
      ].join('\n'),
    );
    const record = await uploaded('uploader', file, { carrierUuid: travelers, coversThrough: '2026-03' });
    expect(record.proposed.amounts).toBe('ytd');
    await mapWithSuggestions('uploader', record);
    const checked = await preview('uploader', record.uploadUuid);
    expect(checked.errorCount).toBe(0);
    expect(checked.byMonth.map((m) => [m.month, m.writtenPremium, m.earned])).toEqual([
      ['2026-02-01', '150.00', '30.00'],
      ['2026-03-01', '200.00', '5.00'],
    ]);
    expect((await commit('uploader', record.uploadUuid)).statusCode).toBe(200);
    expect(await travelersMonths()).toEqual([
      { month: '2026-01-01', written: '100.00', earned: '10.00' },
      { month: '2026-02-01', written: '150.00', earned: '30.00' },
      { month: '2026-03-01', written: '200.00', earned: '5.00' },
    ]);
  });

  it('reads a file without a month column as year to date through the month it covers', async () => {
    const file = Buffer.from('Agent Code,Policy Type,YTD Written Premium\nT-1,Personal Auto,"$1,000.00"\n');
    const record = await uploaded('uploader', file, { carrierUuid: travelers, coversThrough: '2026-04' });
    const columns = await as('uploader', 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
      columns: record.proposed.columns,
      amounts: 'ytd',
      profileName: null,
      oneMonth: true,
    });
    expect(importRecordSchema.parse(columns.json()).amounts).toBe('ytd');
    expect((await commit('uploader', record.uploadUuid)).statusCode).toBe(200);
    // 1,000.00 less January to March (450.00); earned is not in the file, so not reported.
    expect((await travelersMonths()).at(-1)).toEqual({
      month: '2026-04-01',
      written: '550.00',
      earned: null,
    });
  });
});

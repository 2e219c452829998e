import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { importListSchema, importRecordSchema } from '#shared/contracts/import.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { imports } from '#server/db/schema/imports.ts';
import { hasStagedRows } from '#server/services/import/staged-rows.ts';
import {
  buildAgency,
  buildCarrier,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';
import {
  carrierWrittenPremium,
  periodQuery,
  previewOf,
  readColumns,
  uploadedRecord,
  uploadFile,
} from '#tests/support/uploads.ts';

const THIS_YEAR = periodQuery('2026-01', '2026-10');

/**
 * What a commit replaces and what an undo restores: a file replaces exactly the agency x carrier x
 * agency code x line x month cells it has figures for (a declared restatement: every line of those
 * months, listed in the preview), uploads undo in any order, rows with errors are left out only by an
 * explicit choice, unloaded uploads are discarded or expire, the list pages, and a file already
 * loaded is flagged. Today is 2026-11-22 (latest reporting month 2026-10).
 */
let t: TestApp;
let storageDir: string;
const cookies: Record<string, string> = {};
let networkUuid: string;
let agencyA: Awaited<ReturnType<typeof buildAgency>>;
let agencyB: Awaited<ReturnType<typeof buildAgency>>;
let carrier: string;

const as = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who]!, method, url, payload);

const upload = async (who: string, csv: string, query: Record<string, string> = {}) =>
  uploadedRecord(
    await uploadFile(t.app, cookies[who]!, csv, {
      coversThrough: '2026-10',
      fileName: 'granite.csv',
      carrierUuid: carrier,
      ...query,
    }),
  );

/** Uploaded and read with the proposed columns: ready to preview. */
async function staged(who: string, csv: string, query: Record<string, string> = {}) {
  const record = await upload(who, csv, query);
  const columns = await readColumns(t.app, cookies[who]!, record);
  expect(columns.statusCode, columns.body).toBe(200);
  return record;
}

const preview = (who: string, uploadUuid: string, restatement = false) =>
  previewOf(t.app, cookies[who]!, uploadUuid, restatement);

const commit = (who: string, uploadUuid: string, body?: unknown) =>
  as(who, 'POST', `/api/imports/${uploadUuid}/commit`, body);

async function committed(who: string, uploadUuid: string, body?: unknown) {
  const response = await commit(who, uploadUuid, body);
  expect(response.statusCode, response.body).toBe(200);
  return importRecordSchema.parse(response.json());
}

async function undo(who: string, uploadUuid: string) {
  const response = await as(who, 'POST', `/api/imports/${uploadUuid}/undo`);
  expect(response.statusCode, response.body).toBe(200);
  return importRecordSchema.parse(response.json());
}

const messageOf = (response: { json: () => unknown }) =>
  errorResponseSchema.parse(response.json()).error.message;

/** A production file of the carrier: agency code, policy type, month, written premium. */
const file = (rows: readonly (readonly [string, string, string, string])[]) =>
  ['Agency Code,Policy Type,Month,Written Premium', ...rows.map((r) => r.join(','))].join('\n') + '\n';

/**
 * The carrier's Carrier Production written premium this year, in cents, per broad line and in all
 * (P&C), as the network and as agency A see it (GET /api/core-production/by-carrier).
 */
async function carrierProduction() {
  const at = async (levelUuid: string) => {
    const lines = await carrierWrittenPremium(t.app, cookies.uploader!, carrier, levelUuid, THIS_YEAR, [
      'PL',
      'CL',
      'P&C',
    ]);
    return { PL: lines.PL!, CL: lines.CL!, total: lines['P&C']! };
  };
  return { network: await at(networkUuid), agencyA: await at(agencyA.uuid) };
}

type Production = Awaited<ReturnType<typeof carrierProduction>>;
const change = (before: Production, after: Production) => ({
  network: {
    PL: after.network.PL - before.network.PL,
    CL: after.network.CL - before.network.CL,
    total: after.network.total - before.network.total,
  },
  agencyA: {
    PL: after.agencyA.PL - before.agencyA.PL,
    CL: after.agencyA.CL - before.agencyA.CL,
    total: after.agencyA.total - before.agencyA.total,
  },
});

/** The carrier's feed facts: 'code line month' -> written premium. */
async function facts() {
  const rows = await t.database.db.execute<{ key: string; written: string | null }>(sql`
    select c.code || ' ' || l.code || ' ' || f.month::text as key, f.written_premium::text as written
    from production_facts f join agency_codes c on c.uuid = f.agency_code_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    where f.carrier_uuid = ${carrier}::uuid and f.source = 'feed' order by key`);
  return Object.fromEntries(rows.rows.map((r) => [r.key, r.written]));
}

async function reported(agencyUuid: string, month: string) {
  const rows = await t.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from carrier_reported_months
    where agency_uuid = ${agencyUuid}::uuid and carrier_uuid = ${carrier}::uuid and month = ${month}::date`);
  return rows.rows[0]!.n === 1;
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'import-commits-'));
  t = await createTestApp({ dataDir: storageDir }, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  agencyA = await buildAgency(db);
  networkUuid = agencyA.networkUuid;
  agencyB = await buildAgency(db, { networkUuid });
  await buildLineTree(db, {
    PL: [
      ['PAUTO', 'Personal Auto'],
      ['HOME', 'Homeowners'],
    ],
    CL: [
      ['CAUTO', 'Commercial Auto'],
      ['GL', 'General Liability'],
    ],
  });
  carrier = (await buildCarrier(db, { name: 'Granite Peak Insurance' })).uuid;
  await db.insert(agencyCodes).values([
    { agencyUuid: agencyA.uuid, carrierUuid: carrier, code: 'A-1', name: 'A at Granite Peak' },
    { agencyUuid: agencyB.uuid, carrierUuid: carrier, code: 'B-1', name: 'B at Granite Peak' },
  ]);
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    agencyA.uuid,
    agencyB.uuid,
  ]);
  const users = {
    uploader: await buildUser(db, { userType: 'network', networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
    owner: await buildUser(db, { agencyUuid: agencyA.uuid, networkUuid, isOwner: true }),
    administrator: await buildUser(db, { agencyUuid: agencyA.uuid, networkUuid, isAdministrator: true }),
  };
  await db
    .insert(userPermissions)
    .values([users.uploader, users.staff].map((u) => ({ userId: u.id, permission: UPLOAD_PERMISSION })));
  for (const [who, user] of Object.entries(users)) cookies[who] = await signIn(t.app, user.email);
});
afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('A second file for the same agency, carrier and month', () => {
  const personal = file([
    ['A-1', 'Personal Auto', '2026-09', '1234.56'],
    ['A-1', 'Homeowners', '2026-09', '789.01'],
    ['B-1', 'Personal Auto', '2026-09', '100.10'],
  ]);
  const commercial = file([
    ['A-1', 'Commercial Auto', '2026-09', '5000.05'],
    ['A-1', 'General Liability', '2026-09', '250.25'],
  ]);
  const none = { PL: 0n, CL: 0n, total: 0n };
  const plChange = {
    network: { PL: 212_367n, CL: 0n, total: 212_367n },
    agencyA: { PL: 202_357n, CL: 0n, total: 202_357n },
  };
  const clChange = {
    network: { PL: 0n, CL: 525_030n, total: 525_030n },
    agencyA: { PL: 0n, CL: 525_030n, total: 525_030n },
  };

  it("keeps the first file's other lines, each file changing Carrier Production by exactly its own totals", async () => {
    const start = await carrierProduction();
    const pl = await staged('uploader', personal, { fileName: 'personal.csv' });
    expect((await preview('uploader', pl.uploadUuid)).replaced).toEqual([]);
    await committed('uploader', pl.uploadUuid);
    const afterPl = await carrierProduction();
    expect(change(start, afterPl)).toEqual(plChange);

    const cl = await staged('uploader', commercial, { fileName: 'commercial.csv' });
    // The commercial file names no personal line: it replaces nothing that is loaded.
    expect((await preview('uploader', cl.uploadUuid)).replaced).toEqual([]);
    await committed('uploader', cl.uploadUuid);
    const afterCl = await carrierProduction();
    expect(change(afterPl, afterCl)).toEqual(clChange);
    expect(await facts()).toEqual({
      'A-1 CAUTO 2026-09-01': '5000.05',
      'A-1 GL 2026-09-01': '250.25',
      'A-1 HOME 2026-09-01': '789.01',
      'A-1 PAUTO 2026-09-01': '1234.56',
      'B-1 PAUTO 2026-09-01': '100.10',
    });

    // The first file's undo is no longer refused: it takes back exactly its own figures.
    await undo('uploader', pl.uploadUuid);
    const plUndone = await carrierProduction();
    expect(change(afterCl, plUndone)).toEqual({
      network: { PL: -212_367n, CL: 0n, total: -212_367n },
      agencyA: { PL: -202_357n, CL: 0n, total: -202_357n },
    });
    expect(await reported(agencyA.uuid, '2026-09-01')).toBe(true); // the commercial figures remain
    await undo('uploader', cl.uploadUuid);
    expect(change(start, await carrierProduction())).toEqual({ network: none, agencyA: none });
    expect(await facts()).toEqual({});
    expect(await reported(agencyA.uuid, '2026-09-01')).toBe(false);
    expect(await reported(agencyB.uuid, '2026-09-01')).toBe(false);
  });

  it('undoes in the other order too', async () => {
    const start = await carrierProduction();
    const pl = await staged('uploader', personal, { fileName: 'personal.csv' });
    await committed('uploader', pl.uploadUuid);
    const cl = await staged('uploader', commercial, { fileName: 'commercial.csv' });
    await committed('uploader', cl.uploadUuid);
    await undo('uploader', cl.uploadUuid);
    expect(change(start, await carrierProduction())).toEqual(plChange);
    await undo('uploader', pl.uploadUuid);
    expect(change(start, await carrierProduction())).toEqual({ network: none, agencyA: none });
    expect(await facts()).toEqual({});
  });

  it('still refuses to undo an upload whose figures a later one replaced, naming that upload', async () => {
    const first = await staged('uploader', personal, { fileName: 'personal.csv' });
    await committed('uploader', first.uploadUuid);
    const again = await staged('uploader', file([['A-1', 'Homeowners', '2026-09', '800.00']]), {
      fileName: 'homeowners-fix.csv',
    });
    const p = await preview('uploader', again.uploadUuid);
    expect(p.replaced).toEqual([
      expect.objectContaining({
        agencyUuid: agencyA.uuid,
        lineName: 'Homeowners',
        removed: false,
        figures: 1,
        writtenPremium: '789.01',
      }),
    ]);
    await committed('uploader', again.uploadUuid);
    expect((await facts())['A-1 HOME 2026-09-01']).toBe('800.00');
    expect((await facts())['A-1 PAUTO 2026-09-01']).toBe('1234.56');
    const refused = await as('uploader', 'POST', `/api/imports/${first.uploadUuid}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(
      'A later upload ("homeowners-fix.csv") replaced some of the same figures: undo it first.',
    );
    await undo('uploader', again.uploadUuid);
    await undo('uploader', first.uploadUuid);
    expect(await facts()).toEqual({});
  });
});

describe('A full restatement', () => {
  it('lists by agency and line the figures it removes, with their totals, and removes exactly those', async () => {
    const base = await staged(
      'uploader',
      file([
        ['A-1', 'Personal Auto', '2026-08', '300.33'],
        ['A-1', 'Homeowners', '2026-08', '444.44'],
        ['A-1', 'Homeowners', '2026-08', '0.01'],
        ['A-1', 'Commercial Auto', '2026-08', '1000.01'],
        ['A-1', 'Commercial Auto', '2026-07', '70.00'],
        ['B-1', 'General Liability', '2026-08', '55.55'],
      ]),
      { fileName: 'august.csv' },
    );
    await committed('uploader', base.uploadUuid);
    const before = await carrierProduction();
    const restated = await staged('uploader', file([['A-1', 'Personal Auto', '2026-08', '310.00']]), {
      fileName: 'august-restated.csv',
    });
    const line = (lineName: string, removed: boolean, written: string): unknown =>
      expect.objectContaining({ agencyUuid: agencyA.uuid, lineName, removed, writtenPremium: written });
    // As an ordinary file it replaces its one line only.
    expect((await preview('uploader', restated.uploadUuid)).replaced).toEqual([
      line('Personal Auto', false, '300.33'),
    ]);
    const p = await preview('uploader', restated.uploadUuid, true);
    expect(p.restatement).toBe(true);
    expect(p.replaced).toEqual([
      line('Commercial Auto', true, '1000.01'),
      line('Homeowners', true, '444.45'),
      line('Personal Auto', false, '300.33'),
    ]);
    expect(p.replaced.map((r) => r.agencyName)).toEqual([agencyA.name, agencyA.name, agencyA.name]);
    expect(p.replaced[0]).toMatchObject({ figures: 1, earned: null, baseCommission: null });

    const record = await committed('uploader', restated.uploadUuid, { restatement: true });
    expect(record.restatement).toBe(true);
    expect(change(before, await carrierProduction())).toEqual({
      network: { PL: 31_000n - 74_478n, CL: -100_001n, total: 31_000n - 74_478n - 100_001n },
      agencyA: { PL: 31_000n - 74_478n, CL: -100_001n, total: 31_000n - 74_478n - 100_001n },
    });
    expect(await facts()).toEqual({
      'A-1 CAUTO 2026-07-01': '70.00',
      'A-1 PAUTO 2026-08-01': '310.00',
      'B-1 GL 2026-08-01': '55.55',
    });
    const refused = await as('uploader', 'POST', `/api/imports/${base.uploadUuid}/undo`);
    expect(messageOf(refused)).toBe(
      'A later upload ("august-restated.csv") replaced some of the same figures: undo it first.',
    );
    await undo('uploader', restated.uploadUuid);
    expect(await carrierProduction()).toEqual(before);
    await undo('uploader', base.uploadUuid);
    expect(await facts()).toEqual({});
  });
});

describe('Rows with errors', () => {
  const csv = file([
    ['A-1', 'Personal Auto', '2026-07', '100.00'],
    ['A-1', 'Homeowners', '2026-07', 'abc'],
    ['Z-9', 'Personal Auto', '2026-07', '900.00'],
    ['B-1', 'Homeowners', '2026-07', '20.02'],
  ]);

  it('are listed, left out of the totals, and excluded only by an explicit choice of how many', async () => {
    const record = await staged('uploader', csv, { fileName: 'with-errors.csv' });
    const p = await preview('uploader', record.uploadUuid);
    expect(p).toMatchObject({
      rowCount: 4,
      errorCount: 2,
      rowsWithErrors: 2,
      rowsWithoutErrors: 2,
      rowsToLoad: 0,
      total: { writtenPremium: '120.02' },
    });
    expect(p.errors.map((e) => e.rowNumber)).toEqual([3, 4]);
    const before = await carrierProduction();
    const plain = await commit('uploader', record.uploadUuid);
    expect(plain.statusCode).toBe(400);
    const wrong = await commit('uploader', record.uploadUuid, { excludeRowsWithErrors: 1 });
    expect(wrong.statusCode).toBe(409);
    expect(messageOf(wrong)).toBe(
      'The file has 2 rows with errors, not 1: nothing was loaded. Look at the preview again.',
    );
    expect(await carrierProduction()).toEqual(before);
    const done = await committed('uploader', record.uploadUuid, { excludeRowsWithErrors: 2 });
    expect(done).toMatchObject({ status: 'committed', rowsLoaded: 2, rowsExcluded: 2 });
    expect(change(before, await carrierProduction())).toEqual({
      network: { PL: 12_002n, CL: 0n, total: 12_002n },
      agencyA: { PL: 10_000n, CL: 0n, total: 10_000n },
    });
    await undo('uploader', record.uploadUuid);
    expect(await carrierProduction()).toEqual(before);
  });
});

describe('Uploads not loaded', () => {
  const csv = file([['A-1', 'Personal Auto', '2026-06', '10.00']]);

  it('are discarded by their uploader or the network, never by another agency administrator', async () => {
    const mine = await staged('owner', csv, { fileName: 'owners.csv' });
    const other = await as('administrator', 'POST', `/api/imports/${mine.uploadUuid}/discard`);
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe('Only the person who uploaded this file, or the network, may discard it.');
    const byOwner = await as('owner', 'POST', `/api/imports/${mine.uploadUuid}/discard`);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(importRecordSchema.parse(byOwner.json())).toMatchObject({ status: 'discarded', expiresAt: null });
    expect(await hasStagedRows(t.database.db, mine.uploadUuid)).toBe(false);
    expect(existsSync(path.join(storageDir, 'imports', mine.uploadUuid))).toBe(false);
    const again = await as('owner', 'POST', `/api/imports/${mine.uploadUuid}/discard`);
    expect(again.statusCode).toBe(409);
    const late = await commit('owner', mine.uploadUuid);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe('This upload was discarded: upload the file again.');

    const owners = await staged('owner', csv, { fileName: 'owners-2.csv' });
    const byNetwork = await as('uploader', 'POST', `/api/imports/${owners.uploadUuid}/discard`);
    expect(importRecordSchema.parse(byNetwork.json()).status).toBe('discarded');
    const networks = await staged('uploader', csv, { fileName: 'network.csv' });
    const byStaff = await as('staff', 'POST', `/api/imports/${networks.uploadUuid}/discard`);
    expect(importRecordSchema.parse(byStaff.json()).status).toBe('discarded');
    const loaded = await staged('uploader', csv, { fileName: 'loaded.csv' });
    await committed('uploader', loaded.uploadUuid);
    const notStaged = await as('uploader', 'POST', `/api/imports/${loaded.uploadUuid}/discard`);
    expect(notStaged.statusCode).toBe(409);
    expect(messageOf(notStaged)).toBe('Only an upload that was not loaded can be discarded.');
    await undo('uploader', loaded.uploadUuid);
  });

  it('expire seven days after the upload, their staging table and file dropped', async () => {
    const old = await staged('uploader', csv, { fileName: 'old.csv' });
    const recent = await staged('uploader', csv, { fileName: 'recent.csv' });
    const day = 24 * 60 * 60 * 1000;
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    await t.database.db.execute(
      sql`update imports set created_at = ${at(7 * day + 60_000)}::timestamptz where uuid = ${old.uploadUuid}::uuid`,
    );
    await t.database.db.execute(
      sql`update imports set created_at = ${at(6 * day)}::timestamptz where uuid = ${recent.uploadUuid}::uuid`,
    );
    const list = importListSchema.parse((await as('uploader', 'GET', '/api/imports')).json());
    const find = (uuid: string) => list.imports.find((i) => i.uploadUuid === uuid)!;
    expect(find(old.uploadUuid)).toMatchObject({ status: 'expired', expiresAt: null });
    expect(find(recent.uploadUuid).status).toBe('staged');
    expect(Date.parse(find(recent.uploadUuid).expiresAt!) - Date.now()).toBeGreaterThan(day - 60_000);
    expect(Date.parse(find(recent.uploadUuid).expiresAt!) - Date.now()).toBeLessThan(day + 60_000);
    expect(await hasStagedRows(t.database.db, old.uploadUuid)).toBe(false);
    expect(existsSync(path.join(storageDir, 'imports', old.uploadUuid))).toBe(false);
    expect(await hasStagedRows(t.database.db, recent.uploadUuid)).toBe(true);
    const late = await commit('uploader', old.uploadUuid);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'This upload expired (an upload not loaded within 7 days expires): upload the file again.',
    );
    // One opened directly, before any list, expires as it is opened.
    await t.database.db.execute(
      sql`update imports set created_at = ${at(8 * day)}::timestamptz where uuid = ${recent.uploadUuid}::uuid`,
    );
    const opened = await as('uploader', 'GET', `/api/imports/${recent.uploadUuid}/preview`);
    expect(opened.statusCode).toBe(409);
    expect(await hasStagedRows(t.database.db, recent.uploadUuid)).toBe(false);
  });
});

describe('The uploads list', () => {
  it('pages past 200 uploads', async () => {
    const network = await buildAgency(t.database.db);
    const user = await buildUser(t.database.db, { userType: 'network', networkUuid: network.networkUuid });
    await t.database.db.insert(userPermissions).values({ userId: user.id, permission: UPLOAD_PERMISSION });
    cookies.pager = await signIn(t.app, user.email);
    const start = Date.parse('2026-10-01T00:00:00Z');
    await t.database.db.insert(imports).values(
      Array.from({ length: 205 }, (_, i) => ({
        networkUuid: network.networkUuid,
        kind: 'production' as const,
        status: 'committed' as const,
        fileName: `file-${String(i).padStart(3, '0')}.csv`,
        fileHash: 'x'.repeat(64),
        fileSize: 10,
        coversThrough: '2026-09-01',
        detected: { format: 'csv', encoding: 'utf-8', delimiter: ',', sheet: null, headerRowNumber: 1 },
        header: ['Agency Code'],
        headerFingerprint: 'v1:none',
        createdBy: user.id,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const page = async (query: string) => {
      const response = await as('pager', 'GET', `/api/imports?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return importListSchema.parse(response.json());
    };
    const first = await page('');
    expect(first).toMatchObject({ total: 205, page: 1, pageSize: 200 });
    expect(first.imports).toHaveLength(200);
    expect(first.imports[0]!.fileName).toBe('file-204.csv');
    const second = await page('page=2');
    expect(second.imports.map((i) => i.fileName)).toEqual([
      'file-004.csv',
      'file-003.csv',
      'file-002.csv',
      'file-001.csv',
      'file-000.csv',
    ]);
    const small = await page('page=3&pageSize=25');
    expect(small.imports.map((i) => i.fileName)[0]).toBe('file-154.csv');
    expect(small.imports).toHaveLength(25);
    const tooBig = await as('pager', 'GET', '/api/imports?pageSize=201');
    expect(tooBig.statusCode).toBe(400);
    expect(errorResponseSchema.parse(tooBig.json()).error.fields).toEqual({
      pageSize: 'pageSize must be between 1 and 200',
    });
  });
});

describe('A file already loaded', () => {
  it('is flagged in the preview, naming the earlier upload and its date, until that one is undone', async () => {
    const csv = file([['B-1', 'Homeowners', '2026-05', '42.00']]);
    const first = await staged('uploader', csv, { fileName: 'may.csv' });
    expect((await preview('uploader', first.uploadUuid)).alreadyLoaded).toBeNull();
    const loaded = await committed('uploader', first.uploadUuid);
    const second = await staged('uploader', csv, { fileName: 'may-again.csv' });
    expect((await preview('uploader', second.uploadUuid)).alreadyLoaded).toEqual({
      uploadUuid: first.uploadUuid,
      fileName: 'may.csv',
      committedAt: loaded.committedAt,
    });
    // Another file of the same scope is not flagged; nor is an agency's own upload by the network's.
    const other = await staged('uploader', file([['B-1', 'Homeowners', '2026-05', '42.01']]));
    expect((await preview('uploader', other.uploadUuid)).alreadyLoaded).toBeNull();
    await undo('uploader', first.uploadUuid);
    expect((await preview('uploader', second.uploadUuid)).alreadyLoaded).toBeNull();
  });
});

describe("A month's reported mark", () => {
  it('goes when a production and a commission upload of the month are undone, the production first', async () => {
    const production = await staged('uploader', file([['A-1', 'Personal Auto', '2026-04', '10.00']]));
    await committed('uploader', production.uploadUuid);
    const commission = await staged(
      'uploader',
      'Agency Code,Policy Type,Month,Written Premium,Commission\nA-1,Personal Auto,2026-04,10.00,1.50\n',
      { kind: 'commission', fileName: 'commission.csv' },
    );
    await committed('uploader', commission.uploadUuid);
    expect(await reported(agencyA.uuid, '2026-04-01')).toBe(true);
    await undo('uploader', production.uploadUuid);
    expect(await reported(agencyA.uuid, '2026-04-01')).toBe(true); // the commission still reports it
    await undo('uploader', commission.uploadUuid);
    expect(await reported(agencyA.uuid, '2026-04-01')).toBe(false);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecordSchema } from '#shared/contracts/import.ts';
import { carrierLagsResponseSchema } from '#shared/contracts/carrier-lags.ts';
import { healthResponseSchema, type HealthLine } from '#shared/contracts/reporting-health.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import {
  type buildAgency,
  buildAgencyTrio,
  buildCarrier,
  buildFacts,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import { createTestApp, injectAs, signInAll, type TestApp } from '#tests/support/test-app.ts';
import { readColumns, uploadedRecord, uploadFile } from '#tests/support/uploads.ts';

// 22 November 2026. The month closed is 2026-10 unless a test names another.
let t: TestApp;
let storageDir: string;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
const carrier: Record<'acme' | 'birch' | 'cedar' | 'dogwood', string> = {
  acme: '',
  birch: '',
  cedar: '',
  dogwood: '',
};
const cookies: Record<string, string> = {};

const call = (who: string, url: string) => injectAs(t.app, cookies[who] ?? '', 'GET', url);
async function health(who: string, query: Record<string, string> = {}) {
  const response = await call(
    who,
    `/api/network-intelligence/health?${new URLSearchParams(query).toString()}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return healthResponseSchema.parse(JSON.parse(response.body));
}
const line = (lines: HealthLine[], agencyUuid: string, carrierUuid: string) =>
  lines.find((l) => l.agencyUuid === agencyUuid && l.carrierUuid === carrierUuid);

/** A committed upload recorded in the past: it owns the agency x carrier x month cell. */
async function pastUpload(
  agency: { uuid: string; networkUuid: string },
  carrierUuid: string,
  month: string,
  committedAt: string,
  rowsExcluded: number | null = null,
) {
  const rows = await t.database.db.execute<{ uuid: string }>(sql`
    insert into imports (network_uuid, kind, status, file_name, file_hash, file_size, carrier_uuid, covers_through,
      detected, header, header_fingerprint, created_by, created_at, committed_at, rows_excluded)
    values (${agency.networkUuid}::uuid, 'production', 'committed', ${`history-${month}.csv`}, 'hash', 1,
      ${carrierUuid}::uuid, ${`${month}-01`}::date, '{}'::jsonb, '[]'::jsonb, 'fp', gen_random_uuid(),
      ${committedAt}::timestamptz, ${committedAt}::timestamptz, ${rowsExcluded})
    returning uuid`);
  await t.database.db.execute(sql`insert into import_scopes (import_uuid, agency_uuid, carrier_uuid, month)
    values (${rows.rows[0]!.uuid}::uuid, ${agency.uuid}::uuid, ${carrierUuid}::uuid, ${`${month}-01`}::date)`);
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'reporting-health-'));
  t = await createTestApp({ dataDir: storageDir }, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  ({ home, sibling, foreign } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, { PL: [['PAUTO', 'Personal Auto']] });
  const pa = lines.byCode.PAUTO!.uuid;
  for (const name of ['acme', 'birch', 'cedar', 'dogwood'] as const) {
    carrier[name] = (
      await buildCarrier(db, { name: `${name[0]!.toUpperCase()}${name.slice(1)} Mutual` })
    ).uuid;
  }
  const months = (
    carrierUuid: string,
    list: string[],
    figures: Partial<Record<string, string | null>> = {},
  ) =>
    list.map((m) => ({
      carrierUuid,
      lineUuid: pa,
      month: `${m}-01`,
      writtenPremium: '100.00',
      earned: '90.00',
      incurred: '10.00',
      ...figures,
    }));
  const range = (from: number, to: number, year = 2026) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${year}-${String(from + i).padStart(2, '0')}`);
  await buildFacts(
    db,
    home,
    [
      // Acme: every month through September; October not arrived.
      ...months(carrier.acme, [...range(11, 12, 2025), ...range(1, 9)]),
      // Birch: a slow carrier, through September.
      ...months(carrier.birch, range(5, 9)),
      // Cedar: October arrived with a $0 written premium (a real zero) and a blank earned premium.
      ...months(carrier.cedar, range(1, 9)),
      ...months(carrier.cedar, ['2026-10'], { writtenPremium: '0.00', earned: null }),
      // Dogwood: August skipped, September arrived.
      ...months(carrier.dogwood, [...range(1, 7), '2026-09']),
    ],
    { reported: true },
  );
  await buildFacts(db, sibling, months(carrier.acme, range(1, 10)), { reported: true });
  await buildFacts(db, foreign, months(carrier.acme, range(1, 8)), { reported: true });
  // Acme's months arrived 10 days after their end; Birch's 40 days after.
  for (const m of range(4, 9)) {
    const [, month] = m.split('-').map(Number);
    await pastUpload(home, carrier.acme, m, `2026-${String(month! + 1).padStart(2, '0')}-10T15:00:00Z`);
  }
  await pastUpload(home, carrier.birch, '2026-05', '2026-07-10T15:00:00Z');
  await pastUpload(home, carrier.birch, '2026-06', '2026-08-09T15:00:00Z');
  await pastUpload(home, carrier.birch, '2026-07', '2026-09-09T15:00:00Z');
  // The sibling's October file for Acme left two rows out.
  await pastUpload(sibling, carrier.acme, '2026-10', '2026-11-12T15:00:00Z', 2);
  await db.insert(agencyCodes).values({
    agencyUuid: home.uuid,
    carrierUuid: carrier.acme,
    code: 'H-1',
    name: 'Home at Acme',
  });
  await ensureReadModel(db, () => {});
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
    sibling.uuid,
    foreign.uuid,
  ]);
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    siblingOwner: await buildUser(db, {
      agencyUuid: sibling.uuid,
      networkUuid: home.networkUuid,
      isOwner: true,
    }),
    foreignOwner: await buildUser(db, {
      agencyUuid: foreign.uuid,
      networkUuid: foreign.networkUuid,
      isOwner: true,
    }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    foreignNetwork: await buildUser(db, { userType: 'network', networkUuid: foreign.networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
  };
  await db.insert(userPermissions).values({ userId: users.network.id, permission: UPLOAD_PERMISSION });
  Object.assign(cookies, await signInAll(t.app, users));
});

afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('the monthly close', () => {
  it("lists each agency x carrier of the network with its report's status against the carrier's usual lag", async () => {
    const answer = await health('network', { month: '2026-10' });
    expect(answer.levelKind).toBe('network');
    expect(answer.month).toBe('2026-10');
    expect(answer.monthOptions[0]).toBe('2026-10');
    // Acme reports 10 days after the month end: due 10 November, not arrived on the 22nd: late.
    expect(line(answer.lines, home.uuid, carrier.acme)).toMatchObject({
      status: 'late',
      problems: ['late'],
      dueOn: '2026-11-10',
      source: null,
      lastMonth: '2026-09',
      fix: 'upload',
    });
    // Birch reports 40 days after: due 10 December, so not due yet, and fine.
    expect(line(answer.lines, home.uuid, carrier.birch)).toMatchObject({
      status: 'notDue',
      problems: [],
      dueOn: '2026-12-10',
    });
    // Cedar arrived by the feed: its blank earned premium needs a look, its $0 is a real zero.
    expect(line(answer.lines, home.uuid, carrier.cedar)).toMatchObject({
      status: 'received',
      source: 'feed',
      problems: ['blanks'],
      blankValues: 1,
      zeroValues: 1,
    });
    // Dogwood, no known arrivals: the default 15 days; October not arrived after September: late.
    expect(line(answer.lines, home.uuid, carrier.dogwood)).toMatchObject({
      status: 'late',
      dueOn: '2026-11-15',
    });
    // The sibling's October upload left rows out.
    expect(line(answer.lines, sibling.uuid, carrier.acme)).toMatchObject({
      status: 'received',
      source: 'upload',
      arrivedOn: '2026-11-12',
      unmappedValues: 2,
      problems: ['unmapped'],
    });
    expect(answer.uploads.map((u) => u.fileName)).toEqual(['history-2026-10.csv']);
    expect(answer.counts).toEqual({ lines: 5, fine: 1, missing: 0, late: 2, unmapped: 1, blanks: 1 });
    expect(answer.lines.some((l) => l.agencyUuid === foreign.uuid)).toBe(false);
    expect(answer.carriers.find((c) => c.carrierUuid === carrier.acme)).toMatchObject({
      lagDays: 10,
      lagBasis: 'history',
      lagMonths: 7,
      expectedLatestMonth: '2026-10',
    });
    expect(answer.carriers.find((c) => c.carrierUuid === carrier.cedar)).toMatchObject({
      lagDays: 15,
      lagBasis: 'default',
    });
  });

  it('calls a month missing when a later month already arrived', async () => {
    const answer = await health('network', { month: '2026-08' });
    expect(line(answer.lines, home.uuid, carrier.dogwood)).toMatchObject({
      status: 'missing',
      problems: ['missing'],
    });
    expect(line(answer.lines, home.uuid, carrier.acme)).toMatchObject({
      status: 'received',
      source: 'upload',
    });
  });

  it("shows an agency user its own agency's lines only, and refuses anyone else's level", async () => {
    const own = await health('owner');
    expect(own.levelKind).toBe('agency');
    expect(new Set(own.lines.map((l) => l.agencyUuid))).toEqual(new Set([home.uuid]));
    // The sibling's upload with rows left out is not the home agency's.
    expect(own.uploads).toEqual([]);
    for (const [who, level] of [
      ['owner', sibling.uuid],
      ['owner', home.networkUuid],
      ['foreignOwner', home.uuid],
      ['foreignNetwork', home.networkUuid],
      ['foreignNetwork', home.uuid],
    ] as const) {
      const response = await call(who, `/api/network-intelligence/health?levelUuid=${level}`);
      expect(response.statusCode, `${who} at ${level}`).toBe(403);
    }
    expect((await call('', '/api/network-intelligence/health')).statusCode).toBe(401);
    const staff = await health('staff', { levelUuid: home.networkUuid, month: '2026-10' });
    expect(staff.counts.lines).toBe(5);
  });

  it('refuses a month that is not a month, naming it', async () => {
    for (const month of ['2026-13', 'October', '1899-01']) {
      const response = await call('network', `/api/network-intelligence/health?month=${month}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('month');
    }
  });

  it('turns a late report green once a network user uploads it', async () => {
    const record = uploadedRecord(
      await uploadFile(
        t.app,
        cookies.network!,
        'Agency Code,Policy Type,Month,Written Premium,Earned Premium,Incurred Loss\nH-1,Personal Auto,2026-10,123.45,100.00,0.00\n',
        { coversThrough: '2026-10', fileName: 'acme-october.csv', carrierUuid: carrier.acme },
      ),
    );
    expect((await readColumns(t.app, cookies.network!, record)).statusCode).toBe(200);
    const commit = await injectAs(
      t.app,
      cookies.network!,
      'POST',
      `/api/imports/${record.uploadUuid}/commit`,
    );
    expect(commit.statusCode, commit.body).toBe(200);
    expect(importRecordSchema.parse(JSON.parse(commit.body)).status).toBe('committed');
    const answer = await health('network', { month: '2026-10' });
    expect(line(answer.lines, home.uuid, carrier.acme)).toMatchObject({
      status: 'received',
      source: 'upload',
      problems: [],
    });
    expect(answer.counts.fine).toBe(2);
  });
});

describe("carriers' usual lags (the date badges' rule)", () => {
  it('gives each carrier of the level its lag and the latest month it is due for', async () => {
    const response = await call('network', '/api/network-intelligence/carrier-lags');
    expect(response.statusCode).toBe(200);
    const { carriers } = carrierLagsResponseSchema.parse(JSON.parse(response.body));
    const of = (uuid: string) => carriers.find((c) => c.carrierUuid === uuid);
    expect(of(carrier.acme)).toMatchObject({ lagDays: 10, expectedLatestMonth: '2026-10' });
    expect(of(carrier.birch)).toMatchObject({
      lagDays: 40,
      lagBasis: 'history',
      expectedLatestMonth: '2026-09',
    });
    expect(of(carrier.cedar)).toMatchObject({ lagDays: 15, expectedLatestMonth: '2026-10' });
    const foreignAnswer = await call(
      'foreignNetwork',
      `/api/network-intelligence/carrier-lags?levelUuid=${home.uuid}`,
    );
    expect(foreignAnswer.statusCode).toBe(403);
  });
});

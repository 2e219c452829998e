import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importPreviewSchema,
  importValuesSchema,
  type ImportRecordResponse,
} from '#shared/contracts/import.ts';
import { importMappingListSchema, importMappingSchema } from '#shared/contracts/import-mappings.ts';
import { byAgencyResponseSchema } from '#shared/contracts/production.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { productFeatures, subscriberFeatures, userPermissions } from '#server/db/schema/access.ts';
import { linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { agencies } from '#server/db/schema/tenancy.ts';
import { buildAgency, buildBroadLines, buildCarrier, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';
import {
  carrierWrittenPremium,
  exactCents,
  periodQuery,
  readColumns,
  uploadedRecord,
  uploadFile,
} from '#tests/support/uploads.ts';

/**
 * Who an upload's value matches belong to (decision 045): an agency owner's choices apply to that
 * agency's files only and are remembered only when its upload is loaded; an exact code match beats a
 * remembered one unless a network user overrides it explicitly; remembered matches are listed,
 * changed and deleted within the caller's scope, and audited.
 */
let t: TestApp;
let storageDir: string;
let networkUuid: string;
let granitePeak: string;
const agency: Record<'prairieOak' | 'blueValley' | 'capitolCity', string> = {
  prairieOak: '',
  blueValley: '',
  capitolCity: '',
};
const codes: Record<string, string> = {};
const cookies: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who]!, method, url, payload);

async function uploaded(who: string, csv: string, fileName: string): Promise<ImportRecordResponse> {
  const record = uploadedRecord(
    await uploadFile(t.app, cookies[who]!, csv, {
      coversThrough: '2026-03',
      fileName,
      carrierUuid: granitePeak,
    }),
  );
  const columns = await readColumns(t.app, cookies[who]!, record);
  expect(columns.statusCode, columns.body).toBe(200);
  return record;
}

async function values(who: string, uploadUuid: string) {
  const response = await as(who, 'GET', `/api/imports/${uploadUuid}/values`);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    importValuesSchema
      .parse(response.json())
      .values.filter((v) => v.dimension === 'agencyCode')
      .map((v) => [v.value, { how: v.how, targetUuid: v.targetUuid, miscellaneous: v.miscellaneous }]),
  );
}

async function preview(who: string, uploadUuid: string) {
  const response = await as(who, 'GET', `/api/imports/${uploadUuid}/preview`);
  expect(response.statusCode, response.body).toBe(200);
  return importPreviewSchema.parse(response.json());
}

const byAgency = (p: Awaited<ReturnType<typeof preview>>) =>
  Object.fromEntries(p.byAgency.map((a) => [a.agencyUuid, a.writtenPremium]));

async function chooseOk(who: string, uploadUuid: string, mappings: Record<string, unknown>[]) {
  const response = await as(who, 'PUT', `/api/imports/${uploadUuid}/values`, {
    mappings: mappings.map((m) => ({
      dimension: 'agencyCode',
      carrierUuid: granitePeak,
      miscellaneous: false,
      ...m,
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function commit(who: string, uploadUuid: string) {
  const response = await as(who, 'POST', `/api/imports/${uploadUuid}/commit`);
  expect(response.statusCode, response.body).toBe(200);
}

const PERIOD = periodQuery('2026-01', '2026-10');

/** Carrier Production's written premium at Granite Peak, in cents: the network's, and each agency's. */
async function carrierProduction() {
  const perAgency = byAgencyResponseSchema.parse(
    (await as('network', 'GET', `/api/core-production/by-agency?${PERIOD}&levelUuid=${networkUuid}`)).json(),
  );
  const of = (uuid: string) =>
    exactCents(perAgency.agencies.find((a) => a.agencyUuid === uuid)?.lines['P&C']?.writtenPremium);
  const writtenAt = async (who: string, levelUuid: string) =>
    (await carrierWrittenPremium(t.app, cookies[who]!, granitePeak, levelUuid, PERIOD))['P&C']!;
  return {
    network: await writtenAt('network', networkUuid),
    prairieOak: of(agency.prairieOak),
    prairieOakOwn: await writtenAt('owner', agency.prairieOak),
    blueValley: of(agency.blueValley),
    capitolCity: of(agency.capitolCity),
  };
}

async function list(who: string) {
  const response = await as(who, 'GET', '/api/import-mappings');
  expect(response.statusCode, response.body).toBe(200);
  return importMappingListSchema.parse(response.json()).mappings;
}

async function audits(mappingUuid: string) {
  const rows = await t.database.db.execute<{ action: string; actor_user_id: string }>(
    sql`select action, actor_user_id from audit_log where entity = 'import_value_mapping'
      and entity_id = ${mappingUuid} order by at`,
  );
  return rows.rows.map((r) => r.action);
}

/** Granite Peak's file of the network: Blue Valley's and Capitol City's codes, and Prairie Oak's. */
const NETWORK_FILE =
  'Agency Code,Policy Type,Month,Written Premium\n' +
  'A46371,Personal Auto,2026-03,"11,111.11"\n' +
  'A82198,Personal Auto,2026-03,2222.22\n' +
  'P10001,Personal Auto,2026-03,333.33\n';

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'import-mappings-'));
  t = await createTestApp({ dataDir: storageDir }, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  const first = await buildAgency(db);
  networkUuid = first.networkUuid;
  const names = {
    prairieOak: 'Prairie Oak',
    blueValley: 'Blue Valley',
    capitolCity: 'Capitol City',
  } as const;
  for (const key of Object.keys(agency) as (keyof typeof agency)[]) {
    const built = key === 'prairieOak' ? first : await buildAgency(db, { networkUuid });
    await db.update(agencies).set({ name: names[key] }).where(eq(agencies.uuid, built.uuid));
    await db.insert(subscriberFeatures).values({ agencyUuid: built.uuid, externalId: 'cpr-ext' });
    agency[key] = built.uuid;
  }
  await db
    .insert(productFeatures)
    .values({ key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext', isLive: true });
  const { lines, classification } = await buildBroadLines(db);
  await db.insert(linesOfBusiness).values({
    classificationUuid: classification.uuid,
    parentUuid: lines.find((l) => l.code === 'PL')!.uuid,
    code: 'PAUTO',
    name: 'Personal Auto',
    level: 2,
  });
  granitePeak = (await buildCarrier(db, { name: 'Granite Peak', displayName: 'Granite Peak' })).uuid;
  const rows = await db
    .insert(agencyCodes)
    .values([
      { agencyUuid: agency.prairieOak, carrierUuid: granitePeak, code: 'P10001', name: 'Prairie Oak main' },
      { agencyUuid: agency.blueValley, carrierUuid: granitePeak, code: 'A46371', name: 'Blue Valley main' },
      { agencyUuid: agency.capitolCity, carrierUuid: granitePeak, code: 'A82198', name: 'Capitol City main' },
    ])
    .returning();
  for (const c of rows) codes[c.code] = c.uuid;
  const users = {
    owner: await buildUser(db, { agencyUuid: agency.prairieOak, networkUuid, isOwner: true }),
    blueOwner: await buildUser(db, { agencyUuid: agency.blueValley, networkUuid, isOwner: true }),
    network: await buildUser(db, { userType: 'network', networkUuid }),
    stranger: await buildUser(db, { userType: 'network', networkUuid: (await buildAgency(db)).networkUuid }),
  };
  await db
    .insert(userPermissions)
    .values([users.network, users.stranger].map((u) => ({ userId: u.id, permission: UPLOAD_PERMISSION })));
  for (const [who, user] of Object.entries(users)) cookies[who] = await signIn(t.app, user.email);
});
afterAll(async () => {
  await t?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe("An agency owner's matches", () => {
  let ownerUpload: ImportRecordResponse;

  it('apply to their own upload, and Preview remembers nothing', async () => {
    // The owner's February file names Blue Valley's code as theirs, and Capitol City's as not carrier business.
    ownerUpload = await uploaded(
      'owner',
      'Agency Code,Policy Type,Month,Written Premium\nA46371,Personal Auto,2026-02,500.00\nA82198,Personal Auto,2026-02,25.00\n',
      'owner.csv',
    );
    await chooseOk('owner', ownerUpload.uploadUuid, [
      { value: 'A46371', targetUuid: codes.P10001 },
      { value: 'A82198', targetUuid: null, miscellaneous: true },
    ]);
    const own = await preview('owner', ownerUpload.uploadUuid);
    expect(own).toMatchObject({ errorCount: 0, rowsToLoad: 1, rowsMiscellaneous: 1 });
    expect(byAgency(own)).toEqual({ [agency.prairieOak]: '500.00' });
    expect(await list('owner')).toEqual([]);
    expect(await list('network')).toEqual([]);
    const remembered = await t.database.db.execute(sql`select 1 from import_value_mappings`);
    expect(remembered.rows).toEqual([]);
  });

  it("never redirect the network's upload, before or after the owner's upload is loaded", async () => {
    const networkUpload = await uploaded('network', NETWORK_FILE, 'granite-network.csv');
    const expected = {
      [agency.blueValley]: '11111.11',
      [agency.capitolCity]: '2222.22',
      [agency.prairieOak]: '333.33',
    };
    expect(byAgency(await preview('network', networkUpload.uploadUuid))).toEqual(expected);

    const before = await carrierProduction();
    await commit('owner', ownerUpload.uploadUuid);
    const afterOwner = await carrierProduction();
    // The owner's file loads its own figure, into its own agency, and nothing else.
    expect(afterOwner).toEqual({
      ...before,
      network: before.network + 500_00n,
      prairieOak: before.prairieOak + 500_00n,
      prairieOakOwn: before.prairieOakOwn + 500_00n,
    });

    // Now remembered, for Prairie Oak's files only, with an audit row each.
    const mine = await list('owner');
    expect(mine.map((m) => [m.value, m.agencyUuid, m.targetUuid, m.miscellaneous])).toEqual([
      ['a46371', agency.prairieOak, codes.P10001, false],
      ['a82198', agency.prairieOak, null, true],
    ]);
    for (const m of mine) expect(await audits(m.mappingUuid)).toEqual(['create']);

    expect(await values('network', networkUpload.uploadUuid)).toEqual({
      A46371: { how: 'exact', targetUuid: codes.A46371, miscellaneous: false },
      A82198: { how: 'exact', targetUuid: codes.A82198, miscellaneous: false },
      P10001: { how: 'exact', targetUuid: codes.P10001, miscellaneous: false },
    });
    expect(byAgency(await preview('network', networkUpload.uploadUuid))).toEqual(expected);
    await commit('network', networkUpload.uploadUuid);
    // The network's and each agency's Carrier Production change by exactly the file's own figures.
    expect(await carrierProduction()).toEqual({
      network: afterOwner.network + 11_111_11n + 2_222_22n + 333_33n,
      prairieOak: afterOwner.prairieOak + 333_33n,
      prairieOakOwn: afterOwner.prairieOakOwn + 333_33n,
      blueValley: afterOwner.blueValley + 11_111_11n,
      capitolCity: afterOwner.capitolCity + 2_222_22n,
    });
  });

  it("do not apply to another agency's upload", async () => {
    const blue = await uploaded(
      'blueOwner',
      'Agency Code,Policy Type,Month,Written Premium\nA46371,Personal Auto,2026-03,10.00\nA82198,Personal Auto,2026-03,1.00\n',
      'blue.csv',
    );
    expect(await values('blueOwner', blue.uploadUuid)).toEqual({
      A46371: { how: 'exact', targetUuid: codes.A46371, miscellaneous: false },
      // Prairie Oak put it in Miscellaneous for its own files; Blue Valley has not decided.
      A82198: { how: 'unmapped', targetUuid: null, miscellaneous: false },
    });
    expect(await list('blueOwner')).toEqual([]);
  });

  it('cannot override an exact match', async () => {
    const again = await uploaded(
      'owner',
      'Agency Code,Policy Type,Month,Written Premium\nP10001,Personal Auto,2026-03,1.00\n',
      'owner-may.csv',
    );
    const refused = await as('owner', 'PUT', `/api/imports/${again.uploadUuid}/values`, {
      mappings: [
        {
          dimension: 'agencyCode',
          carrierUuid: granitePeak,
          value: 'P10001',
          targetUuid: null,
          miscellaneous: true,
          overridesExact: true,
        },
      ],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { message: 'Only network users may override an exact match.' },
    });
    const implicit = await as('owner', 'PUT', `/api/imports/${again.uploadUuid}/values`, {
      mappings: [
        {
          dimension: 'agencyCode',
          carrierUuid: granitePeak,
          value: 'P10001',
          targetUuid: null,
          miscellaneous: true,
        },
      ],
    });
    expect(implicit.statusCode).toBe(400);
    expect(implicit.json()).toMatchObject({
      error: { message: '"P10001" matches an agency code exactly: a network user may override that match.' },
    });
  });
});

describe("A network user's override of an exact match", () => {
  it('must be explicit, and then applies to the network files until changed', async () => {
    const first = await uploaded('network', NETWORK_FILE.replaceAll('2026-03', '2026-01'), 'january.csv');
    const implicit = await as('network', 'PUT', `/api/imports/${first.uploadUuid}/values`, {
      mappings: [
        {
          dimension: 'agencyCode',
          carrierUuid: granitePeak,
          value: 'A82198',
          targetUuid: codes.P10001,
          miscellaneous: false,
        },
      ],
    });
    expect(implicit.statusCode).toBe(400);
    expect(implicit.json()).toMatchObject({
      error: {
        message:
          '"A82198" matches an agency code exactly: override the exact match explicitly to map it elsewhere.',
      },
    });
    await chooseOk('network', first.uploadUuid, [
      { value: 'A82198', targetUuid: codes.P10001, overridesExact: true },
    ]);
    expect((await values('network', first.uploadUuid)).A82198).toEqual({
      how: 'chosen',
      targetUuid: codes.P10001,
      miscellaneous: false,
    });
    await commit('network', first.uploadUuid);
    const networkWide = (await list('network')).filter((m) => m.agencyUuid === null);
    expect(networkWide.map((m) => [m.value, m.targetUuid, m.overridesExact])).toEqual([
      ['a82198', codes.P10001, true],
    ]);
    // The agency's own list shows its own matches only.
    expect((await list('owner')).every((m) => m.agencyUuid === agency.prairieOak)).toBe(true);

    const second = await uploaded(
      'network',
      NETWORK_FILE.replaceAll('2026-03', '2026-01'),
      'january-again.csv',
    );
    expect((await values('network', second.uploadUuid)).A82198).toMatchObject({
      how: 'remembered',
      targetUuid: codes.P10001,
    });
    // Without the override, the exact match beats the remembered match again.
    const mapping = networkWide[0]!;
    const edited = await as('network', 'PUT', `/api/import-mappings/${mapping.mappingUuid}`, {
      targetUuid: codes.P10001,
      miscellaneous: false,
      overridesExact: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(importMappingSchema.parse(edited.json())).toMatchObject({ overridesExact: false });
    expect((await values('network', second.uploadUuid)).A82198).toEqual({
      how: 'exact',
      targetUuid: codes.A82198,
      miscellaneous: false,
    });
    expect(await audits(mapping.mappingUuid)).toEqual(['create', 'update']);
  });
});

describe('Remembered matches', () => {
  it('are changed and deleted within the caller scope only, and audited', async () => {
    const [ownerMapping] = await list('owner');
    const networkMapping = (await list('network')).find((m) => m.agencyUuid === null)!;
    const body = { targetUuid: null, miscellaneous: true, overridesExact: false };
    // Another agency's owner, or another network, sees no such match; an owner may not touch the network's.
    for (const [who, uuid] of [
      ['blueOwner', ownerMapping!.mappingUuid],
      ['stranger', ownerMapping!.mappingUuid],
      ['owner', networkMapping.mappingUuid],
    ] as const) {
      expect((await as(who, 'PUT', `/api/import-mappings/${uuid}`, body)).statusCode).toBe(404);
      expect((await as(who, 'DELETE', `/api/import-mappings/${uuid}`)).statusCode).toBe(404);
      expect((await as(who, 'GET', `/api/import-mappings/${uuid}/candidates`)).statusCode).toBe(404);
    }
    expect(await list('stranger')).toEqual([]);
    // The owner's candidates are their own agency's codes only.
    const candidates = await as(
      'owner',
      'GET',
      `/api/import-mappings/${ownerMapping!.mappingUuid}/candidates`,
    );
    expect(candidates.json()).toEqual({
      candidates: [{ id: codes.P10001, name: 'P10001 Prairie Oak main (Prairie Oak)' }],
    });
    const foreign = await as('owner', 'PUT', `/api/import-mappings/${ownerMapping!.mappingUuid}`, {
      targetUuid: codes.A46371,
      miscellaneous: false,
    });
    expect(foreign.statusCode).toBe(400);
    const override = await as('owner', 'PUT', `/api/import-mappings/${ownerMapping!.mappingUuid}`, {
      targetUuid: codes.P10001,
      miscellaneous: false,
      overridesExact: true,
    });
    expect(override.statusCode).toBe(403);
    const changed = await as('owner', 'PUT', `/api/import-mappings/${ownerMapping!.mappingUuid}`, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(importMappingSchema.parse(changed.json())).toMatchObject({
      miscellaneous: true,
      targetUuid: null,
    });
    const deleted = await as('network', 'DELETE', `/api/import-mappings/${ownerMapping!.mappingUuid}`);
    expect(deleted.statusCode).toBe(204);
    expect((await list('owner')).map((m) => m.mappingUuid)).not.toContain(ownerMapping!.mappingUuid);
    expect(await audits(ownerMapping!.mappingUuid)).toEqual(['create', 'update', 'delete']);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierEntryListSchema,
  carrierEntrySavedSchema,
  carrierSearchResponseSchema,
  subCodeResponseSchema,
  type CarrierEntryRequest,
} from '#shared/contracts/manual-entry.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { onboardedCarriersResponseSchema } from '#shared/contracts/collaboration.ts';
import { byAgencyResponseSchema, byCarrierResponseSchema } from '#shared/contracts/production.ts';
import { productFeatures, subscriberFeatures } from '#server/db/schema/access.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import {
  buildAgency,
  buildBroadLines,
  buildCarrier,
  buildFacts,
  buildUser,
} from '#tests/support/factories.ts';
import { changeAgencyProduction } from '#server/services/read-model/refresh.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let other: Awaited<ReturnType<typeof buildAgency>>;
let acme: string;
let feedCarrier: string;
const cookies: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, cookies[who]!, method, url, payload);

function entry(overrides: Partial<CarrierEntryRequest> = {}): CarrierEntryRequest {
  return {
    carrierUuid: acme,
    subCodeUuid: null,
    subCode: 'HAWK-01',
    policyType: 'PL',
    year: 2026,
    month: 1,
    writtenPremium: '$1,000.10',
    newBusiness: '100',
    mover: '12,000.00',
    incurredLoss: '50.05',
    earnedPremium: '400',
    lossRatio: '',
    radio: 'incurredLossEarnedPremium',
    requestId: randomUUID(),
    ...overrides,
  };
}

async function save(who: string, body: CarrierEntryRequest) {
  const response = await as(who, 'POST', '/api/carrierentry/new', body);
  return {
    response,
    record: response.statusCode === 200 ? carrierEntrySavedSchema.parse(response.json()).recordset[0]! : null,
  };
}

const ytd = 'startDate=2026-01-01&endDate=2026-10-31';

async function agencyTotals(who: string) {
  const body = byCarrierResponseSchema.parse(
    (await as(who, 'GET', `/api/core-production/by-carrier?${ytd}`)).json(),
  );
  return body.carriers[acme]?.lines['P&C'];
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  home = await buildAgency(db);
  other = await buildAgency(db, { networkUuid: home.networkUuid });
  await buildBroadLines(db);
  acme = (await buildCarrier(db, { name: 'Acme Mutual', displayName: 'Acme Mutual' })).uuid;
  feedCarrier = (await buildCarrier(db, { name: 'Feedwell Insurance', displayName: 'Feedwell' })).uuid;
  await db
    .insert(agencyCodes)
    .values({ agencyUuid: home.uuid, carrierUuid: feedCarrier, code: 'F-1', name: 'F-1' });
  await db
    .insert(productFeatures)
    .values({ key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext', isLive: true });
  await db.insert(subscriberFeatures).values({ agencyUuid: home.uuid, externalId: 'cpr-ext' });
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    colleague: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid }),
    stranger: await buildUser(db, { agencyUuid: other.uuid, networkUuid: other.networkUuid, isOwner: true }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
  };
  for (const [who, user] of Object.entries(users)) cookies[who] = await signIn(t.app, user.email);
});
afterAll(async () => {
  await t?.close();
});

describe('Manual carrier entry API', () => {
  it('finds carriers from 3 characters, at most 8, and refuses shorter searches', async () => {
    const found = await as('owner', 'GET', '/api/carriers/?search=acm');
    expect(found.statusCode).toBe(200);
    expect(carrierSearchResponseSchema.parse(found.json()).carriers.map((c) => c.displayName)).toEqual([
      'Acme Mutual',
    ]);
    const short = await as('owner', 'GET', '/api/carriers/?search=ac');
    expect(short.statusCode).toBe(400);
    expect(errorResponseSchema.parse(short.json()).error.fields?.search).toBe('Enter at least 3 characters');
  });

  it('rejects what the form rejects, with its messages, and saves nothing', async () => {
    const bad = await save(
      'owner',
      entry({ writtenPremium: '12.5', subCode: 'x'.repeat(41), radio: 'lossRatio', lossRatio: '55.123456' }),
    );
    expect(bad.response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.response.json()).error.fields).toMatchObject({
      writtenPremium: 'Not a valid dollar amount',
      subCode: 'At most 40 characters',
      lossRatio: 'Not a valid percent',
    });
    const future = await save('owner', entry({ month: 12 }));
    expect(errorResponseSchema.parse(future.response.json()).error.fields).toEqual({
      month: 'Choose a month that has begun',
    });
    const old = await save('owner', entry({ year: 2023 }));
    expect(errorResponseSchema.parse(old.response.json()).error.fields).toEqual({
      year: 'Choose one of the offered years',
    });
    const list = carrierEntryListSchema.parse((await as('owner', 'GET', '/api/carrierentry/fetch')).json());
    expect(list.entries).toEqual([]);
  });

  it('saves year-to-date snapshots that the report turns into exact monthly figures', async () => {
    const jan = await save('owner', entry());
    expect(jan.response.statusCode).toBe(200);
    const subCodeUuid = jan.record!.subCodeUuid;
    await save('owner', entry({ subCodeUuid, month: 2, writtenPremium: '2,500.35', newBusiness: '$150.00' }));
    // March gives a loss ratio only: earned and incurred are not reported for it.
    await save(
      'owner',
      entry({
        subCodeUuid,
        month: 3,
        writtenPremium: '3000.45',
        newBusiness: '',
        radio: 'lossRatio',
        lossRatio: '61.5%',
      }),
    );
    const totals = await agencyTotals('owner');
    expect(totals).toMatchObject({
      writtenPremium: 3000.45,
      newWrittenPremium: 0,
      earned: 400,
      incurred: 50.05,
    });
    const facts = await t.database.db.execute<{ month: string; wp: string; earned: string | null }>(sql`
      select to_char(month, 'YYYY-MM') as month, written_premium::text as wp, earned::text as earned
      from production_facts where source = 'manual' order by month`);
    expect(facts.rows).toEqual([
      { month: '2026-01', wp: '1000.10', earned: '400.00' },
      { month: '2026-02', wp: '1500.25', earned: '0.00' },
      { month: '2026-03', wp: '500.10', earned: null },
    ]);
    // The network's by-agency report reads the rollups: the same figures.
    const network = byAgencyResponseSchema.parse(
      (await as('network', 'GET', `/api/core-production/by-agency?${ytd}`)).json(),
    );
    expect(network.agencies.find((a) => a.agencyUuid === home.uuid)!.lines['P&C']!.writtenPremium).toBe(
      3000.45,
    );
    // Months after March are missing: the carrier's data is incomplete for the year to date.
    const byCarrier = byCarrierResponseSchema.parse(
      (await as('owner', 'GET', `/api/core-production/by-carrier?${ytd}`)).json(),
    );
    expect(byCarrier.carriers[acme]!.haveMissingCurrentData).toBe(true);
    // A custom range that is neither year to date nor a preset leaves manual entries out.
    const custom = byCarrierResponseSchema.parse(
      (
        await as('owner', 'GET', '/api/core-production/by-carrier?startDate=2026-02-01&endDate=2026-03-31')
      ).json(),
    );
    expect(custom.carriers[acme]).toBeUndefined();

    const list = carrierEntryListSchema.parse(
      (await as('owner', 'GET', '/api/carrierentry/fetch?year=2026')).json(),
    );
    expect(list.carriers).toEqual([
      { companyUuid: acme, companyName: 'Acme Mutual', writtenPremiumYtd: 3000.45 },
    ]);
    expect(list.entries.map((e) => e.month)).toEqual([3, 2, 1]);
    expect(list.entries[0]).toMatchObject({
      radio: 'lossRatio',
      lossRatio: 61.5,
      earned: 0,
      subCode: 'HAWK-01',
    });
  });

  it('answers a retried submission as the first, without a second entry or audit row', async () => {
    const body = entry({ policyType: 'CL', month: 4 });
    const first = await save('owner', body);
    const retry = await save('owner', body);
    expect(retry.response.statusCode).toBe(200);
    expect(retry.record!.importUuid).toBe(first.record!.importUuid);
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'manual_entry' and entity_id = ${first.record!.importUuid}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('refuses a stale edit with a conflict and keeps the first save', async () => {
    const created = (await save('owner', entry({ policyType: 'BOND', month: 5, writtenPremium: '10' })))
      .record!;
    const edit = (who: string, writtenPremium: string) =>
      save(
        who,
        entry({
          subCodeUuid: created.subCodeUuid,
          policyType: 'BOND',
          month: 5,
          importUuid: created.importUuid,
          version: created.version,
          writtenPremium,
        }),
      );
    const first = await edit('owner', '20');
    expect(first.response.statusCode).toBe(200);
    expect(first.record!.version).toBe(created.version + 1);
    const second = await edit('colleague', '30');
    expect(second.response.statusCode).toBe(409);
    expect(errorResponseSchema.parse(second.response.json()).error.message).toMatch(
      /Someone else changed this entry/,
    );
    // A new entry at the same key, without the version the user saw, is a conflict too.
    const blind = await save(
      'colleague',
      entry({ subCodeUuid: created.subCodeUuid, policyType: 'BOND', month: 5 }),
    );
    expect(blind.response.statusCode).toBe(409);
    expect(errorResponseSchema.parse(blind.response.json()).error.message).toMatch(
      /Someone else saved an entry/,
    );
    const audit = await t.database.db.execute<{
      action: string;
      before: { dwp: number } | null;
      after: { dwp: number };
    }>(sql`select action, before, after from audit_log where entity_id = ${created.importUuid} order by at`);
    expect(audit.rows.map((r) => [r.action, r.before?.dwp ?? null, r.after.dwp])).toEqual([
      ['create', null, 10],
      ['update', 10, 20],
    ]);
  });

  it('refuses an edit that would wipe saved figures by leaving them empty, and keeps the entry', async () => {
    const created = (await save('owner', entry({ subCode: 'HAWK-02', policyType: 'CL', month: 8 }))).record!;
    // An edit of the saved entry, at its version, with these figures.
    const edit = (figures: Parameters<typeof entry>[0]) =>
      save(
        'owner',
        entry({
          subCodeUuid: created.subCodeUuid,
          policyType: 'CL',
          month: 8,
          importUuid: created.importUuid,
          version: created.version,
          writtenPremium: '2,000',
          ...figures,
        }),
      );
    const partial = await edit({ newBusiness: '', mover: '', incurredLoss: '', earnedPremium: '' });
    expect(partial.response.statusCode).toBe(400);
    const refused = errorResponseSchema.parse(partial.response.json());
    expect(refused.error.fields).toEqual({
      newBusiness: 'Empty, but the saved entry has $100.00: enter it again to keep it, or 0 to clear it',
      mover: 'Empty, but the saved entry has $12,000.00: enter it again to keep it, or 0 to clear it',
      incurredLoss: 'Empty, but the saved entry has $50.05: enter it again to keep it, or 0 to clear it',
      earnedPremium: 'Empty, but the saved entry has $400.00: enter it again to keep it, or 0 to clear it',
    });
    const list = carrierEntryListSchema.parse((await as('owner', 'GET', '/api/carrierentry/fetch')).json());
    const kept = list.entries.find((e) => e.importUuid === created.importUuid)!;
    expect([kept.dwp, kept.newDwp, kept['12Mm_dwp'], kept.incurred, kept.earned]).toEqual([
      1000.1, 100, 12000, 50.05, 400,
    ]);
    // Typed 0 clears a figure; switching to a loss ratio replaces incurred and earned (spec part 2 §5).
    const cleared = await edit({ newBusiness: '0', mover: '12,000', radio: 'lossRatio', lossRatio: '40' });
    expect(cleared.response.statusCode).toBe(200);
    expect([cleared.record!.dwp, cleared.record!.newDwp, cleared.record!.lossRatio]).toEqual([2000, 0, 40]);
  });

  it('refuses a negative loss ratio', async () => {
    const refused = await save('owner', entry({ month: 9, radio: 'lossRatio', lossRatio: '-5' }));
    expect(refused.response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(refused.response.json()).error.fields).toMatchObject({
      lossRatio: 'A loss ratio cannot be negative',
    });
  });

  it("keeps every agency's entries to itself", async () => {
    const mine = (await save('owner', entry({ policyType: 'CROP', month: 6 }))).record!;
    const read = await as('stranger', 'GET', `/api/carrierentry/fetch?levelUuid=${home.uuid}`);
    expect(read.statusCode).toBe(403);
    const theirs = carrierEntryListSchema.parse(
      (await as('stranger', 'GET', '/api/carrierentry/fetch')).json(),
    );
    expect(theirs.entries).toEqual([]);
    const edit = await save(
      'stranger',
      entry({ importUuid: mine.importUuid, version: mine.version, policyType: 'CROP', month: 6 }),
    );
    expect(edit.response.statusCode).toBe(404);
    const remove = await as('stranger', 'POST', `/api/carrierentry/delete/${mine.importUuid}`);
    expect(remove.statusCode).toBe(404);
    const asNetwork = await as(
      'network',
      'POST',
      `/api/carrierentry/new?levelUuid=${home.uuid}`,
      entry({ month: 7 }),
    );
    expect(asNetwork.statusCode).toBe(403);
    const subCodes = await as('stranger', 'GET', `/api/subcodes/fetch?carrierUuid=${acme}`);
    expect(subCodeResponseSchema.parse(subCodes.json()).subCodes).toEqual([]);
    const stillThere = carrierEntryListSchema.parse(
      (await as('owner', 'GET', '/api/carrierentry/fetch')).json(),
    );
    expect(stillThere.entries.some((e) => e.importUuid === mine.importUuid)).toBe(true);
  });

  it('deletes one entry at a time, audits it, and takes it out of the report', async () => {
    const list = carrierEntryListSchema.parse((await as('owner', 'GET', '/api/carrierentry/fetch')).json());
    const march = list.entries.find((e) => e.policyTypeCode === 'PL' && e.month === 3)!;
    const removed = await as('owner', 'POST', `/api/carrierentry/delete/${march.importUuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await as('owner', 'POST', `/api/carrierentry/delete/${march.importUuid}`)).statusCode).toBe(404);
    const audit = await t.database.db.execute<{ after: unknown }>(
      sql`select after from audit_log where entity_id = ${march.importUuid} and action = 'delete'`,
    );
    expect(audit.rows).toEqual([{ after: null }]);
    const after = carrierEntryListSchema.parse((await as('owner', 'GET', '/api/carrierentry/fetch')).json());
    const pl = after.entries.filter((e) => e.policyTypeCode === 'PL').map((e) => e.month);
    expect(pl).toEqual([2, 1]);
    const totals = await agencyTotals('owner');
    // PL's latest is February (2,500.35); the other lines add their own latest snapshots.
    const others = after.entries
      .filter((e) => e.policyTypeCode !== 'PL')
      .reduce((sum, e) => sum + Math.round(e.dwp * 100), 0);
    expect(Math.round(totals!.writtenPremium! * 100)).toBe(250035 + others);
  });

  it('warns of carriers onboarded by a feed only', async () => {
    const onboarded = await as('owner', 'GET', '/api/carriers/onboarded');
    expect(onboardedCarriersResponseSchema.parse(onboarded.json()).carriers.map((c) => c.uuid)).toEqual([
      feedCarrier,
    ]);
  });

  it("saves an agency's entries sent at the same time, in a network with no rollups yet", async () => {
    // A new network has no horizon row to lock: the saves must still not collide (on PostgreSQL
    // they run on separate connections).
    const db = t.database.db;
    const fresh = await buildAgency(db);
    await db.insert(subscriberFeatures).values({ agencyUuid: fresh.uuid, externalId: 'cpr-ext' });
    const owner = await buildUser(db, {
      agencyUuid: fresh.uuid,
      networkUuid: fresh.networkUuid,
      isOwner: true,
    });
    cookies.freshOwner = await signIn(t.app, owner.email);
    const saves = await Promise.all(
      [1, 2, 3, 4].map((month) => save('freshOwner', entry({ month, subCode: `SAME-${month}` }))),
    );
    expect(saves.map((s) => s.response.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('saves two agencies of a network with no rollups yet while a third save waits on the first', async (context) => {
    // Only PostgreSQL runs transactions side by side. The first agency's write is held open before
    // it makes the network's horizon row; a second agency's save makes it meanwhile when writers
    // take turns per agency, and a later save of the first agency then holds the row while waiting
    // for the first: the two would wait on each other.
    if (t.database.driver !== 'postgres') context.skip();
    const db = t.database.db;
    const first = await buildAgency(db);
    const second = await buildAgency(db, { networkUuid: first.networkUuid });
    for (const [who, agency] of [
      ['firstOwner', first],
      ['secondOwner', second],
    ] as const) {
      await db.insert(subscriberFeatures).values({ agencyUuid: agency.uuid, externalId: 'cpr-ext' });
      const owner = await buildUser(db, {
        agencyUuid: agency.uuid,
        networkUuid: agency.networkUuid,
        isOwner: true,
      });
      cookies[who] = await signIn(t.app, owner.email);
    }
    const line = await db.execute<{ uuid: string }>(
      sql`select uuid from lines_of_business where level = 1 and code = 'PL'`,
    );
    const waiting = async () =>
      Number(
        (
          await db.execute<{ n: string }>(sql`select count(*)::text as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`)
        ).rows[0]!.n,
      );
    const until = async (done: () => Promise<boolean>) => {
      for (let tries = 0; !(await done()); tries += 1) {
        if (tries > 200) throw new Error('the saves never reached the expected state');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const inWrite = new Promise<void>((resolve) => (written = resolve));
    const month = '2026-02-01';
    const firstWrite = db.transaction((tx) =>
      changeAgencyProduction(tx, first.uuid, [{ carrierUuid: acme, month }], async () => {
        await buildFacts(tx, first, [
          { carrierUuid: acme, lineUuid: line.rows[0]!.uuid, month, writtenPremium: '100.00' },
        ]);
        written();
        await held;
      }),
    );
    await inWrite;
    let secondDone = false;
    const secondSave = save('secondOwner', entry({ month: 3, subCode: 'SIDE-1' })).finally(
      () => (secondDone = true),
    );
    await until(async () => secondDone || (await waiting()) >= 1);
    const laterSave = save('firstOwner', entry({ month: 4, subCode: 'SIDE-2' }));
    await until(async () => (await waiting()) >= (secondDone ? 1 : 2));
    release();
    await firstWrite;
    expect([(await secondSave).response.statusCode, (await laterSave).response.statusCode]).toEqual([
      200, 200,
    ]);
  });

  it("dates a carrier by its manual entries: a lone October entry reports October, not 'No data'", async () => {
    const lone = (await buildCarrier(t.database.db, { name: 'Lonestar Casualty', displayName: 'Lonestar' }))
      .uuid;
    const saved = await save(
      'owner',
      entry({ carrierUuid: lone, subCode: 'LONE-1', policyType: 'CL', month: 10, writtenPremium: '5,000' }),
    );
    expect(saved.response.statusCode).toBe(200);
    const report = byCarrierResponseSchema.parse(
      (await as('owner', 'GET', `/api/core-production/by-carrier?${ytd}`)).json(),
    );
    expect(report.carriers[lone]?.lines['P&C']?.writtenPremium).toBe(5000);
    expect(report.carriers[lone]?.latestYearMonth).toBe('2026-10');
    // Completeness still follows decision 014: the entry covers January to October, no month of its own.
    expect(report.carriers[lone]?.reportedMonths).toEqual([]);
  });
});

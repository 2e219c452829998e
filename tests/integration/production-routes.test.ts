import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { byAgencyResponseSchema, byCarrierResponseSchema } from '#shared/contracts/production.ts';
import { reportedMonthsResponseSchema } from '#shared/contracts/reported-months.ts';
import { HIDDEN_CARRIER_NAME } from '#shared/domain/collaboration.ts';
import { accessRecords } from '#server/db/schema/access.ts';
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
import { createTestApp, signInAll, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
let acme: string;
let bluestem: string;
const cookies: Record<string, string> = {};
const period = 'startDate=2026-01-01&endDate=2026-02-28';

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] ?? '' } });

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  ({ home, sibling, foreign } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, { PL: [['PA', 'Personal Auto']] });
  acme = (await buildCarrier(db, { name: 'Acme Mutual', displayName: 'Acme Mutual' })).uuid;
  bluestem = (await buildCarrier(db, { name: 'Bluestem Specialty', displayName: 'Bluestem', isMga: true }))
    .uuid;
  const fact = (carrierUuid: string, month: string, wp: string | null) => ({
    carrierUuid,
    lineUuid: lines.byCode.PA!.uuid,
    month,
    writtenPremium: wp,
    newWrittenPremium: '10.00',
    earned: '50.00',
    incurred: '25.00',
  });
  await buildFacts(
    db,
    home,
    [
      fact(acme, '2026-01-01', '100.10'),
      fact(acme, '2026-02-01', '200.20'),
      fact(bluestem, '2026-01-01', null),
    ],
    { reported: true },
  );
  await buildFacts(db, sibling, [fact(acme, '2026-02-01', '0.05')]);
  await buildFacts(db, foreign, [fact(acme, '2026-02-01', '999.99')]);
  await ensureReadModel(db, () => {});
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
    sibling.uuid,
  ]);
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    denied: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
  };
  await db
    .insert(accessRecords)
    .values({ userId: users.denied.id, productComponentKey: 'cpr', denyAccess: true });
  await db
    .insert(accessRecords)
    .values({ userId: users.network.id, productComponentKey: 'cpr', denyAccess: false });
  Object.assign(cookies, await signInAll(t.app, users));
});
afterAll(async () => {
  await t?.close();
});

describe('Carrier Production API', () => {
  it('sums exact cents per carrier, keeps blanks apart from zeros, and flags missing months', async () => {
    const response = await get('owner', `/api/core-production/by-carrier?${period}`);
    expect(response.statusCode).toBe(200);
    const body = byCarrierResponseSchema.parse(response.json());
    expect(body.carriers[acme]!.lines['PL']!.writtenPremium).toBe(300.3);
    expect(body.carriers[acme]!.lines['P&C']!.writtenPremium).toBe(300.3);
    expect(body.carriers[acme]!.lines['P&C']!.priorWrittenPremium).toBeNull();
    expect(body.carriers[acme]!.haveMissingCurrentData).toBe(false);
    expect(body.carriers[acme]!.haveMissingPriorData).toBe(true);
    expect(body.carriers[bluestem]!.lines['P&C']!.writtenPremium).toBeNull();
    expect(body.carriers[bluestem]!.lines['P&C']!.earned).toBe(50);
    expect(body.carriers[bluestem]!.haveMissingCurrentData).toBe(true);
    expect(body.period).toMatchObject({ priorStartDate: '2025-01-01', priorEndDate: '2025-02-28' });
  });

  it('computes the network level from every agency of the network only', async () => {
    const byCarrier = byCarrierResponseSchema.parse(
      (await get('network', `/api/core-production/by-carrier?${period}`)).json(),
    );
    expect(byCarrier.carriers[acme]!.lines['P&C']!.writtenPremium).toBe(300.35);
    const byAgency = byAgencyResponseSchema.parse(
      (await get('network', `/api/core-production/by-agency?${period}`)).json(),
    );
    expect(byAgency.agencies.map((a) => a.agencyUuid).sort()).toEqual([home.uuid, sibling.uuid].sort());
  });

  it('finds nothing at network level in months after the latest fact (both edges at the horizon)', async () => {
    for (const months of [
      'startDate=2026-05-01&endDate=2026-05-31',
      'startDate=2026-04-01&endDate=2026-06-30',
    ]) {
      const byAgency = byAgencyResponseSchema.parse(
        (await get('network', `/api/core-production/by-agency?${months}`)).json(),
      );
      expect(byAgency.agencies).toEqual([]);
    }
  });

  it('filters wholesalers out with the carrier composite', async () => {
    const body = byCarrierResponseSchema.parse(
      (await get('owner', `/api/core-production/by-carrier?${period}&isMga=false`)).json(),
    );
    expect(Object.keys(body.carriers)).toEqual([acme]);
  });

  it('masks carrier names in collaboration mode on the server', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/collaboration',
      headers: { cookie: cookies.owner!, 'content-type': 'application/json' },
      payload: JSON.stringify({ carriersUuid: [acme], shareType: 'names' }),
    });
    const named = byCarrierResponseSchema.parse(
      (await get('owner', `/api/core-production/by-carrier?${period}`)).json(),
    );
    expect(named.carriers[bluestem]!.carrierName).toBe(HIDDEN_CARRIER_NAME);
    expect(named.carriers[acme]!.carrierName).toBe('Acme Mutual');
    await t.app.inject({
      method: 'PUT',
      url: '/api/collaboration',
      headers: { cookie: cookies.owner!, 'content-type': 'application/json' },
      payload: JSON.stringify({ carriersUuid: [acme], shareType: 'all' }),
    });
    const only = byCarrierResponseSchema.parse(
      (await get('owner', `/api/core-production/by-carrier?${period}`)).json(),
    );
    expect(Object.keys(only.carriers)).toEqual([acme]);
    await t.app.inject({ method: 'DELETE', url: '/api/collaboration', headers: { cookie: cookies.owner! } });
  });

  it('refuses a user without cpr with 403 and the access-denied text', async () => {
    const response = await get('denied', `/api/core-production/by-carrier?${period}`);
    expect(response.statusCode).toBe(403);
    expect(errorResponseSchema.parse(response.json()).error.message).toBe(
      'You do not have access to this feature. Please select an option from the menu on the left.',
    );
  });

  it('refuses every call of the planning tool to a user without cpr (spec part 2 §6)', async () => {
    const calls = [
      `/api/core-production/by-agencyCode?${period}`,
      `/api/core-production/by-agencyCode/export?${period}&displayText=YTD`,
      `/api/core-production/network/summary?${period}`,
      `/api/core-production/network/summary-by-carrier?${period}`,
      '/api/core-production/carriers',
      '/api/agency-planning/carriers',
    ];
    for (const url of calls) {
      const owner = await get('owner', url);
      expect([url, owner.statusCode]).toEqual([url, 200]);
      const denied = await get('denied', url);
      expect([url, denied.statusCode]).toEqual([url, 403]);
    }
  });

  it('names each bad field', async () => {
    const response = await get(
      'owner',
      '/api/core-production/by-carrier?startDate=2026-01-02&endDate=2026-12-31',
    );
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.fields).toEqual({
      startDate: 'startDate must be the first day of a month.',
      endDate: 'endDate must not be after the latest reporting month (2026-10).',
    });
    const missing = await get('owner', '/api/core-production/by-carrier');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorResponseSchema.parse(missing.json()).error.fields ?? {})).toEqual([
      'startDate',
      'endDate',
    ]);
  });
});

describe('CSV export', () => {
  it('streams every column with prior values and change, whole dollars, named after the agency and timeframe', async () => {
    const response = await get(
      'owner',
      `/api/core-production/agency/export?${period}&displayText=2026-01 to 2026-02`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const safeName = home.name.replaceAll(' ', '_');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${safeName}_2026-01_to_2026-02.csv"`,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Carrier,Wholesaler,Line of Business,Written Premium (USD),Prior Written Premium (USD),Written Premium Change (%),' +
        'New Business (USD),Prior New Business (USD),New Business Change (%),Earned Premium (USD),Prior Earned Premium (USD),' +
        'Incurred Loss (USD),Prior Incurred Loss (USD),Loss Ratio (%),Prior Loss Ratio (%),Incomplete Current Data,Incomplete Prior Data',
    );
    expect(lines).toContain('Acme Mutual,No,Total (P&C),300,,,20,,,100,,50,,50,,No,Yes');
    expect(lines).toContain('Acme Mutual,No,PL,300,,,20,,,100,,50,,50,,No,Yes');
    expect(lines).toContain('Bluestem,Yes,Total (P&C),,,,10,,,50,,25,,50,,Yes,Yes');
    expect(lines.indexOf('Acme Mutual,No,Total (P&C),300,,,20,,,100,,50,,50,,No,Yes')).toBe(1);
  });

  it('exports the Agency view: one block per agency, named "name - city - state"', async () => {
    const response = await get(
      'owner',
      `/api/core-production/agency/export?${period}&displayText=2026-01 to 2026-02&view=agencies`,
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]!.startsWith('Agency,Line of Business,Written Premium (USD),')).toBe(true);
    const name = `${home.name} - ${home.city} - ${home.state}`;
    expect(lines.slice(1)).toEqual([
      `${name},Total (P&C),300,,,30,,,150,,75,,50,,Yes,Yes`,
      `${name},PL,300,,,30,,,150,,75,,50,,Yes,Yes`,
    ]);
    const bad = await get('owner', `/api/core-production/agency/export?${period}&displayText=x&view=rows`);
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).error.fields).toEqual({
      view: "view must be 'carriers' or 'agencies'",
    });
  });

  it('needs displayText and refuses other levels', async () => {
    const missing = await get('owner', `/api/core-production/agency/export?${period}`);
    expect(missing.statusCode).toBe(400);
    expect(errorResponseSchema.parse(missing.json()).error.fields).toHaveProperty('displayText');
    expect(
      (
        await get(
          'owner',
          `/api/core-production/agency/export?${period}&displayText=x&levelUuid=${foreign.uuid}`,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('reported months', () => {
  it('lists, per carrier, the months reported at the level and the most recent one', async () => {
    const response = await get(
      'owner',
      '/api/core-production/reported-months?rangeStart=2025-01&rangeEnd=2026-02',
    );
    expect(response.statusCode).toBe(200);
    const body = reportedMonthsResponseSchema.parse(response.json());
    const byCarrier = Object.fromEntries(body.carrierReportedMonths.map((c) => [c.carrierUuid, c]));
    expect(byCarrier[acme]).toEqual({
      carrierUuid: acme,
      months: ['2026-01', '2026-02'],
      mostRecentReportingDate: '2026-02',
    });
    expect(byCarrier[bluestem]!.months).toEqual(['2026-01']);
    const bad = await get(
      'owner',
      '/api/core-production/reported-months?rangeStart=2026-03&rangeEnd=2026-02',
    );
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).error.fields).toEqual({
      rangeEnd: 'rangeEnd must not be before rangeStart.',
    });
  });
});

describe('every endpoint that takes a level refuses levels outside the scope with 403', () => {
  const endpoints = [
    `/api/core-production/by-carrier?${period}&`,
    `/api/core-production/by-agency?${period}&`,
    '/api/carriers/onboarded?',
    `/api/core-production/agency/export?${period}&displayText=YTD&`,
    '/api/core-production/reported-months?rangeStart=2025-01&rangeEnd=2026-02&',
  ];
  it.each(endpoints)('%s', async (endpoint) => {
    for (const level of [foreign.uuid, foreign.networkUuid, sibling.uuid, home.networkUuid]) {
      expect((await get('owner', `${endpoint}levelUuid=${level}`)).statusCode, `agency user, ${level}`).toBe(
        403,
      );
    }
    for (const level of [foreign.uuid, foreign.networkUuid]) {
      expect(
        (await get('network', `${endpoint}levelUuid=${level}`)).statusCode,
        `network user, ${level}`,
      ).toBe(403);
    }
    expect((await get('network', `${endpoint}levelUuid=${sibling.uuid}`)).statusCode).toBe(200);
    expect((await get('owner', `${endpoint}levelUuid=${home.uuid}`)).statusCode).toBe(200);
    expect((await get('staff', `${endpoint}levelUuid=${foreign.uuid}`)).statusCode).toBe(200);
  });
});

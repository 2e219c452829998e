import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  scorecardByAgencyResponseSchema,
  scorecardByCarrierResponseSchema,
  scorecardStatsResponseSchema,
} from '#shared/contracts/scorecards.ts';
import { HIDDEN_CARRIER_NAME } from '#shared/domain/collaboration.ts';
import { accessRecords, featureFlags } from '#server/db/schema/access.ts';
import { rebuildNetwork } from '#server/services/read-model/refresh.ts';
import {
  type buildAgency,
  buildAgencyTrio,
  buildCarrier,
  buildCommissionFacts,
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
const period = 'startDate=2026-01-01&endDate=2026-03-31';
const ACCESS_DENIED =
  'You do not have access to this feature. Please select an option from the menu on the left.';

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] ?? '' } });

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  ({ home, sibling, foreign } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, { PL: [['PA', 'Personal Auto']] });
  acme = (await buildCarrier(db, { name: 'Acme Mutual', isCoreCarrier: true })).uuid;
  bluestem = (await buildCarrier(db, { name: 'Bluestem Specialty', isMga: true })).uuid;
  const fact = (
    carrierUuid: string,
    line: string,
    month: string,
    wp: string,
    base: string,
    add: string | null,
  ) => ({
    carrierUuid,
    lineUuid: lines.byCode[line]!.uuid,
    month,
    writtenPremium: wp,
    baseCommission: base,
    additionalCommission: add,
  });
  await buildCommissionFacts(db, home, [
    fact(acme, 'PA', '2026-01-01', '1000.10', '120.01', null),
    fact(acme, 'PA', '2026-02-01', '2000.20', '240.02', '10.00'),
    fact(acme, 'PA', '2026-03-01', '3000.30', '360.03', null),
    // Bluestem's statement stops at the broad line, and skips February.
    fact(bluestem, 'CL', '2026-01-01', '500.00', '50.00', null),
    fact(bluestem, 'CL', '2026-03-01', '500.00', '75.00', null),
  ]);
  await buildCommissionFacts(db, sibling, [fact(acme, 'PA', '2026-02-01', '0.05', '0.01', null)]);
  await buildCommissionFacts(db, foreign, [fact(acme, 'PA', '2026-02-01', '999.99', '99.99', null)]);
  await rebuildNetwork(db, home.networkUuid);
  await rebuildNetwork(db, foreign.networkUuid);
  await buildProductFeature(
    db,
    { key: 'pbi-agency-production', title: 'Agency Production', externalId: 'ap-ext' },
    [home.uuid, foreign.uuid],
  );
  await db.insert(featureFlags).values({ key: 'scorecards', title: 'Scorecards', enabled: true });
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    denied: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    foreignOwner: await buildUser(db, {
      agencyUuid: foreign.uuid,
      networkUuid: foreign.networkUuid,
      isOwner: true,
    }),
  };
  await db
    .insert(accessRecords)
    .values({ userId: users.denied.id, productComponentKey: 'pbi-agency-production', denyAccess: true });
  await db
    .insert(accessRecords)
    .values({ userId: users.network.id, productComponentKey: 'pbi-agency-production', denyAccess: false });
  Object.assign(cookies, await signInAll(t.app, users));
});
afterAll(async () => {
  await t?.close();
});

describe('Scorecard API', () => {
  it('sums exact cents per carrier, with percents of the summed premium and the lowest lines', async () => {
    const response = await get('owner', `/api/scorecards/by-carrier?${period}`);
    expect(response.statusCode).toBe(200);
    const body = scorecardByCarrierResponseSchema.parse(response.json());
    expect(body.carriers.map((c) => c.carrierUuid)).toEqual([acme, bluestem]);
    const [a, b] = body.carriers;
    expect(a).toMatchObject({
      writtenPremiumYTD: 6000.6,
      baseCommissionYTD: 720.06,
      additionalCommissionYTD: 10,
      totalCommissionYTD: 730.06,
      baseCommissionPercent: 12,
      totalCommissionPercent: 12.17,
      isCoreCarrier: true,
      haveMissingData: false,
    });
    expect(a!.lines).toEqual([
      expect.objectContaining({ code: 'PA', isLowestLevel: true, writtenPremiumYTD: 6000.6 }),
    ]);
    expect(b).toMatchObject({
      additionalCommissionYTD: null,
      totalCommissionYTD: 125,
      haveMissingData: true,
    });
    expect(b!.lines.every((l) => !l.isLowestLevel)).toBe(true);
    expect(body.totals).toMatchObject({ writtenPremiumYTD: 7000.6, totalCommissionYTD: 855.06 });
  });

  it('keeps the policy type, its standard types and the carrier kinds', async () => {
    const pl = scorecardByCarrierResponseSchema.parse(
      (await get('owner', `/api/scorecards/by-carrier?${period}&parentTypeCode=PL&standardTypes=PA`)).json(),
    );
    expect(pl.carriers.map((c) => c.carrierUuid)).toEqual([acme]);
    const noWholesalers = scorecardByCarrierResponseSchema.parse(
      (await get('owner', `/api/scorecards/by-carrier?${period}&isMga=false`)).json(),
    );
    expect(noWholesalers.carriers.map((c) => c.carrierUuid)).toEqual([acme]);
  });

  it('splits core and non-core per policy type, and summarises them', async () => {
    const byAgency = scorecardByAgencyResponseSchema.parse(
      (await get('owner', `/api/scorecards/by-agency?${period}`)).json(),
    );
    expect(byAgency.policyTypes['P&C']).toMatchObject({
      total: { writtenPremiumYTD: 7000.6 },
      core: { writtenPremiumYTD: 6000.6, totalCommissionYTD: 730.06 },
      noncore: { writtenPremiumYTD: 1000, baseCommissionPercent: 12.5 },
    });
    expect(byAgency.policyTypes.BOND.total.writtenPremiumYTD).toBeNull();
    const stats = scorecardStatsResponseSchema.parse(
      (await get('owner', `/api/scorecards/stats?year=2026`)).json(),
    );
    expect(stats.latestDataDate).toBe('2026-03-31');
    expect(stats.period).toEqual({ startDate: '2026-01-01', endDate: '2026-10-31' });
    expect(stats.policyTypes.find((p) => p.policyTypeCode === 'P&C')).toMatchObject({
      carriers: 2,
      coreCarriers: 1,
    });
  });

  it('computes a network from its own agencies, and one agency of it when picked', async () => {
    const network = scorecardByCarrierResponseSchema.parse(
      (await get('network', `/api/scorecards/by-carrier?${period}`)).json(),
    );
    expect(network.carriers[0]).toMatchObject({ carrierUuid: acme, writtenPremiumYTD: 6000.65 });
    const picked = scorecardByCarrierResponseSchema.parse(
      (
        await get('network', `/api/scorecards/by-carrier?${period}&selectedAgencyUuid=${sibling.uuid}`)
      ).json(),
    );
    expect(picked.carriers).toHaveLength(1);
    // A statement in February only: January and March are missing.
    expect(picked.carriers[0]).toMatchObject({ writtenPremiumYTD: 0.05, haveMissingData: true });
  });

  it('refuses levels and agencies outside the caller’s scope, and callers without the feature', async () => {
    for (const url of [
      `/api/scorecards/by-carrier?${period}&levelUuid=${foreign.uuid}`,
      `/api/scorecards/by-agency?${period}&levelUuid=${foreign.networkUuid}`,
      `/api/scorecards/by-carrier?${period}&selectedAgencyUuid=${foreign.uuid}`,
      `/api/scorecards/stats?${period}&selectedAgencyUuid=${sibling.uuid}`,
    ]) {
      const response = await get('owner', url);
      expect(response.statusCode, url).toBe(403);
    }
    const viaNetwork = await get(
      'network',
      `/api/scorecards/stats?${period}&selectedAgencyUuid=${foreign.uuid}`,
    );
    expect(viaNetwork.statusCode).toBe(403);
    const denied = await get('denied', `/api/scorecards/by-carrier?${period}`);
    expect(denied.statusCode).toBe(403);
    expect(errorResponseSchema.parse(denied.json()).error.message).toBe(ACCESS_DENIED);
    const foreignView = scorecardByCarrierResponseSchema.parse(
      (await get('foreignOwner', `/api/scorecards/by-carrier?${period}`)).json(),
    );
    expect(foreignView.totals.writtenPremiumYTD).toBe(999.99);
  });

  it('refuses everyone while the scorecards flag is off', async () => {
    await t.database.db.update(featureFlags).set({ enabled: false });
    try {
      const response = await get('owner', `/api/scorecards/stats?${period}`);
      expect(response.statusCode).toBe(403);
    } finally {
      await t.database.db.update(featureFlags).set({ enabled: true });
    }
  });

  it('masks carriers in collaboration mode as Carrier Production does', async () => {
    const put = (shareType: 'names' | 'all') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/collaboration',
        headers: { cookie: cookies.owner!, 'content-type': 'application/json' },
        payload: JSON.stringify({ carriersUuid: [acme], shareType }),
      });
    try {
      expect((await put('names')).statusCode).toBeLessThan(300);
      const named = scorecardByCarrierResponseSchema.parse(
        (await get('owner', `/api/scorecards/by-carrier?${period}`)).json(),
      );
      expect(named.carriers.map((c) => c.carrierName)).toEqual(['Acme Mutual', HIDDEN_CARRIER_NAME]);
      const csv = (await get('owner', `/api/scorecards/export?${period}`)).body;
      expect(csv).toContain(HIDDEN_CARRIER_NAME);
      expect(csv).not.toContain('Bluestem');
      expect((await put('all')).statusCode).toBeLessThan(300);
      const only = scorecardByCarrierResponseSchema.parse(
        (await get('owner', `/api/scorecards/by-carrier?${period}`)).json(),
      );
      expect(only.carriers.map((c) => c.carrierUuid)).toEqual([acme]);
      expect(only.totals.writtenPremiumYTD).toBe(6000.6);
    } finally {
      await t.app.inject({
        method: 'DELETE',
        url: '/api/collaboration',
        headers: { cookie: cookies.owner! },
      });
    }
  });

  it('exports the table as CSV with its totals', async () => {
    const response = await get('owner', `/api/scorecards/export?${period}&carrierType=core`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /filename="Invoice_Revenue_Agency_\w+_2026-01-01_2026-03-31\.csv"/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Company,/);
    expect(lines.slice(1)).toEqual([
      'Acme Mutual,Core carrier,P&C,6001,720,12,10,0.17,730,12.17,',
      'Acme Mutual,Core carrier,Personal Auto,6001,720,12,10,0.17,730,12.17,',
      'Totals:,,P&C,6001,720,12,10,0.17,730,12.17,',
    ]);
  });

  it('names each bad field', async () => {
    const noTimeframe = errorResponseSchema.parse((await get('owner', '/api/scorecards/stats')).json());
    expect(noTimeframe.error.fields).toEqual({
      startDate: 'startDate is required without a year.',
      endDate: 'endDate is required without a year.',
    });
    const bad = await get('owner', '/api/scorecards/by-carrier?startDate=2026-01-02&endDate=2027-01-31');
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).error.fields).toMatchObject({
      startDate: 'startDate must be the first day of a month.',
      endDate: 'endDate must not be after the latest reporting month (2026-10).',
    });
    const future = errorResponseSchema.parse(
      (await get('owner', '/api/scorecards/by-agency?year=2027')).json(),
    );
    expect(future.error.fields?.year).toBe(
      'year must not be after 2026, the year of the latest reporting month.',
    );
    const line = errorResponseSchema.parse(
      (await get('owner', `/api/scorecards/by-carrier?${period}&parentTypeCode=XX`)).json(),
    );
    expect(line.error.fields?.parentTypeCode).toBe('parentTypeCode must be P&C, PL, CL, BOND or CROP');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierEntryListSchema,
  carrierEntrySavedSchema,
  subCodeResponseSchema,
  type CarrierEntryRequest,
} from '#shared/contracts/manual-entry.ts';
import { byAgencyResponseSchema, byCarrierResponseSchema } from '#shared/contracts/production.ts';
import { productFeatures, subscriberFeatures } from '#server/db/schema/access.ts';
import { buildAgency, buildBroadLines, buildCarrier, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

/**
 * Manual entries across gaps (DESIGN §6, decision 014): a month after a missing one covers the gap
 * too, so a period that starts inside the gap does not credit it, and incompleteness is judged per
 * sub-code and line. Each case has an agency of its own; today is 2026-11-22 (latest month 2026-10).
 */
let t: TestApp;
let networkUuid: string;
let carrierUuid: string;
let networkCookie: string;

type Agency = { uuid: string; cookie: string };

async function newAgency(): Promise<Agency> {
  const db = t.database.db;
  const agency = await buildAgency(db, { networkUuid });
  await db.insert(subscriberFeatures).values({ agencyUuid: agency.uuid, externalId: 'cpr-ext' });
  const owner = await buildUser(db, { agencyUuid: agency.uuid, networkUuid, isOwner: true });
  return { uuid: agency.uuid, cookie: await signIn(t.app, owner.email) };
}

async function subCodeUuid(agency: Agency, code: string): Promise<string | null> {
  const response = await injectAs(
    t.app,
    agency.cookie,
    'GET',
    `/api/subcodes/fetch?carrierUuid=${carrierUuid}&levelUuid=${agency.uuid}`,
  );
  return subCodeResponseSchema.parse(response.json()).subCodes.find((s) => s.code === code)?.uuid ?? null;
}

/** Saves (or edits) the year-to-date snapshot of a month; answers the entry's id. */
async function snapshot(agency: Agency, month: number, writtenPremium: number, subCode = 'S-1') {
  const body: CarrierEntryRequest = {
    carrierUuid,
    subCodeUuid: await subCodeUuid(agency, subCode),
    subCode,
    policyType: 'PL',
    year: 2025,
    month,
    writtenPremium: String(writtenPremium),
    newBusiness: '0',
    mover: '0',
    incurredLoss: '0',
    earnedPremium: '0',
    lossRatio: '',
    radio: 'incurredLossEarnedPremium',
    requestId: randomUUID(),
  };
  const list = await injectAs(
    t.app,
    agency.cookie,
    'GET',
    `/api/carrierentry/fetch?year=2025&levelUuid=${agency.uuid}`,
  );
  const existing = carrierEntryListSchema
    .parse(list.json())
    .entries.find((e) => e.month === month && e.subCode === subCode);
  const response = await injectAs(
    t.app,
    agency.cookie,
    'POST',
    `/api/carrierentry/new?levelUuid=${agency.uuid}`,
    {
      ...body,
      ...(existing ? { importUuid: existing.importUuid, version: existing.version } : { version: null }),
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return carrierEntrySavedSchema.parse(response.json()).recordset[0]!.importUuid;
}

async function remove(agency: Agency, importUuid: string) {
  const response = await injectAs(
    t.app,
    agency.cookie,
    'POST',
    `/api/carrierentry/delete/${importUuid}?levelUuid=${agency.uuid}`,
  );
  expect(response.statusCode, response.body).toBe(200);
}

/** The agency's written premium and flags over start..end: by carrier for the agency, and in its network's by-agency view. */
async function report(agency: Agency, start: string, end: string) {
  const lastDay = new Date(Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)), 0)).getUTCDate();
  const period = `startDate=${start}-01&endDate=${end}-${lastDay}`;
  const byCarrier = byCarrierResponseSchema.parse(
    (
      await injectAs(
        t.app,
        agency.cookie,
        'GET',
        `/api/core-production/by-carrier?${period}&levelUuid=${agency.uuid}`,
      )
    ).json(),
  );
  const byAgency = byAgencyResponseSchema.parse(
    (
      await injectAs(
        t.app,
        networkCookie,
        'GET',
        `/api/core-production/by-agency?${period}&levelUuid=${networkUuid}`,
      )
    ).json(),
  );
  const carrier = byCarrier.carriers[carrierUuid];
  const inNetwork = byAgency.agencies.find((a) => a.agencyUuid === agency.uuid);
  const figures = {
    writtenPremium: carrier?.lines['P&C']?.writtenPremium ?? null,
    incomplete: carrier?.haveMissingCurrentData ?? false,
    includesManualEntries: byCarrier.period.includesManualEntries,
  };
  // The network's view (running totals, or what the network keeps) agrees with the agency's (facts).
  expect({
    writtenPremium: inNetwork?.lines['P&C']?.writtenPremium ?? null,
    incomplete: inNetwork?.haveMissingCurrentData ?? false,
  }).toEqual({ writtenPremium: figures.writtenPremium, incomplete: figures.incomplete });
  return figures;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  const home = await buildAgency(db);
  networkUuid = home.networkUuid;
  await buildBroadLines(db);
  carrierUuid = (await buildCarrier(db, { name: 'Gapwell Mutual', displayName: 'Gapwell' })).uuid;
  await db
    .insert(productFeatures)
    .values({ key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext', isLive: true });
  networkCookie = await signIn(t.app, (await buildUser(db, { userType: 'network', networkUuid })).email);
});
afterAll(async () => {
  await t?.close();
});

describe('manual entries across a missing month', () => {
  it('keep YTD equal to the latest snapshot, and credit the gap only to periods that start before it', async () => {
    const agency = await newAgency();
    await snapshot(agency, 1, 1000);
    await snapshot(agency, 3, 3000); // February is missing: March's 2,000 covers February too
    await snapshot(agency, 4, 3500);

    // The whole year: the latest snapshot, marked incomplete (February is missing).
    expect(await report(agency, '2025-01', '2025-12')).toEqual({
      writtenPremium: 3500,
      incomplete: true,
      includesManualEntries: true,
    });
    // Twelve months from March 2025: March's sum started in February, before the period.
    expect(await report(agency, '2025-03', '2026-02')).toEqual({
      writtenPremium: 500,
      incomplete: true,
      includesManualEntries: true,
    });
    // Twelve months from February 2025 hold the whole gap.
    expect(await report(agency, '2025-02', '2026-01')).toEqual({
      writtenPremium: 2500,
      incomplete: true,
      includesManualEntries: true,
    });
    // From April on, nothing of the gap is in the period; March and February are not reported there.
    expect(await report(agency, '2025-04', '2026-03')).toMatchObject({ writtenPremium: 500 });
  });

  it('follow an edit and a delete of a middle month', async () => {
    const agency = await newAgency();
    await snapshot(agency, 1, 1000);
    const february = await snapshot(agency, 2, 1800);
    await snapshot(agency, 3, 3000);
    expect(await report(agency, '2025-03', '2026-02')).toMatchObject({ writtenPremium: 1200 });

    await remove(agency, february);
    // March now covers February as well: a period from March leaves it out.
    expect(await report(agency, '2025-03', '2026-02')).toMatchObject({
      writtenPremium: null,
      incomplete: true,
    });
    expect(await report(agency, '2025-01', '2025-12')).toMatchObject({ writtenPremium: 3000 });

    await snapshot(agency, 2, 1500);
    expect(await report(agency, '2025-03', '2026-02')).toMatchObject({ writtenPremium: 1500 });
    await snapshot(agency, 2, 1700); // an edit of the middle month
    expect(await report(agency, '2025-03', '2026-02')).toMatchObject({ writtenPremium: 1300 });
    expect(await report(agency, '2025-01', '2025-12')).toMatchObject({ writtenPremium: 3000 });
  });

  it('judge incompleteness per sub-code: one sub-code’s gap is not hidden by another’s month', async () => {
    const agency = await newAgency();
    for (let month = 1; month <= 12; month++) {
      await snapshot(agency, month, month * 100, 'S-1');
      if (month !== 2) await snapshot(agency, month, month * 10, 'S-2');
    }
    expect(await report(agency, '2025-01', '2025-12')).toEqual({
      writtenPremium: 1320,
      incomplete: true,
      includesManualEntries: true,
    });
    await snapshot(agency, 2, 20, 'S-2');
    expect(await report(agency, '2025-01', '2025-12')).toEqual({
      writtenPremium: 1320,
      incomplete: false,
      includesManualEntries: true,
    });
  });
});

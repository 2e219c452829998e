import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  activePlanResponseSchema,
  activePlanYearsResponseSchema,
  fullPlanResponseSchema,
  reportingDatesResponseSchema,
  ytdResponseSchema,
  type PlanRowInput,
} from '#shared/contracts/growth-measurement.ts';
import { byCarrierResponseSchema } from '#shared/contracts/production.ts';
import { featureFlags, featureFlagTargets } from '#server/db/schema/access.ts';
import { auditLog } from '#server/db/schema/auth.ts';
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

// 22 November 2026: the latest reporting month is 2026-10 and the working year 2026.
let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
let acme: string;
let bluestem: string;
let cedar: string;
const cookies: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  injectAs(t.app, cookies[who] ?? '', method, url, body);
const json = (response: { body: string }) => JSON.parse(response.body) as unknown;

async function createPlan(who: string, body: unknown, level = home.uuid) {
  return call(who, 'POST', `/api/growth-measurement/plans?levelUuid=${level}`, body);
}

async function full(who: string, planId: string) {
  return call(who, 'GET', `/api/growth-measurement/plan/${planId}/full`);
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  ({ home, sibling, foreign } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, {
    PL: [['PA', 'Personal Auto']],
    CL: [['CP', 'Commercial Property']],
  });
  acme = (await buildCarrier(db, { name: 'Acme Mutual' })).uuid;
  bluestem = (await buildCarrier(db, { name: 'Bluestem Specialty', isMga: true })).uuid;
  cedar = (await buildCarrier(db, { name: 'Cedar Casualty' })).uuid;
  const fact = (carrierUuid: string, type: 'PA' | 'CP', month: string, wp: string, nb: string) => ({
    carrierUuid,
    lineUuid: lines.byCode[type]!.uuid,
    month,
    writtenPremium: wp,
    newWrittenPremium: nb,
    earned: '1.00',
    incurred: '0.50',
  });
  const monthly = (carrierUuid: string, type: 'PA' | 'CP', year: number, wp: string, nb: string) =>
    Array.from({ length: 12 }, (_, i) =>
      fact(carrierUuid, type, `${year}-${String(i + 1).padStart(2, '0')}-01`, wp, nb),
    );
  await buildFacts(
    db,
    home,
    [
      ...monthly(acme, 'PA', 2025, '1000.01', '100.33'),
      ...monthly(acme, 'CP', 2025, '500.50', '50.05'),
      ...monthly(bluestem, 'PA', 2025, '250.25', '25.00'),
      ...monthly(acme, 'PA', 2026, '1100.11', '120.12').slice(0, 10),
      ...monthly(acme, 'CP', 2026, '480.48', '40.04').slice(0, 10),
      ...monthly(bluestem, 'PA', 2026, '300.03', '30.03').slice(0, 9),
    ],
    { reported: true },
  );
  await buildFacts(db, sibling, monthly(acme, 'PA', 2025, '7.77', '0.77'), { reported: true });
  await buildFacts(db, foreign, monthly(acme, 'PA', 2025, '999.99', '9.99'), { reported: true });
  await ensureReadModel(db, () => {});

  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
  ]);
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    administrator: await buildUser(db, {
      agencyUuid: home.uuid,
      networkUuid: home.networkUuid,
      isAdministrator: true,
    }),
    user: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid }),
    unflagged: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
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
  await db
    .insert(featureFlags)
    .values({ key: 'growthMeasurement', title: 'Growth Plan Measurement', enabled: false });
  await db.insert(featureFlagTargets).values([
    { flagKey: 'growthMeasurement', targetType: 'network', targetUuid: home.networkUuid, enabled: true },
    { flagKey: 'growthMeasurement', targetType: 'network', targetUuid: foreign.networkUuid, enabled: true },
    { flagKey: 'growthMeasurement', targetType: 'user', targetUuid: users.staff.id, enabled: true },
    { flagKey: 'growthMeasurement', targetType: 'user', targetUuid: users.unflagged.id, enabled: false },
  ]);
  Object.assign(cookies, await signInAll(t.app, users));
});

afterAll(async () => {
  await t?.close();
});

const row = (
  carrierUuid: string,
  lineCode: PlanRowInput['lineCode'],
  prior: number,
  g = 10,
  rate = 5,
  retention = 85,
) => ({
  carrierUuid,
  lineCode,
  priorWrittenPremium: prior,
  growthGoalPlan: g,
  rate,
  retention,
});

describe('growth plans', () => {
  let plan2025: string;
  let plan2026: string;

  it('refuses a user without the growthMeasurement flag', async () => {
    const years = await call('unflagged', 'GET', '/api/growth-measurement/active-plan-years');
    expect(years.statusCode).toBe(403);
    expect(errorResponseSchema.parse(json(years)).error.message).toBe(
      'You do not have access to this feature. Please select an option from the menu on the left.',
    );
    expect((await createPlan('unflagged', { name: 'Mine', year: 2025 })).statusCode).toBe(403);
  });

  it('lets the owner write a plan and computes its goals', async () => {
    const created = await createPlan('owner', { name: '2025 plan', year: 2025 });
    expect(created.statusCode).toBe(200);
    const plan = activePlanResponseSchema.parse(json(created)).plan;
    expect(plan).toMatchObject({ name: '2025 plan', year: 2025, version: 1, agencyUuid: home.uuid });
    plan2025 = plan.planId;

    const saved = await call('owner', 'PUT', `/api/growth-measurement/plan/${plan2025}`, {
      version: 1,
      name: '2025 plan',
      rows: [row(acme, 'PL', 100_000), row(acme, 'CL', 40_000, 8, -3, 90), row(bluestem, 'PL', 0, 10, 4, 90)],
    });
    expect(saved.statusCode).toBe(200);
    const answer = fullPlanResponseSchema.parse(json(saved));
    expect(answer.plan.version).toBe(2);
    const acmePl = answer.leafLevelData.find((l) => l.carrierUuid === acme && l.lineCode === 'PL')!;
    // 100,000 x 1.10 = 110,000; less 100,000 x 0.85 x 1.05 = 89,250: 20,750 new business, 18.86 % of the goal.
    expect(acmePl).toMatchObject({
      wpGoalPlan: 110_000,
      apNewBusiness: 20_750,
      growthGoalPlan: 10,
      retention: 85,
    });
    expect(acmePl.apPercentNewToBook).toBeCloseTo(18.864, 3);
    // Prior 0: no goal and no % new to book.
    const zero = answer.leafLevelData.find((l) => l.carrierUuid === bluestem)!;
    expect(zero).toMatchObject({ wpGoalPlan: 0, apNewBusiness: 0, apPercentNewToBook: null });
  });

  it('answers the active plan years, keyed by year', async () => {
    const response = await call('user', 'GET', '/api/growth-measurement/active-plan-years');
    expect(response.statusCode).toBe(200);
    const years = activePlanYearsResponseSchema.parse(json(response));
    expect(Object.keys(years.activePlans)).toEqual(['2025']);
    expect(years.yearOptions).toEqual([
      { label: '2026', value: 2026 },
      { label: '2025', value: 2025 },
    ]);
    expect(years.canEdit).toBe(false);
  });

  it("starts a plan as a copy of last year's, with last year's actual written premium as the priors", async () => {
    const created = await createPlan('administrator', { name: '2026 plan', year: 2026, copyLastYear: true });
    expect(created.statusCode).toBe(200);
    plan2026 = activePlanResponseSchema.parse(json(created)).plan.planId;
    const answer = fullPlanResponseSchema.parse(json(await full('owner', plan2026)));
    const leaf = (carrier: string, line: string) =>
      answer.leafLevelData.find((l) => l.carrierUuid === carrier && l.lineCode === line)!;
    // 12 x 1,000.01 and 12 x 500.50 and 12 x 250.25 in 2025, to the cent.
    expect(leaf(acme, 'PL')).toMatchObject({
      priorWrittenPremium: 12_000.12,
      growthGoalPlan: 10,
      rate: 5,
      retention: 85,
    });
    expect(leaf(acme, 'CL')).toMatchObject({
      priorWrittenPremium: 6_006,
      growthGoalPlan: 8,
      rate: -3,
      retention: 90,
    });
    expect(leaf(bluestem, 'PL')).toMatchObject({ priorWrittenPremium: 3_003 });
    // 12,000.12 x 1.1 = 13,200.132 -> 13,200.13
    expect(leaf(acme, 'PL').wpGoalPlan).toBe(13_200.13);

    const again = await createPlan('owner', { name: 'Another', year: 2026 });
    expect(again.statusCode).toBe(409);
    const noSource = await createPlan('owner', { name: 'Copy', year: 2024, copyLastYear: true });
    expect(noSource.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(noSource)).error.message).toBe('There is no 2023 plan to copy.');
  });

  it('rolls the leaves up per carrier and for the agency, to the cent', async () => {
    const odd = [
      row(acme, 'PL', 12_345.67, 3.33, 1.11, 87.65),
      row(acme, 'CL', 0.35, 5, 0, 0),
      row(acme, 'BOND', 99_999.99, 12.5, -7.25, 64.1),
      row(bluestem, 'PL', 3_003.01, 7.77, 2.22, 91.19),
      row(cedar, 'CROP', 777.77, -4.5, 1.01, 99.99),
    ];
    const current = fullPlanResponseSchema.parse(json(await full('owner', plan2026)));
    const saved = await call('owner', 'PUT', `/api/growth-measurement/plan/${plan2026}`, {
      version: current.plan.version,
      name: '2026 plan',
      rows: odd,
    });
    expect(saved.statusCode).toBe(200);
    const answer = fullPlanResponseSchema.parse(json(saved));
    const cents = (v: number) => Math.round(v * 100);
    const sum = (values: number[]) => values.reduce((a, b) => a + cents(b), 0);
    for (const field of ['priorWrittenPremium', 'wpGoalPlan', 'apNewBusiness'] as const) {
      for (const carrier of answer.carrierRollup) {
        const leaves = answer.leafLevelData.filter((l) => l.carrierUuid === carrier.carrierUuid);
        expect(cents(carrier[field]), `${carrier.carrierName} ${field}`).toBe(
          sum(leaves.map((l) => l[field])),
        );
      }
      expect(cents(answer.agencyRollup[field]), field).toBe(sum(answer.leafLevelData.map((l) => l[field])));
    }
    expect(answer.carrierRollup.map((c) => c.carrierName)).toEqual([
      'Acme Mutual',
      'Bluestem Specialty',
      'Cedar Casualty',
    ]);
    const agency = answer.agencyRollup;
    expect(agency.apPercentNewToBook).toBeCloseTo((agency.apNewBusiness / agency.wpGoalPlan) * 100, 10);
  });

  it('refuses an edit made on a stale copy, writing nothing', async () => {
    const before = fullPlanResponseSchema.parse(json(await full('owner', plan2026)));
    const version = before.plan.version;
    const first = await call('owner', 'PUT', `/api/growth-measurement/plan/${plan2026}`, {
      version,
      name: 'Owner’s edit',
      rows: [row(acme, 'PL', 1_000)],
    });
    expect(first.statusCode).toBe(200);
    const second = await call('administrator', 'PUT', `/api/growth-measurement/plan/${plan2026}`, {
      version,
      name: 'Administrator’s edit',
      rows: [row(cedar, 'CL', 5)],
    });
    expect(second.statusCode).toBe(409);
    expect(errorResponseSchema.parse(json(second)).error.message).toMatch(/Someone else changed this plan/);
    const after = fullPlanResponseSchema.parse(json(await full('owner', plan2026)));
    expect(after.plan).toMatchObject({ name: 'Owner’s edit', version: version + 1 });
    expect(after.leafLevelData.map((l) => [l.carrierUuid, l.lineCode])).toEqual([[acme, 'PL']]);
    const staleDelete = await call(
      'owner',
      'DELETE',
      `/api/growth-measurement/plan/${plan2026}?version=${version}`,
    );
    expect(staleDelete.statusCode).toBe(409);
  });

  it('audits every change with the plan before and after', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'growth_plan'), eq(auditLog.entityId, plan2026)));
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    const last = rows.at(-1)!;
    expect(last.agencyUuid).toBe(home.uuid);
    expect(last.before).toMatchObject({ name: '2026 plan', version: 2 });
    expect(last.after).toMatchObject({
      name: 'Owner’s edit',
      version: 3,
      rows: [{ carrierUuid: acme, lineCode: 'PL' }],
    });
  });

  it('names the problem with bad input', async () => {
    const current = fullPlanResponseSchema.parse(json(await full('owner', plan2026)));
    const bad = await call('owner', 'PUT', `/api/growth-measurement/plan/${plan2026}`, {
      version: current.plan.version,
      name: 'x',
      rows: [row(acme, 'PL', 10, 10, 5, 150), row(acme, 'PL', 20)],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(bad)).error.fields).toEqual({
      'rows.0.retention': 'Retention must be at most 100 %',
      'rows.1.lineCode': 'A carrier appears twice with the same line of business',
    });
    const unknownCarrier = await call('owner', 'PUT', `/api/growth-measurement/plan/${plan2026}`, {
      version: current.plan.version,
      name: 'x',
      rows: [row('00000000-0000-4000-8000-000000000001', 'PL', 10)],
    });
    expect(unknownCarrier.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(unknownCarrier)).error.message).toBe(
      'Row 1 names a carrier that does not exist.',
    );
    expect(fullPlanResponseSchema.parse(json(await full('owner', plan2026))).plan.version).toBe(
      current.plan.version,
    );
  });

  it('keeps plans inside the scope of each caller', async () => {
    // Readers: the agency's users, its network, staff.
    for (const who of ['user', 'network', 'staff']) {
      expect((await full(who, plan2025)).statusCode, who).toBe(200);
    }
    // Everyone else: 404, as if the plan did not exist.
    for (const who of ['siblingOwner', 'foreignOwner', 'foreignNetwork']) {
      expect((await full(who, plan2025)).statusCode, who).toBe(404);
      expect(
        (await call(who, 'GET', `/api/growth-measurement/active-plans/${plan2025}`)).statusCode,
        who,
      ).toBe(404);
      const put = await call(who, 'PUT', `/api/growth-measurement/plan/${plan2025}`, {
        version: 2,
        name: 'Mine',
        rows: [],
      });
      expect(put.statusCode, who).toBe(404);
      expect((await createPlan(who, { name: 'Mine', year: 2027 })).statusCode, who).toBe(403);
      expect(
        (
          await call(
            who,
            'GET',
            `/api/growth-measurement/ytd-agency-carrier/v2?year=2025&levelUuid=${home.uuid}`,
          )
        ).statusCode,
        who,
      ).toBe(403);
    }
    // Readers who may not write.
    for (const who of ['user', 'network']) {
      const put = await call(who, 'PUT', `/api/growth-measurement/plan/${plan2025}`, {
        version: 2,
        name: 'Mine',
        rows: [],
      });
      expect(put.statusCode, who).toBe(403);
      expect((await createPlan(who, { name: 'Mine', year: 2027 })).statusCode, who).toBe(403);
    }
    // A network user must choose an agency.
    const networkLevel = await call('network', 'GET', '/api/growth-measurement/active-plan-years');
    expect(networkLevel.statusCode).toBe(400);
    const staffYears = await call(
      'staff',
      'GET',
      `/api/growth-measurement/active-plan-years?levelUuid=${home.uuid}`,
    );
    expect(activePlanYearsResponseSchema.parse(json(staffYears)).canEdit).toBe(true);
    const siblingYears = await call('siblingOwner', 'GET', '/api/growth-measurement/active-plan-years');
    expect(activePlanYearsResponseSchema.parse(json(siblingYears)).activePlans).toEqual({});
  });
});

describe('actual year to date', () => {
  it("equals Carrier Production's figures for the same agency, carrier, line and months", async () => {
    for (const [year, end] of [
      [2026, '2026-10-31'],
      [2025, '2025-12-31'],
    ] as const) {
      const ytd = ytdResponseSchema.parse(
        json(await call('owner', 'GET', `/api/growth-measurement/ytd-agency-carrier/v2?year=${year}`)),
      );
      const production = byCarrierResponseSchema.parse(
        json(
          await call(
            'owner',
            'GET',
            `/api/core-production/by-carrier?startDate=${year}-01-01&endDate=${end}`,
          ),
        ),
      );
      expect(ytd.month).toBe(year === 2026 ? 10 : 12);
      const fromProduction = Object.values(production.carriers).flatMap((c) =>
        ['PL', 'CL', 'BOND', 'CROP'].flatMap((line) => {
          const f = c.lines[line];
          return f
            ? [
                {
                  carrierUuid: c.carrierUuid,
                  line,
                  writtenPremium: f.writtenPremium,
                  prior: f.priorWrittenPremium,
                  newWritten: f.newWrittenPremium,
                },
              ]
            : [];
        }),
      );
      const fromYtd = ytd.records.map((r) => ({
        carrierUuid: r.carrierUuid,
        line: r.policyTypeCode,
        writtenPremium: r.writtenPremiumYTD,
        prior: r.priorWrittenPremiumYTD,
        newWritten: r.newWrittenPremiumYTD,
      }));
      const key = (r: { carrierUuid: string; line: string }) => `${r.carrierUuid}:${r.line}`;
      expect([...fromYtd].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
        [...fromProduction].sort((a, b) => key(a).localeCompare(key(b))),
      );
      expect(fromYtd.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives the exact sums and the running total of each month', async () => {
    const ytd = ytdResponseSchema.parse(
      json(await call('owner', 'GET', '/api/growth-measurement/ytd-agency-carrier/v2?year=2026&month=3')),
    );
    const acmePl = ytd.records.find((r) => r.carrierUuid === acme && r.policyTypeCode === 'PL')!;
    expect(acmePl).toMatchObject({
      writtenPremiumYTD: 3_300.33,
      priorWrittenPremiumYTD: 3_000.03,
      newWrittenPremiumYTD: 360.36,
      month: 3,
      year: 2026,
      agencyUuid: home.uuid,
      broadLineOfBusinessStandardTypeName: 'Personal',
    });
    // Acme PL 1,100.11 and CL 480.48, Bluestem PL 300.03 each month.
    expect(ytd.cumulative.map((c) => c.carriers[acme])).toEqual([
      { PL: 1_100.11, CL: 480.48 },
      { PL: 2_200.22, CL: 960.96 },
      { PL: 3_300.33, CL: 1_441.44 },
    ]);
    expect(ytd.cumulative.map((c) => c.carriers[bluestem]?.PL)).toEqual([300.03, 600.06, 900.09]);
  });

  it('refuses a month after the latest reporting month, naming it', async () => {
    const response = await call(
      'owner',
      'GET',
      '/api/growth-measurement/ytd-agency-carrier/v2?year=2026&month=11',
    );
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(response)).error.message).toBe(
      'month must not be after the latest reporting month (2026-10).',
    );
    const next = ytdResponseSchema.parse(
      json(await call('owner', 'GET', '/api/growth-measurement/ytd-agency-carrier/v2?year=2027')),
    );
    expect(next).toEqual({ year: 2027, month: 0, records: [], cumulative: [] });
  });

  it("gives each carrier's latest reported month at the agency", async () => {
    const response = await call('owner', 'GET', '/api/growth-measurement/reporting-dates');
    const dates = reportingDatesResponseSchema.parse(json(response)).reportingDates;
    expect(Object.fromEntries(dates.map((d) => [d.carrierUuid, d.mostRecentReportingDate]))).toEqual({
      [acme]: '2026-10',
      [bluestem]: '2026-09',
    });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  agreementDetailSchema,
  agreementsResponseSchema,
  type CreateAgreementBody,
} from '#shared/contracts/profit-sharing.ts';
import { auditLog } from '#server/db/schema/auth.ts';
import { productionFacts } from '#server/db/schema/facts.ts';
import { rankMembersAhead } from '#server/services/profit-sharing/agreements.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import { startWarmUp } from '#server/services/read-model/warm-up.ts';
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

// 22 November 2026: the latest reporting month is 2026-10, so 2026 has 10 months so far.
let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
let acme: string;
let cedar: string;
let personalAuto: string;
const cookies: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  injectAs(t.app, cookies[who] ?? '', method, url, body);
const json = (response: { body: string }) => JSON.parse(response.body) as unknown;
const message = (response: { body: string }) => errorResponseSchema.parse(json(response)).error.message;

/** Loss ratio under 50 % or 60 %, by growth of at least 0, 5 or 10 %. */
const terms = {
  grid: {
    axis: 'growth' as const,
    lossRatioUnder: [50, 60],
    minimums: [0, 5, 10],
    rates: [
      [1, 2, 3],
      [0.5, 1, 1.5],
    ],
  },
  gates: {
    minimumPremium: 5_000,
    maximumLossRatio: 55,
    lossRatioYears: 3 as const,
    minimumGrowth: null,
    largeLossCap: null,
  },
  kicker: null,
};

const agreement = (overrides: Partial<CreateAgreementBody> = {}) => ({
  carrierUuid: acme,
  year: 2026,
  name: 'Personal lines growth bonus',
  measure: 'writtenPremium',
  lines: { broadLines: ['PL'] },
  terms,
  policiesInForce: null,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  ({ home, sibling, foreign } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, {
    PL: [['PA', 'Personal Auto']],
    CL: [['CP', 'Commercial Property']],
  });
  acme = (await buildCarrier(db, { name: 'Acme Mutual' })).uuid;
  cedar = (await buildCarrier(db, { name: 'Cedar Casualty' })).uuid;
  personalAuto = lines.byCode.PA!.uuid;
  const months = (
    carrierUuid: string,
    type: 'PA' | 'CP',
    year: number,
    count: number,
    figures: { wp: string; nb: string; ep: string; il: string },
  ) =>
    Array.from({ length: count }, (_, i) => ({
      carrierUuid,
      lineUuid: lines.byCode[type]!.uuid,
      month: `${year}-${String(i + 1).padStart(2, '0')}-01`,
      writtenPremium: figures.wp,
      newWrittenPremium: figures.nb,
      earned: figures.ep,
      incurred: figures.il,
    }));
  await buildFacts(
    db,
    home,
    [
      ...months(acme, 'PA', 2024, 12, { wp: '900.00', nb: '90.00', ep: '800.00', il: '600.00' }),
      ...months(acme, 'PA', 2025, 12, { wp: '1000.00', nb: '100.00', ep: '900.00', il: '400.00' }),
      ...months(acme, 'PA', 2026, 10, { wp: '1100.00', nb: '150.00', ep: '1000.00', il: '450.00' }),
      // Another line and another carrier: not in the agreement.
      ...months(acme, 'CP', 2026, 10, { wp: '777.77', nb: '7.77', ep: '700.00', il: '1.00' }),
      ...months(cedar, 'PA', 2026, 10, { wp: '333.33', nb: '3.33', ep: '300.00', il: '3.00' }),
    ],
    { reported: true },
  );
  await buildFacts(
    db,
    sibling,
    [
      ...months(acme, 'PA', 2025, 12, { wp: '500.00', nb: '50.00', ep: '500.00', il: '100.00' }),
      ...months(acme, 'PA', 2026, 10, { wp: '500.00', nb: '60.00', ep: '500.00', il: '100.00' }),
    ],
    { reported: true },
  );
  await buildFacts(
    db,
    foreign,
    months(acme, 'PA', 2026, 10, { wp: '9.99', nb: '0.99', ep: '9.00', il: '1.00' }),
  );
  await ensureReadModel(db, () => {});
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
    sibling.uuid,
    foreign.uuid,
  ]);
  const noCpr = await buildAgencyTrio(db);
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    administrator: await buildUser(db, {
      agencyUuid: home.uuid,
      networkUuid: home.networkUuid,
      isAdministrator: true,
    }),
    user: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid }),
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
    noCprOwner: await buildUser(db, {
      agencyUuid: noCpr.home.uuid,
      networkUuid: noCpr.home.networkUuid,
      isOwner: true,
    }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    foreignNetwork: await buildUser(db, { userType: 'network', networkUuid: foreign.networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
  };
  Object.assign(cookies, await signInAll(t.app, users));
});

afterAll(async () => {
  await t?.close();
});

describe('profit-sharing agreements', () => {
  let created: ReturnType<typeof agreementDetailSchema.parse>;

  it('lets the owner enter an agreement and projects it from the carrier production figures', async () => {
    const response = await call('owner', 'POST', '/api/profit-sharing/agreements', agreement());
    expect(response.statusCode).toBe(200);
    created = agreementDetailSchema.parse(json(response));
    expect(created.agreement).toMatchObject({
      agencyUuid: home.uuid,
      carrierName: 'Acme Mutual',
      version: 1,
      canEdit: true,
    });
    expect(created.period).toEqual({ startMonth: '2026-01', endMonth: '2026-10' });
    // Acme's Personal lines only: 10 months of 1,100.00 against 10 of 1,000.00 (2025 had 12).
    expect(created.actuals).toEqual({
      monthsElapsed: 10,
      writtenPremiumCents: 1_100_000,
      priorWrittenPremiumCents: 1_000_000,
      priorYearWrittenPremiumCents: 1_200_000,
      newBusinessCents: 150_000,
      earnedCents: 1_000_000,
      incurredCents: 450_000,
      // Three years: 10,000 + 10,800 + 9,600 earned; 4,500 + 4,800 + 7,200 incurred (54.28 %).
      multiYearEarnedCents: 3_040_000,
      multiYearIncurredCents: 1_650_000,
      policiesInForce: null,
      restOfLastYear: {
        writtenPremiumCents: 200_000,
        newBusinessCents: 20_000,
        earnedCents: 180_000,
        incurredCents: 80_000,
      },
    });
    // So far: loss ratio 45 % (row 1), growth 10 % (column 3): 3 % of 11,000 = 330. Year end: 13,000
    // written against 12,000 (8.33 %, column 2) and 44.92 % loss ratio: 2 % = 260, 70 at risk; 200 more
    // written premium reaches 10 % growth and 3 % (390, 130 more). The year so far pays more than the
    // year end: at risk.
    expect(created).toMatchObject({
      status: 'atRisk',
      yearToDatePayout: 330,
      projectedPayout: 260,
      payoutAtRisk: 70,
      failingGates: [],
      nextBand: {
        extraPayout: 130,
        writtenPremium: 200,
        lossRatioPoints: null,
        policies: null,
        premium: null,
      },
    });
    expect(created.months).toHaveLength(10);
    expect(created.months.at(-1)).toEqual({ month: '2026-10', lossRatio: 45, growth: 10 });
  });

  it('reads an agreement on standard types from those types alone, at the agency and at the network', async () => {
    const typed = {
      lines: { broadLines: ['PL' as const], standardTypes: ['PA'] },
      name: 'Personal auto bonus',
    };
    const own = await call('owner', 'POST', '/api/profit-sharing/agreements', agreement(typed));
    expect(own.statusCode, own.body).toBe(200);
    const network = await call(
      'network',
      'POST',
      '/api/profit-sharing/agreements',
      agreement({ ...typed, levelUuid: home.networkUuid }),
    );
    expect(network.statusCode, network.body).toBe(200);
    try {
      // Personal auto is all of the home agency's Acme Personal lines: the same figures as the PL bonus.
      expect(agreementDetailSchema.parse(json(own)).actuals).toMatchObject({
        writtenPremiumCents: 1_100_000,
        priorWrittenPremiumCents: 1_000_000,
        priorYearWrittenPremiumCents: 1_200_000,
        multiYearEarnedCents: 3_040_000,
      });
      // The network: the home agency's and the sibling's (5,000 written so far).
      expect(agreementDetailSchema.parse(json(network)).actuals).toMatchObject({
        writtenPremiumCents: 1_600_000,
        priorWrittenPremiumCents: 1_500_000,
      });
      const listed = agreementsResponseSchema.parse(
        json(await call('network', 'GET', '/api/profit-sharing/agreements?year=2026')),
      );
      const ranked = listed.memberAgreements.find((a) => a.agreement.name === 'Personal auto bonus')!;
      const detail = agreementDetailSchema.parse(json(own));
      expect(ranked).toMatchObject({
        projectedPayout: detail.projectedPayout,
        yearToDatePayout: detail.yearToDatePayout,
      });
    } finally {
      for (const [who, response] of [
        ['owner', own],
        ['network', network],
      ] as const) {
        const { agreement: made } = agreementDetailSchema.parse(json(response));
        const deleted = await call(
          who,
          'DELETE',
          `/api/profit-sharing/agreements/${made.agreementUuid}?version=${made.version}`,
        );
        expect(deleted.statusCode, deleted.body).toBe(200);
      }
    }
  });

  it('names the gates a projection fails', async () => {
    const response = await call('owner', 'POST', '/api/profit-sharing/agreements', {
      ...agreement({ name: 'Needs volume' }),
      terms: { ...terms, gates: { ...terms.gates, minimumPremium: 20_000 } },
    });
    const failing = agreementDetailSchema.parse(json(response));
    // 13,000 written by year end against a 20,000 minimum.
    expect(failing).toMatchObject({ status: 'notEligible', projectedPayout: 0 });
    expect(failing.failingGates).toEqual([
      { gate: 'minimumPremium', figure: 13_000, threshold: 20_000, reason: null },
    ]);
    const id = failing.agreement.agreementUuid;
    expect((await call('owner', 'DELETE', `/api/profit-sharing/agreements/${id}?version=1`)).statusCode).toBe(
      200,
    );
  });

  it('writes an audit row for each change', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'profit_share_agreement'),
          eq(auditLog.entityId, created.agreement.agreementUuid),
        ),
      );
    expect(rows.map((r) => r.action)).toEqual(['create']);
    expect(rows[0]!.agencyUuid).toBe(home.uuid);
  });

  it('lets agency users read but not write; other agencies see nothing', async () => {
    const listed = agreementsResponseSchema.parse(
      json(await call('user', 'GET', '/api/profit-sharing/agreements')),
    );
    expect(listed).toMatchObject({ year: 2026, levelKind: 'agency', canEdit: false, memberAgreements: [] });
    expect(listed.agreements.map((a) => a.agreement.name)).toEqual(['Personal lines growth bonus']);
    expect(listed.agreements[0]!.agreement.canEdit).toBe(false);
    const refused = await call('user', 'POST', '/api/profit-sharing/agreements', agreement({ name: 'Mine' }));
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(
      "Only the agency's owners and administrators may change its profit-sharing agreements.",
    );

    const id = created.agreement.agreementUuid;
    for (const who of ['siblingOwner', 'foreignOwner', 'foreignNetwork']) {
      expect((await call(who, 'GET', `/api/profit-sharing/agreements/${id}`)).statusCode).toBe(404);
      expect(
        (await call(who, 'PUT', `/api/profit-sharing/agreements/${id}`, { ...agreement(), version: 1 }))
          .statusCode,
      ).toBe(404);
      expect((await call(who, 'DELETE', `/api/profit-sharing/agreements/${id}?version=1`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (await call('foreignOwner', 'GET', `/api/profit-sharing/agreements?levelUuid=${home.uuid}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'foreignOwner',
          'POST',
          '/api/profit-sharing/agreements',
          agreement({ levelUuid: home.uuid }),
        )
      ).statusCode,
    ).toBe(403);
    const sibling = agreementsResponseSchema.parse(
      json(await call('siblingOwner', 'GET', '/api/profit-sharing/agreements')),
    );
    expect(sibling.agreements).toEqual([]);
  });

  it('refuses callers without Carrier Production', async () => {
    const response = await call('noCprOwner', 'GET', '/api/profit-sharing/agreements');
    expect(response.statusCode).toBe(403);
  });

  it('refuses a stale edit and keeps what was saved', async () => {
    const id = created.agreement.agreementUuid;
    const saved = await call('administrator', 'PUT', `/api/profit-sharing/agreements/${id}`, {
      ...agreement({ name: 'PL bonus' }),
      policiesInForce: 604,
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(agreementDetailSchema.parse(json(saved)).agreement).toMatchObject({
      name: 'PL bonus',
      version: 2,
      policiesInForce: 604,
    });
    const stale = await call('owner', 'PUT', `/api/profit-sharing/agreements/${id}`, {
      ...agreement({ name: 'Old' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(message(stale)).toMatch(/^Someone else changed this agreement after you opened it/);
    const after = agreementDetailSchema.parse(
      json(await call('owner', 'GET', `/api/profit-sharing/agreements/${id}`)),
    );
    expect(after.agreement).toMatchObject({ name: 'PL bonus', version: 2 });
    expect((await call('owner', 'DELETE', `/api/profit-sharing/agreements/${id}?version=1`)).statusCode).toBe(
      409,
    );
    // A version no save can reach is a bad request, not a database error.
    const huge = await call(
      'owner',
      'DELETE',
      `/api/profit-sharing/agreements/${id}?version=-9007199254740991`,
    );
    expect(huge.statusCode).toBe(400);
  });

  it('names what is wrong with a grid and refuses a duplicate name', async () => {
    const bad = await call('owner', 'POST', '/api/profit-sharing/agreements', {
      ...agreement({ name: 'Broken' }),
      terms: {
        ...terms,
        grid: {
          ...terms.grid,
          rates: [
            [1, 2],
            [1, 2, 3],
          ],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(bad)).error.fields).toEqual({
      'terms.grid.rates.0': 'Row 1 of the grid needs one rate per column',
    });
    const unordered = await call('owner', 'POST', '/api/profit-sharing/agreements', {
      ...agreement({ name: 'Unordered' }),
      terms: { ...terms, grid: { ...terms.grid, lossRatioUnder: [60, 50] } },
    });
    expect(errorResponseSchema.parse(json(unordered)).error.fields).toEqual({
      'terms.grid.lossRatioUnder.1': 'Loss-ratio limits must rise from the best row to the worst',
    });
    const duplicate = await call(
      'owner',
      'POST',
      '/api/profit-sharing/agreements',
      agreement({ name: 'pl BONUS' }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(message(duplicate)).toBe(
      'There is already an agreement named "pl BONUS" with this carrier for 2026.',
    );
  });

  it('lets a network user hold a network agreement on the aggregate, and ranks member agreements', async () => {
    const refused = await call(
      'owner',
      'POST',
      '/api/profit-sharing/agreements',
      agreement({ levelUuid: home.networkUuid }),
    );
    expect(refused.statusCode).toBe(403);
    const response = await call(
      'network',
      'POST',
      '/api/profit-sharing/agreements',
      agreement({ name: 'Alliance bonus' }),
    );
    expect(response.statusCode).toBe(200);
    const network = agreementDetailSchema.parse(json(response));
    expect(network.agreement).toMatchObject({ agencyUuid: null, networkUuid: home.networkUuid });
    // Home and sibling: 11,000 + 5,000 written so far; the foreign network's agency is not counted.
    expect(network.actuals).toMatchObject({
      writtenPremiumCents: 1_600_000,
      priorWrittenPremiumCents: 1_500_000,
    });

    const listed = agreementsResponseSchema.parse(
      json(await call('network', 'GET', '/api/profit-sharing/agreements')),
    );
    expect(listed.levelKind).toBe('network');
    expect(listed.canEdit).toBe(true);
    expect(listed.agreements.map((a) => a.agreement.name)).toEqual(['Alliance bonus']);
    expect(
      listed.memberAgreements.map((a) => [a.agreement.holderName, a.agreement.name, a.payoutAtRisk]),
    ).toEqual([[home.name, 'PL bonus', 70]]);
    // The agency reads its own agreement as the network reads it.
    expect(listed.memberAgreements[0]).toMatchObject({ projectedPayout: 260, yearToDatePayout: 330 });
    expect(listed.memberAgreements[0]!.agreement.canEdit).toBe(false);
  });

  it("is ranked at the server's start, before the network's first view", async () => {
    const db = t.database.db;
    clearAnswerCache();
    const logs: string[] = [];
    const stop = startWarmUp(
      db,
      () => ({ year: 2026, month: 11, day: 22 }),
      (m) => logs.push(m),
      [{ what: 'the profit-sharing ranking', keep: rankMembersAhead }],
    );
    const ranked = `Kept the profit-sharing ranking of network ${home.networkUuid} ahead: 1 computed`;
    for (let tries = 0; !logs.some((m) => m.startsWith(ranked)); tries += 1) {
      if (tries > 400) throw new Error(`the warm-up never ranked the network: ${logs.join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await stop();
    // A fact changed without the read model's refresh: the first view shows what the warm-up kept,
    // so it read nothing of the facts.
    const october = and(
      eq(productionFacts.agencyUuid, home.uuid),
      eq(productionFacts.carrierUuid, acme),
      eq(productionFacts.month, '2026-10-01'),
      eq(productionFacts.lineUuid, personalAuto),
    );
    await db.update(productionFacts).set({ writtenPremium: '100000.00' }).where(october);
    try {
      const listed = agreementsResponseSchema.parse(
        json(await call('network', 'GET', '/api/profit-sharing/agreements')),
      );
      expect(listed.memberAgreements[0]).toMatchObject({ projectedPayout: 260, yearToDatePayout: 330 });
    } finally {
      await db.update(productionFacts).set({ writtenPremium: '1100.00' }).where(october);
      clearAnswerCache();
    }
  });

  it('exports the projections as CSV', async () => {
    const response = await call('network', 'GET', '/api/profit-sharing/agreements/export?year=2026');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Holder,Carrier,Agreement,Year,Lines,Status,Projected Payout (USD),Year-to-date Payout (USD),Payout at Risk (USD),Next Band Extra Payout (USD),Next Band: Loss Ratio Points Lower,Next Band: Written Premium to Add (USD),Next Band: Policies to Add,Next Band: Premium to Add (USD)',
    );
    expect(lines[2]).toBe(`${home.name},Acme Mutual,PL bonus,2026,PL,At risk,260,330,70,130,,200,,`);
  });

  it("copies last year's agreements into a new year once", async () => {
    const response = await call('owner', 'POST', '/api/profit-sharing/agreements/copy', { year: 2027 });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ copied: 1 });
    const again = await call('owner', 'POST', '/api/profit-sharing/agreements/copy', { year: 2027 });
    expect(again.statusCode).toBe(400);
    expect(message(again)).toBe('Every 2026 agreement is already in 2027.');
    const none = await call('owner', 'POST', '/api/profit-sharing/agreements/copy', { year: 2025 });
    expect(message(none)).toBe('There is no 2024 agreement to copy into 2025.');
    const next = agreementsResponseSchema.parse(
      json(await call('owner', 'GET', '/api/profit-sharing/agreements?year=2027')),
    );
    expect(next.agreements).toMatchObject([
      { agreement: { name: 'PL bonus', year: 2027 }, status: 'noFigures' },
    ]);
  });

  it('deletes on the current version, with an audit row', async () => {
    const id = created.agreement.agreementUuid;
    expect((await call('owner', 'DELETE', `/api/profit-sharing/agreements/${id}?version=2`)).statusCode).toBe(
      200,
    );
    expect((await call('owner', 'GET', `/api/profit-sharing/agreements/${id}`)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'profit_share_agreement'), eq(auditLog.entityId, id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it("pages a network's ranking: the pages and totals are every member agreement's own projection", async () => {
    const shapes: [string, Partial<CreateAgreementBody>][] = [
      ['owner', { name: 'Home PL three years' }],
      [
        'owner',
        { name: 'Home PL one year', terms: { ...terms, gates: { ...terms.gates, lossRatioYears: 1 } } },
      ],
      ['owner', { name: 'Home PL and CL', lines: { broadLines: ['PL', 'CL'], standardTypes: [] } }],
      ['owner', { name: 'Home Cedar', carrierUuid: cedar }],
      ['siblingOwner', { name: 'Sibling PL' }],
      ['siblingOwner', { name: 'Sibling Cedar', carrierUuid: cedar }],
      [
        'siblingOwner',
        { name: 'Sibling PL two years', terms: { ...terms, gates: { ...terms.gates, lossRatioYears: 2 } } },
      ],
    ];
    for (const [who, overrides] of shapes)
      expect(
        (await call(who, 'POST', '/api/profit-sharing/agreements', agreement(overrides))).statusCode,
      ).toBe(200);

    const pageOf = async (page: number) =>
      agreementsResponseSchema.parse(
        json(
          await call('network', 'GET', `/api/profit-sharing/agreements?year=2026&page=${page}&pageSize=3`),
        ),
      );
    const first = await pageOf(1);
    expect(first.memberPage).toEqual({ page: 1, pageSize: 3 });
    expect(first.memberTotals.count).toBe(shapes.length);
    const rows = [
      ...first.memberAgreements,
      ...(await pageOf(2)).memberAgreements,
      ...(await pageOf(3)).memberAgreements,
    ];
    expect(rows).toHaveLength(shapes.length);
    expect((await pageOf(4)).memberAgreements).toEqual([]);

    // Each row is the agreement's own projection, read at its agency; the ranking is by payout at risk.
    const cents = { projected: 0, yearToDate: 0, atRisk: 0 };
    for (const row of rows) {
      const own = agreementDetailSchema.parse(
        json(await call('network', 'GET', `/api/profit-sharing/agreements/${row.agreement.agreementUuid}`)),
      );
      expect(row).toEqual({
        agreement: own.agreement,
        status: own.status,
        projectedPayout: own.projectedPayout,
        yearToDatePayout: own.yearToDatePayout,
        payoutAtRisk: own.payoutAtRisk,
        failingGates: own.failingGates,
        nextBand: own.nextBand,
      });
      cents.projected += Math.round(own.projectedPayout * 100);
      cents.yearToDate += Math.round(own.yearToDatePayout * 100);
      cents.atRisk += Math.round(own.payoutAtRisk * 100);
    }
    expect(rows.some((row) => row.projectedPayout > 0)).toBe(true);
    const atRisk = rows.map((row) => row.payoutAtRisk);
    expect(atRisk).toEqual([...atRisk].sort((a, b) => b - a));
    expect(first.memberTotals).toEqual({
      count: shapes.length,
      projectedPayout: cents.projected / 100,
      yearToDatePayout: cents.yearToDate / 100,
      payoutAtRisk: cents.atRisk / 100,
    });

    // The export keeps every row, in the ranking's order after the network's own.
    const exported = await call('network', 'GET', '/api/profit-sharing/agreements/export?year=2026');
    const names = exported.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[2]);
    expect(names.slice(-rows.length)).toEqual(rows.map((row) => row.agreement.name));

    // A page or size outside the contract's bounds is refused.
    for (const bad of ['page=0', 'pageSize=101', 'pageSize=0', 'page=1.5'])
      expect((await call('network', 'GET', `/api/profit-sharing/agreements?${bad}`)).statusCode).toBe(400);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  allocationSchema,
  checkDetailSchema,
  checksResponseSchema,
  type CheckDetail,
} from '#shared/contracts/profit-sharing-checks.ts';
import { agreementDetailSchema } from '#shared/contracts/profit-sharing.ts';
import { scorecardByCarrierQuerySchema, scorecardQuerySchema } from '#shared/contracts/scorecards.ts';
import { auditLog } from '#server/db/schema/auth.ts';
import type { Level } from '#server/policies/scope.ts';
import { ensureReadModel, rebuildNetwork } from '#server/services/read-model/refresh.ts';
import { scorecardByAgency, scorecardByCarrier } from '#server/services/scorecards/scorecard-report.ts';
import { scorecardCsvLines } from '#server/services/scorecards/scorecard-export.ts';
import {
  type buildAgency,
  buildAgencyTrio,
  buildCarrier,
  buildCommissionFacts,
  buildFacts,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import { createTestApp, injectAs, signInAll, type TestApp } from '#tests/support/test-app.ts';

// 22 November 2026: the latest reporting month is 2026-10.
const today = { year: 2026, month: 11, day: 22 };
let t: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
let acme: string;
let networkAgreement: string;
let agencyAgreement: string;
let foreignAgreement: string;
const cookies: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  injectAs(t.app, cookies[who] ?? '', method, url, body);
const json = (response: { body: string }) => JSON.parse(response.body) as unknown;
const message = (response: { body: string }) => errorResponseSchema.parse(json(response)).error.message;

const agreementBody = (name: string) => ({
  carrierUuid: acme,
  year: 2026,
  name,
  measure: 'writtenPremium',
  lines: { broadLines: ['PL'] },
  terms: {
    grid: { axis: 'growth', lossRatioUnder: [60], minimums: [null], rates: [[2]] },
    gates: {
      minimumPremium: null,
      maximumLossRatio: null,
      lossRatioYears: 1,
      minimumGrowth: null,
      largeLossCap: null,
    },
    kicker: null,
  },
  policiesInForce: null,
});

const created = async (who: string, body: unknown) => {
  const response = await call(who, 'POST', '/api/profit-sharing/agreements', body);
  expect(response.statusCode, response.body).toBe(200);
  return agreementDetailSchema.parse(json(response)).agreement.agreementUuid;
};

/** The additional compensation (dollars) of a level's scorecard for 2026, by carrier and by agency. */
async function additional(level: Level) {
  const context = { level, today, mode: null };
  const byCarrier = await scorecardByCarrier(
    t.database.db,
    scorecardByCarrierQuerySchema.parse({ year: '2026' }),
    context,
  );
  const byAgency = await scorecardByAgency(
    t.database.db,
    scorecardQuerySchema.parse({ year: '2026' }),
    context,
  );
  const exported = [...scorecardCsvLines(byCarrier, { search: '', carrierType: 'all' })];
  return {
    totals: byCarrier.totals.additionalCommissionYTD,
    acme: byCarrier.carriers.find((c) => c.carrierUuid === acme)?.additionalCommissionYTD ?? null,
    personal: byAgency.policyTypes.PL.total.additionalCommissionYTD,
    exported,
  };
}

const homeLevel = (): Level => ({ kind: 'agency', agencyUuid: home.uuid, networkUuid: home.networkUuid });
const siblingLevel = (): Level => ({
  kind: 'agency',
  agencyUuid: sibling.uuid,
  networkUuid: sibling.networkUuid,
});
const networkLevel = (): Level => ({ kind: 'network', networkUuid: home.networkUuid });

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => today);
  const db = t.database.db;
  ({ home, sibling, foreign } = await buildAgencyTrio(db));
  const lines = await buildLineTree(db, { PL: [['PA', 'Personal Auto']] });
  acme = (await buildCarrier(db, { name: 'Acme Mutual' })).uuid;
  const months = (figures: { wp: string; ep: string; il: string }) =>
    Array.from({ length: 10 }, (_, i) => ({
      carrierUuid: acme,
      lineUuid: lines.byCode.PA!.uuid,
      month: `2026-${String(i + 1).padStart(2, '0')}-01`,
      writtenPremium: figures.wp,
      newWrittenPremium: '0.00',
      earned: figures.ep,
      incurred: figures.il,
    }));
  // Written premium 11,000 and 5,000: shares of 68.75 % and 31.25 %.
  await buildFacts(db, home, months({ wp: '1100.00', ep: '1000.00', il: '450.00' }), { reported: true });
  await buildFacts(db, sibling, months({ wp: '500.00', ep: '500.00', il: '100.00' }), { reported: true });
  await buildFacts(db, foreign, months({ wp: '9.99', ep: '9.00', il: '1.00' }), { reported: true });
  await buildCommissionFacts(db, home, [
    {
      carrierUuid: acme,
      lineUuid: lines.byCode.PA!.uuid,
      month: '2026-02-01',
      writtenPremium: '1000.00',
      baseCommission: '120.00',
      additionalCommission: '10.33',
    },
  ]);
  await ensureReadModel(db, () => {});
  await rebuildNetwork(db, home.networkUuid);
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
    sibling.uuid,
    foreign.uuid,
  ]);
  const users = {
    owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true }),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    foreignNetwork: await buildUser(db, { userType: 'network', networkUuid: foreign.networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
  };
  Object.assign(cookies, await signInAll(t.app, users));
  networkAgreement = await created('network', agreementBody('Network master agreement'));
  agencyAgreement = await created('owner', agreementBody('Agency bonus'));
  foreignAgreement = await created('foreignNetwork', agreementBody('Foreign master agreement'));
});

afterAll(async () => {
  await t?.close();
});

const CHECK = { amount: 1000.01, receivedOn: '2026-03-15', memo: 'Acme 2026 contingency' };

describe('contingent checks', () => {
  let check: CheckDetail;

  it('lets a network user record a check under the network agreement, with an audit row', async () => {
    const response = await call('network', 'POST', '/api/profit-sharing/checks', {
      agreementUuid: networkAgreement,
      ...CHECK,
    });
    expect(response.statusCode, response.body).toBe(200);
    check = checkDetailSchema.parse(json(response));
    expect(check.check).toMatchObject({
      ...CHECK,
      carrierName: 'Acme Mutual',
      year: 2026,
      version: 1,
      allocationMethod: null,
      allocated: 0,
    });
    expect(check.members.map((m) => [m.agencyUuid, m.basis])).toEqual(
      expect.arrayContaining([
        [home.uuid, 11_000],
        [sibling.uuid, 5_000],
      ]),
    );
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'profit_share_check'), eq(auditLog.entityId, check.check.checkUuid)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'create' });
    expect(audits[0]!.after).toMatchObject({ amount: 1000.01, receivedOn: '2026-03-15' });

    const list = checksResponseSchema.parse(json(await call('network', 'GET', '/api/profit-sharing/checks')));
    expect(list.checks.map((c) => c.checkUuid)).toEqual([check.check.checkUuid]);
    expect(list.total).toBe(1000.01);
    expect(list.agreements.map((a) => a.agreementUuid)).toEqual([networkAgreement]);
  });

  it('refuses agency users, agency agreements, agency levels and other networks', async () => {
    const asOwner = await call('owner', 'POST', '/api/profit-sharing/checks', {
      agreementUuid: networkAgreement,
      ...CHECK,
    });
    expect(asOwner.statusCode).toBe(403);
    expect((await call('owner', 'GET', '/api/profit-sharing/checks')).statusCode).toBe(403);
    expect(
      (await call('owner', 'GET', `/api/profit-sharing/checks/${check.check.checkUuid}`)).statusCode,
    ).toBe(404);
    const underAgency = await call('network', 'POST', '/api/profit-sharing/checks', {
      agreementUuid: agencyAgreement,
      ...CHECK,
    });
    expect(underAgency.statusCode).toBe(400);
    expect(message(underAgency)).toBe(
      "A contingent check is recorded under one of the network's own agreements.",
    );
    const atAgency = await call('network', 'GET', `/api/profit-sharing/checks?levelUuid=${home.uuid}`);
    expect(atAgency.statusCode).toBe(400);
    const foreignCheck = await call('network', 'POST', '/api/profit-sharing/checks', {
      agreementUuid: foreignAgreement,
      ...CHECK,
    });
    expect(foreignCheck.statusCode).toBe(404);
    for (const [method, url, body] of [
      ['GET', `/api/profit-sharing/checks/${check.check.checkUuid}`, undefined],
      ['PUT', `/api/profit-sharing/checks/${check.check.checkUuid}`, { ...CHECK, version: 1 }],
      [
        'POST',
        `/api/profit-sharing/checks/${check.check.checkUuid}/allocation/preview`,
        { method: 'premiumShare' },
      ],
      [
        'PUT',
        `/api/profit-sharing/checks/${check.check.checkUuid}/allocation`,
        { method: 'premiumShare', version: 1 },
      ],
      ['DELETE', `/api/profit-sharing/checks/${check.check.checkUuid}?version=1`, undefined],
    ] as const) {
      const response = await call('foreignNetwork', method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      checksResponseSchema.parse(json(await call('foreignNetwork', 'GET', '/api/profit-sharing/checks')))
        .checks,
    ).toEqual([]);
  });

  it('previews each method without saving, to the cent', async () => {
    const preview = async (body: unknown) =>
      call('network', 'POST', `/api/profit-sharing/checks/${check.check.checkUuid}/allocation/preview`, body);
    const byPremium = allocationSchema.parse(json(await preview({ method: 'premiumShare' })));
    // 100,001 cents x 11/16 = 68,750.6875 and x 5/16 = 31,250.3125: the cent left goes to the larger remainder.
    const amountOf = (lines: typeof byPremium.lines, uuid: string) =>
      lines.find((l) => l.agencyUuid === uuid)?.amount;
    expect(amountOf(byPremium.lines, home.uuid)).toBe(687.51);
    expect(amountOf(byPremium.lines, sibling.uuid)).toBe(312.5);
    expect(byPremium.total).toBe(1000.01);

    const weighted = allocationSchema.parse(json(await preview({ method: 'lossRatioWeighted' })));
    // Home's loss ratio (45 %) is worse than the group's (36.67 %), the sibling's (20 %) better.
    expect(amountOf(weighted.lines, home.uuid)).toBeLessThan(687.51);
    expect(weighted.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0)).toBe(100_001);
    expect(weighted.lines.find((l) => l.agencyUuid === sibling.uuid)?.relativity).toBe(54.55);

    const wrong = await preview({
      method: 'byHand',
      amounts: [{ agencyUuid: home.uuid, amount: 1000 }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe("The amounts add up to $1,000.00, not the check's $1,000.01.");
    const outsider = await preview({
      method: 'byHand',
      amounts: [{ agencyUuid: foreign.uuid, amount: 1000.01 }],
    });
    expect(outsider.statusCode).toBe(400);
    expect(message(outsider)).toBe('Amount 1 names an agency that is not a member of the network.');

    const rows = await t.database.db.execute(sql`select 1 from profit_share_check_allocations`);
    expect(rows.rows).toHaveLength(0);
  });

  it('saves an allocation that becomes the agencies’ additional compensation, exactly', async () => {
    const before = {
      home: await additional(homeLevel()),
      sibling: await additional(siblingLevel()),
      network: await additional(networkLevel()),
    };
    expect(before.home.totals).toBe(10.33);
    const response = await call(
      'network',
      'PUT',
      `/api/profit-sharing/checks/${check.check.checkUuid}/allocation`,
      {
        method: 'premiumShare',
        version: 1,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    check = checkDetailSchema.parse(json(response));
    expect(check.check).toMatchObject({ version: 2, allocationMethod: 'premiumShare', allocated: 1000.01 });

    const after = {
      home: await additional(homeLevel()),
      sibling: await additional(siblingLevel()),
      network: await additional(networkLevel()),
    };
    expect(after.home.totals).toBe(697.84); // 10.33 + 687.51
    expect(after.home.acme).toBe(697.84);
    expect(after.home.personal).toBe(697.84);
    expect(after.sibling.totals).toBe(312.5); // it had none
    expect(after.network.totals).toBe(1010.34); // 10.33 + the whole check
    // The export shows the same figure (whole dollars), on the totals line.
    expect(after.home.exported.join('')).toContain(',698,');

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'profit_share_check_allocation'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'allocate', before: null });
  });

  it('refuses a stale allocation or edit, and re-allocating replaces the allocation (audited)', async () => {
    const stale = await call(
      'network',
      'PUT',
      `/api/profit-sharing/checks/${check.check.checkUuid}/allocation`,
      {
        method: 'byHand',
        amounts: [{ agencyUuid: home.uuid, amount: 1000.01 }],
        version: 1,
      },
    );
    expect(stale.statusCode).toBe(409);
    const staleEdit = await call('network', 'PUT', `/api/profit-sharing/checks/${check.check.checkUuid}`, {
      ...CHECK,
      memo: 'Too late',
      version: 1,
    });
    expect(staleEdit.statusCode).toBe(409);
    expect((await additional(homeLevel())).totals).toBe(697.84);

    const again = await call(
      'network',
      'PUT',
      `/api/profit-sharing/checks/${check.check.checkUuid}/allocation`,
      {
        method: 'byHand',
        amounts: [
          { agencyUuid: home.uuid, amount: 600 },
          { agencyUuid: sibling.uuid, amount: 400.01 },
        ],
        version: 2,
      },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await additional(homeLevel())).totals).toBe(610.33);
    expect((await additional(siblingLevel())).totals).toBe(400.01);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'profit_share_check_allocation'));
    expect(audits.map((a) => a.action).sort()).toEqual(['allocate', 'reallocate']);

    // A new amount removes the allocation: it no longer adds up.
    const edited = await call('network', 'PUT', `/api/profit-sharing/checks/${check.check.checkUuid}`, {
      ...CHECK,
      amount: 1200,
      version: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(checkDetailSchema.parse(json(edited)).check).toMatchObject({
      amount: 1200,
      version: 4,
      allocationMethod: null,
    });
    expect((await additional(homeLevel())).totals).toBe(10.33);
  });

  it('refuses deleting an agreement that has checks', async () => {
    const response = await call(
      'network',
      'DELETE',
      `/api/profit-sharing/agreements/${networkAgreement}?version=1`,
    );
    expect(response.statusCode).toBe(409);
    expect(message(response)).toContain('contingent check');
  });
});

describe('the bulk template of checks', () => {
  it('downloads the header to fill', async () => {
    const response = await call('network', 'GET', '/api/profit-sharing/checks/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body).toBe('Carrier,Year,Amount,Date received,Memo\r\n');
  });

  const count = async () =>
    Number(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from profit_share_checks`))
        .rows[0]!.n,
    );

  it('records nothing when a row is wrong, naming each wrong row and its problem', async () => {
    const before = await count();
    const csv = [
      'Carrier,Year,Amount,Date received,Memo',
      'Acme Mutual,2026,"$2,500.00",2026-04-01,Q1',
      'Unknown Insurance,2026,100.00,2026-04-01,',
      'Acme Mutual,2026,12.345,2026-02-30,',
    ].join('\r\n');
    const response = await call('network', 'POST', '/api/profit-sharing/checks/import', { csv });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(
      'Nothing was recorded: 2 of 3 rows are wrong. ' +
        'Row 3: the network has no agreement with the carrier "Unknown Insurance" for 2026. ' +
        'Row 4: the amount "12.345" is not dollars and cents (1234.56); the date received "2026-02-30" is not a day (YYYY-MM-DD or MM/DD/YYYY).',
    );
    expect(await count()).toBe(before);
    const asOwner = await call('owner', 'POST', '/api/profit-sharing/checks/import', { csv });
    expect(asOwner.statusCode).toBe(403);
  });

  it('records every row of a good file, each with its audit row', async () => {
    const before = await count();
    const csv = [
      'Carrier,Year,Amount,Date received,Memo',
      'acme mutual,2026,"$2,500.00",4/1/2026,Q1',
      'Acme Mutual,2026,75.5,2026-05-02,',
    ].join('\n');
    const response = await call('network', 'POST', '/api/profit-sharing/checks/import', { csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ recorded: 2 });
    expect(await count()).toBe(before + 2);
    const list = checksResponseSchema.parse(json(await call('network', 'GET', '/api/profit-sharing/checks')));
    expect(list.checks.map((c) => [c.amount, c.receivedOn])).toEqual([
      [75.5, '2026-05-02'],
      [2500, '2026-04-01'],
      [1200, '2026-03-15'],
    ]);
    expect(list.total).toBe(3775.5);
  });
});

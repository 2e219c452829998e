import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { benchmarksResponseSchema, warningsResponseSchema } from '#shared/contracts/benchmarks.ts';
import { carrierEntrySavedSchema, type CarrierEntryRequest } from '#shared/contracts/manual-entry.ts';
import { agreementsResponseSchema } from '#shared/contracts/profit-sharing.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import {
  buildAgency,
  buildAgencyTrio,
  buildCarrier,
  buildFacts,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import {
  createSecondApp,
  createTestApp,
  injectAs,
  signInAll,
  type TestApp,
} from '#tests/support/test-app.ts';

/**
 * Network-wide answers kept per network and data version (decision 075): benchmarks, early warnings
 * and the profit-sharing ranking are computed once per change of the network's facts, and a write
 * through one server process is seen by the next answer of every process. The second app has its own
 * connection pool and answer cache on PostgreSQL (another process); on PGlite it shares the handle.
 * Today is 2026-11-22: year to date is 2026-01..2026-10.
 */
const today = () => ({ year: 2026, month: 11, day: 22 });
const PERIOD = 'startDate=2026-01-01&endDate=2026-10-31';

let first: TestApp;
let second: TestApp;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let acme: string;
let maple: string;
const cookies: Record<string, string> = {};

const call = (app: TestApp, who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  injectAs(app.app, cookies[who] ?? '', method, url, body);

const dialect = new PgDialect();
/** Counts the statements an app runs over the production facts (the network-wide computations). */
function factStatements(app: TestApp) {
  const spy = vi.spyOn(app.database.db, 'execute');
  return {
    count: () =>
      spy.mock.calls.filter(([query]) =>
        dialect.sqlToQuery(query as SQL).sql.includes('from production_facts'),
      ).length,
    stop: () => spy.mockRestore(),
  };
}

async function ownBenchmarks(app: TestApp, who: string) {
  const response = await call(app, who, 'GET', `/api/network-intelligence/benchmarks?${PERIOD}`);
  expect(response.statusCode, response.body).toBe(200);
  return benchmarksResponseSchema.parse(response.json());
}

async function networkWarnings(app: TestApp) {
  const response = await call(app, 'network', 'GET', `/api/network-intelligence/warnings?${PERIOD}`);
  expect(response.statusCode, response.body).toBe(200);
  return warningsResponseSchema.parse(response.json());
}

async function networkAgreements(app: TestApp) {
  const response = await call(app, 'network', 'GET', '/api/profit-sharing/agreements?year=2026');
  expect(response.statusCode, response.body).toBe(200);
  return agreementsResponseSchema.parse(response.json());
}

/** Every answer this test reads, as the network's and the home agency's users see them. */
async function answers(app: TestApp) {
  const benchmarks = await ownBenchmarks(app, 'owner');
  const warnings = await networkWarnings(app);
  const agreements = await networkAgreements(app);
  const maples = agreements.memberAgreements.find((a) => a.agreement.carrierUuid === maple)!;
  return {
    homeKeys: benchmarks.rows.map((r) => `${r.dimension}:${r.key}`).sort(),
    homePersonalLinesLossRatio:
      benchmarks.rows
        .find((r) => r.dimension === 'line' && r.key === 'PL')
        ?.figures.find((f) => f.metric === 'lossRatio')?.value ?? null,
    homeWarnings: warnings.warnings
      .filter((w) => w.agencyUuid === home.uuid)
      .map((w) => `${w.dimension}:${w.key}:${w.reasons.join('+')}`),
    maplePremium: maples.failingGates.find((g) => g.gate === 'minimumPremium')?.figure ?? null,
    networkMaplePremium:
      agreements.agreements[0]!.failingGates.find((g) => g.gate === 'minimumPremium')?.figure ?? null,
  };
}

/** The fields of the home agency's agreement on Maple, whose minimum premium gate shows its written premium. */
const mapleTerms = (minimumPremium: number) => ({
  name: 'Maple growth bonus',
  measure: 'writtenPremium',
  lines: { broadLines: ['PL'] },
  policiesInForce: null,
  terms: {
    grid: { axis: 'growth', lossRatioUnder: [50], minimums: [0], rates: [[1]] },
    gates: {
      minimumPremium,
      maximumLossRatio: 55,
      lossRatioYears: 1,
      minimumGrowth: null,
      largeLossCap: null,
    },
    kicker: null,
  },
});

/** The home agency's manual entry of Maple for a month of 2026 (year to date). */
async function saveManualEntry(app: TestApp, month = 1) {
  const body: CarrierEntryRequest = {
    carrierUuid: maple,
    subCodeUuid: null,
    subCode: 'M-1',
    policyType: 'PL',
    year: 2026,
    month,
    writtenPremium: String(50_000 * month),
    newBusiness: '0',
    mover: '0',
    incurredLoss: String(45_000 * month),
    earnedPremium: String(50_000 * month),
    lossRatio: '',
    radio: 'incurredLossEarnedPremium',
    requestId: randomUUID(),
  };
  const response = await call(app, 'owner', 'POST', `/api/carrierentry/new?levelUuid=${home.uuid}`, {
    ...body,
    version: null,
  });
  expect(response.statusCode, response.body).toBe(200);
  carrierEntrySavedSchema.parse(response.json());
}

beforeAll(async () => {
  first = await createTestApp({}, undefined, today);
  const db = first.database.db;
  ({ home, sibling } = await buildAgencyTrio(db));
  const third = await buildAgency(db, { networkUuid: home.networkUuid });
  const lines = await buildLineTree(db, {
    PL: [['PA', 'Personal Auto']],
    CL: [['CP', 'Commercial Property']],
  });
  acme = (await buildCarrier(db, { name: 'Acme Mutual' })).uuid;
  maple = (await buildCarrier(db, { name: 'Maple Mutual' })).uuid;
  const months = (year: number, count: number, scale: number, il: number) =>
    Array.from({ length: count }, (_, i) => ({
      carrierUuid: acme,
      lineUuid: lines.byCode.PA!.uuid,
      month: `${year}-${String(i + 1).padStart(2, '0')}-01`,
      writtenPremium: (1000 * scale).toFixed(2),
      newWrittenPremium: (100 * scale).toFixed(2),
      earned: (900 * scale).toFixed(2),
      incurred: (il * scale).toFixed(2),
    }));
  for (const [index, agency] of [home, sibling, third].entries()) {
    const scale = index + 1;
    await buildFacts(db, agency, [...months(2025, 12, scale, 400), ...months(2026, 10, scale * 1.1, 420)], {
      reported: true,
    });
  }
  await ensureReadModel(db, () => {});
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    home.uuid,
    sibling.uuid,
    third.uuid,
  ]);
  const networkUuid = home.networkUuid;
  Object.assign(
    cookies,
    await signInAll(first.app, {
      owner: await buildUser(db, { agencyUuid: home.uuid, networkUuid, isOwner: true }),
      siblingOwner: await buildUser(db, { agencyUuid: sibling.uuid, networkUuid, isOwner: true }),
      network: await buildUser(db, { userType: 'network', networkUuid }),
    }),
  );
  const created = await call(first, 'owner', 'POST', '/api/profit-sharing/agreements', {
    carrierUuid: maple,
    year: 2026,
    ...mapleTerms(1_000_000),
  });
  expect(created.statusCode, created.body).toBe(200);
  // The network's own agreement on Maple, measured on its agencies' aggregate.
  const own = await call(first, 'network', 'POST', '/api/profit-sharing/agreements', {
    carrierUuid: maple,
    year: 2026,
    levelUuid: networkUuid,
    ...mapleTerms(1_000_000),
    name: 'Maple network bonus',
  });
  expect(own.statusCode, own.body).toBe(200);
  second = await createSecondApp(first, today);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('network-wide answers', () => {
  it('are computed once per network and data version, and served to every user of the network', async () => {
    await answers(first);
    const statements = factStatements(first);
    try {
      // The same requests again, and another agency's benchmarks: nothing reads the facts.
      await answers(first);
      const sibling = await ownBenchmarks(first, 'siblingOwner');
      expect(sibling.rows.length).toBeGreaterThan(0);
      expect(statements.count()).toBe(0);
    } finally {
      statements.stop();
    }
  });

  it('reflect a write through one app in the next answer of every app on the database', async () => {
    const before = await answers(second);
    expect(await answers(first)).toEqual(before);
    expect(before.homeKeys).not.toContain(`carrier:${maple}`);
    expect(before.homeWarnings.filter((w) => w.endsWith('lossRatio'))).toEqual([]);

    await saveManualEntry(first);

    const statements = factStatements(second);
    try {
      const after = await answers(second);
      expect(statements.count()).toBeGreaterThan(0);
      expect(after.homeKeys).toContain(`carrier:${maple}`);
      // Personal lines: (4,620 + 45,000) / (9,900 + 50,000) this year, 4,000 / 9,000 last year: rising past 55.
      expect(after.homePersonalLinesLossRatio).toBeCloseTo((49_620 / 59_900) * 100, 8);
      expect(after.homeWarnings).toContain('line:PL:lossRatio');
      // Maple's 50,000 of January to October, projected to the year's end.
      expect(after.maplePremium).toBe(60_000);
      expect(before.maplePremium).toBeNull();
      // The network's own agreement adds its agencies' (only the home agency reports Maple).
      expect(after.networkMaplePremium).toBe(60_000);
      expect(before.networkMaplePremium).toBeNull();
      expect(await answers(first)).toEqual(after);
    } finally {
      statements.stop();
    }
  });

  it('bring a kept answer up to date from the written agency alone, to the figures of a whole computation', async () => {
    const network = async (app: TestApp) => {
      const response = await call(app, 'network', 'GET', `/api/network-intelligence/benchmarks?${PERIOD}`);
      expect(response.statusCode, response.body).toBe(200);
      return {
        network: benchmarksResponseSchema.parse(response.json()),
        home: await ownBenchmarks(app, 'owner'),
        sibling: await ownBenchmarks(app, 'siblingOwner'),
        warnings: await networkWarnings(app),
        agreements: await networkAgreements(app),
      };
    };
    const before = await network(first);
    await saveManualEntry(first, 2);
    const spy = vi.spyOn(first.database.db, 'execute');
    let updated: Awaited<ReturnType<typeof network>>;
    try {
      updated = await network(first);
      const facts = spy.mock.calls
        .map(([query]) => dialect.sqlToQuery(query as SQL))
        // What reads figures: the facts or their running totals (not the probe for manual spans).
        .filter(
          (q) => /(from|join) production_(facts|agency_running)/.test(q.sql) && !q.sql.includes('as spans'),
        );
      // Benchmarks and warnings: one statement; the agreements, the network's own and its members': one
      // per period read. Each over the home agency's rows only: nothing reads the whole network again.
      expect(facts.filter((q) => q.sql.includes('as new_business_share'))).toHaveLength(1);
      expect(facts.length).toBeGreaterThan(1);
      for (const q of facts) {
        expect(q.sql).toContain('f.agency_uuid = any(');
        expect(q.params).toContain(`{${home.uuid}}`);
      }
    } finally {
      spy.mockRestore();
    }
    expect(updated).not.toEqual(before);
    clearAnswerCache();
    expect(await network(first)).toEqual(updated);
  });

  it("show an agreement's edit in the network's next ranking, on every app", async () => {
    const before = await networkAgreements(second);
    const maples = before.memberAgreements.find((a) => a.agreement.carrierUuid === maple)!;
    const threshold = () => maples.failingGates.find((g) => g.gate === 'minimumPremium')?.threshold;
    expect(threshold()).toBe(1_000_000);
    const saved = await call(
      first,
      'owner',
      'PUT',
      `/api/profit-sharing/agreements/${maples.agreement.agreementUuid}`,
      {
        version: maples.agreement.version,
        ...mapleTerms(2_000_000),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    for (const app of [second, first]) {
      const after = (await networkAgreements(app)).memberAgreements.find(
        (a) => a.agreement.carrierUuid === maple,
      )!;
      expect(after.agreement.version).toBe(maples.agreement.version + 1);
      expect(after.failingGates.find((g) => g.gate === 'minimumPremium')?.threshold).toBe(2_000_000);
    }
  });
});

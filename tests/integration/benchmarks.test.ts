import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  benchmarksResponseSchema,
  benchmarkSettingsSchema,
  warningsResponseSchema,
  WARNINGS_PAGE_SIZE,
  type BenchmarksResponse,
} from '#shared/contracts/benchmarks.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  commissionRate,
  newBusinessShare,
  percentileRank,
  premiumGrowth,
  quartilesOf,
  sizeBandOf,
  warningReasons,
  type BenchmarkMetric,
} from '#shared/domain/benchmarks.ts';
import { lossRatio } from '#shared/domain/measures.ts';
import { presets } from '#shared/domain/timeframe.ts';
import { keepPresetsAhead, periodsAhead } from '#server/services/network-intelligence/warnings.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import {
  buildAgency,
  buildAgencyTrio,
  buildCarrier,
  buildCommissionFacts,
  buildFacts,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import { createTestApp, injectAs, signInAll, type TestApp } from '#tests/support/test-app.ts';

// 22 November 2026: year to date is 2026-01..2026-10, its prior period 2025-01..2025-10, and the size
// band reads 2025-11..2026-10.
const PERIOD = 'startDate=2026-01-01&endDate=2026-10-31';
type Agency = Awaited<ReturnType<typeof buildAgency>>;

let t: TestApp;
let members: Agency[];
let foreign: Agency;
let carriers: { uuid: string; name: string }[];
const cookies: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'PUT', url: string, body?: unknown) =>
  injectAs(t.app, cookies[who] ?? '', method, url, body);
const json = (response: { body: string }) => JSON.parse(response.body) as unknown;

/** Every fact as the test wrote it, to compute the expected figures independently. */
type RawFact = {
  agency: string;
  carrier: string;
  broad: 'PL' | 'CL';
  month: string;
  wp: bigint | null;
  nwp: bigint | null;
  ep: bigint | null;
  il: bigint | null;
};
const raw: RawFact[] = [];
const rawCommission: { agency: string; carrier: string; broad: 'PL' | 'CL'; wp: bigint; paid: bigint }[] = [];

/** A deterministic sequence of cents. */
function sequence(seed: number) {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return BigInt(min + (state % (max - min + 1)));
  };
}
const text = (cents: bigint | null) =>
  cents === null ? null : `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => ({ year: 2026, month: 11, day: 22 }));
  const db = t.database.db;
  const trio = await buildAgencyTrio(db);
  foreign = trio.foreign;
  members = [trio.home, trio.sibling];
  for (let i = 0; i < 5; i++) members.push(await buildAgency(db, { networkUuid: trio.home.networkUuid }));
  const lines = await buildLineTree(db, {
    PL: [['PA', 'Personal Auto']],
    CL: [['CP', 'Commercial Property']],
  });
  carriers = [
    await buildCarrier(db, { name: 'Acme Mutual' }),
    await buildCarrier(db, { name: 'Cedar Casualty' }),
  ];
  const months = [
    ...Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`),
    ...Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
  ];
  for (const [index, agency] of [...members, foreign].entries()) {
    const next = sequence(index + 7);
    const scale = index * 4_000 + 1_000; // dollars a month: the agencies span sizes
    const facts = [];
    for (const carrier of carriers) {
      for (const broad of ['PL', 'CL'] as const) {
        // The fifth agency writes only this year (no prior: no growth); the sixth no Cedar at all.
        if (index === 6 && carrier === carriers[1]) continue;
        for (const month of months) {
          if (index === 5 && month < '2026') continue;
          const wp = next(scale * 50, scale * 150);
          // Some months report no earned or incurred (NULL is not zero).
          const reported = next(0, 9) > 1n;
          const fact: RawFact = {
            agency: agency.uuid,
            carrier: carrier.uuid,
            broad,
            month,
            wp,
            nwp: next(0, Number(wp / 3n)),
            ep: reported ? next(scale * 50, scale * 120) : null,
            il: reported ? next(0, scale * 90 + index * scale * 10) : null,
          };
          if (agency !== foreign) raw.push(fact);
          facts.push({
            carrierUuid: carrier.uuid,
            lineUuid: lines.byCode[broad === 'PL' ? 'PA' : 'CP']!.uuid,
            month,
            writtenPremium: text(fact.wp),
            newWrittenPremium: text(fact.nwp),
            earned: text(fact.ep),
            incurred: text(fact.il),
          });
        }
      }
    }
    await buildFacts(db, agency, facts, { reported: true });
    // Commission statements for Acme's personal lines, from three agencies.
    if (index < 3) {
      const statements = months
        .filter((m) => m >= '2026')
        .map((month) => ({ wp: next(scale * 10, scale * 20), paid: next(scale, scale * 2), month }));
      await buildCommissionFacts(
        db,
        agency,
        statements.map((s) => ({
          carrierUuid: carriers[0]!.uuid,
          lineUuid: lines.byCode.PA!.uuid,
          month: s.month,
          writtenPremium: text(s.wp),
          baseCommission: text(s.paid),
          additionalCommission: null,
        })),
      );
      for (const s of statements) {
        rawCommission.push({
          agency: agency.uuid,
          carrier: carriers[0]!.uuid,
          broad: 'PL',
          wp: s.wp,
          paid: s.paid,
        });
      }
    }
  }
  await ensureReadModel(db, () => {});
  await buildProductFeature(
    db,
    { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' },
    [...members, foreign].map((a) => a.uuid),
  );
  const networkUuid = trio.home.networkUuid;
  Object.assign(
    cookies,
    await signInAll(t.app, {
      owner: await buildUser(db, { agencyUuid: members[0]!.uuid, networkUuid, isOwner: true }),
      user: await buildUser(db, { agencyUuid: members[3]!.uuid, networkUuid }),
      network: await buildUser(db, { userType: 'network', networkUuid }),
      foreignNetwork: await buildUser(db, { userType: 'network', networkUuid: foreign.networkUuid }),
      staff: await buildUser(db, { userType: 'internal' }),
    }),
  );
});

afterAll(async () => {
  await t?.close();
});

/** Sums of cents that stay NULL when no value is reported. */
const add = (a: bigint | null, b: bigint | null) => (b === null ? a : (a ?? 0n) + b);
const dollars = (c: bigint | null) => (c === null ? null : Number(c) / 100);

type Sums = {
  wp: bigint | null;
  pwp: bigint | null;
  nwp: bigint | null;
  ep: bigint | null;
  il: bigint | null;
  pep: bigint | null;
  pil: bigint | null;
  counted: boolean;
};
const empty = (): Sums => ({
  wp: null,
  pwp: null,
  nwp: null,
  ep: null,
  il: null,
  pep: null,
  pil: null,
  counted: false,
});

/** The expected figures per agency and "dimension:key", computed from the raw facts. */
function expected(limits: readonly number[]) {
  const sums = new Map<string, Map<string, Sums>>();
  const bandPremium = new Map<string, bigint>();
  for (const f of raw) {
    const current = f.month >= '2026-01' && f.month <= '2026-10-01';
    const prior = f.month >= '2025-01' && f.month <= '2025-10-01';
    if (f.month >= '2025-11') bandPremium.set(f.agency, (bandPremium.get(f.agency) ?? 0n) + (f.wp ?? 0n));
    if (!current && !prior) continue;
    const byKey = sums.get(f.agency) ?? new Map<string, Sums>();
    sums.set(f.agency, byKey);
    for (const key of ['total:total', `carrier:${f.carrier}`, `line:${f.broad}`]) {
      const s = byKey.get(key) ?? empty();
      s.counted = true;
      if (current) {
        s.wp = add(s.wp, f.wp);
        s.nwp = add(s.nwp, f.nwp);
        s.ep = add(s.ep, f.ep);
        s.il = add(s.il, f.il);
      } else {
        s.pwp = add(s.pwp, f.wp);
        s.pep = add(s.pep, f.ep);
        s.pil = add(s.pil, f.il);
      }
      byKey.set(key, s);
    }
  }
  const paid = new Map<string, { wp: bigint; paid: bigint }>();
  for (const c of rawCommission) {
    for (const key of [
      `${c.agency} total:total`,
      `${c.agency} carrier:${c.carrier}`,
      `${c.agency} line:${c.broad}`,
    ]) {
      const s = paid.get(key) ?? { wp: 0n, paid: 0n };
      paid.set(key, { wp: s.wp + c.wp, paid: s.paid + c.paid });
    }
  }
  const figures = new Map<string, Map<string, Record<BenchmarkMetric | 'priorLossRatio', number | null>>>();
  for (const [agency, byKey] of sums) {
    const out = new Map<string, Record<BenchmarkMetric | 'priorLossRatio', number | null>>();
    for (const [key, s] of byKey) {
      const commission = paid.get(`${agency} ${key}`);
      out.set(key, {
        growth: premiumGrowth(dollars(s.wp), dollars(s.pwp)),
        newBusinessShare: newBusinessShare(dollars(s.nwp), dollars(s.wp)),
        lossRatio: lossRatio(dollars(s.il), dollars(s.ep)),
        priorLossRatio: lossRatio(dollars(s.pil), dollars(s.pep)),
        commissionRate: commission ? commissionRate(dollars(commission.paid), dollars(commission.wp)) : null,
      });
    }
    figures.set(agency, out);
  }
  const band = (agency: string) => sizeBandOf(dollars(bandPremium.get(agency) ?? 0n), limits);
  // Each agency's written premium in the period, in cents (the 'premium' order of the warnings).
  const books = new Map([...sums].map(([agency, byKey]) => [agency, byKey.get('total:total')?.wp ?? null]));
  return { figures, band, books };
}

function checkAgencyAnswer(answer: BenchmarksResponse, agency: string, limits: readonly number[]) {
  const { figures, band } = expected(limits);
  expect(answer.band?.index).toBe(band(agency));
  const own = figures.get(agency)!;
  expect(answer.rows.map((r) => `${r.dimension}:${r.key}`).sort()).toEqual([...own.keys()].sort());
  for (const row of answer.rows) {
    const key = `${row.dimension}:${row.key}`;
    for (const figure of row.figures) {
      const all = [...figures.values()].map((f) => f.get(key)?.[figure.metric] ?? null);
      const q = quartilesOf(all)!;
      expect(figure.n, `${key} ${figure.metric} n`).toBe(q.n);
      expect(figure.q1).toBeCloseTo(q.q1, 8);
      expect(figure.median).toBeCloseTo(q.median, 8);
      expect(figure.q3).toBeCloseTo(q.q3, 8);
      const value = own.get(key)![figure.metric];
      if (value === null) expect(figure.value).toBeNull();
      else expect(figure.value).toBeCloseTo(value, 8);
      const peers = [...figures.entries()]
        .filter(([uuid]) => band(uuid) === band(agency))
        .map(([, f]) => f.get(key)?.[figure.metric] ?? null);
      const rank = percentileRank(value, peers);
      if (rank === null) expect(figure.percentileRank, `${key} ${figure.metric} rank`).toBeNull();
      else expect(figure.percentileRank).toBeCloseTo(rank, 8);
    }
  }
}

describe('benchmarks', () => {
  it("equal an independent computation over the facts, for the agency's own figures", async () => {
    const response = await call('owner', 'GET', `/api/network-intelligence/benchmarks?${PERIOD}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = benchmarksResponseSchema.parse(json(response));
    expect(answer.level).toBe('agency');
    expect(answer.members).toBeNull();
    expect(answer.rows.some((r) => r.figures.some((f) => f.metric === 'commissionRate'))).toBe(true);
    checkAgencyAnswer(answer, members[0]!.uuid, answer.settings.sizeBandLimits);
  });

  it("carry no other agency's name or uuid in an agency user's answers", async () => {
    for (const url of [
      `/api/network-intelligence/benchmarks?${PERIOD}`,
      `/api/network-intelligence/warnings?${PERIOD}`,
    ]) {
      const response = await call('user', 'GET', url);
      expect(response.statusCode).toBe(200);
      for (const other of [...members.filter((m) => m !== members[3]), foreign]) {
        expect(response.body).not.toContain(other.uuid);
        expect(response.body).not.toContain(other.name);
      }
    }
  });

  it('show the network its distributions and its members with their figures', async () => {
    const response = await call('network', 'GET', `/api/network-intelligence/benchmarks?${PERIOD}`);
    expect(response.statusCode).toBe(200);
    const answer = benchmarksResponseSchema.parse(json(response));
    const { figures } = expected(answer.settings.sizeBandLimits);
    expect(answer.members!.map((m) => m.agencyUuid).sort()).toEqual([...figures.keys()].sort());
    for (const member of answer.members!) {
      const total = figures.get(member.agencyUuid)!.get('total:total')!;
      for (const metric of ['growth', 'newBusinessShare', 'lossRatio', 'commissionRate'] as const) {
        if (total[metric] === null) expect(member[metric]).toBeNull();
        else expect(member[metric]).toBeCloseTo(total[metric], 8);
      }
    }
    expect(response.body).not.toContain(foreign.uuid);
    // A network user may open a member agency through the level.
    const opened = await call(
      'network',
      'GET',
      `/api/network-intelligence/benchmarks?${PERIOD}&levelUuid=${members[2]!.uuid}`,
    );
    checkAgencyAnswer(
      benchmarksResponseSchema.parse(json(opened)),
      members[2]!.uuid,
      answer.settings.sizeBandLimits,
    );
  });

  it("are read for every preset, the last whole year and the latest month at the server's start, before the first view", async () => {
    const db = t.database.db;
    const today = { year: 2026, month: 11, day: 22 };
    const [first] = members;
    clearAnswerCache();
    const lastYear = { startDate: '2025-01-01', endDate: '2025-12-31' };
    // The latest reporting month on 22 November, which Monthly opens on.
    const latestMonth = { startDate: '2026-10-01', endDate: '2026-10-31' };
    expect(periodsAhead(today).slice(-2)).toEqual([lastYear, latestMonth]);
    expect(await keepPresetsAhead(db, first!.networkUuid, today)).toBe(presets(today).length + 2);
    expect(await keepPresetsAhead(db, first!.networkUuid, today)).toBe(0);
    // Last year's page and the latest month's read what the warm-up kept: nothing of the running totals.
    const spy = vi.spyOn(db, 'execute');
    try {
      for (const period of [lastYear, latestMonth]) {
        const page = await call(
          'network',
          'GET',
          `/api/network-intelligence/benchmarks?startDate=${period.startDate}&endDate=${period.endDate}`,
        );
        expect(page.statusCode, page.body).toBe(200);
      }
      const dialect = new PgDialect();
      const reads = spy.mock.calls.filter(([q]) =>
        dialect.sqlToQuery(q as SQL).sql.includes('production_agency_running_totals'),
      );
      expect(reads).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
    // This year's premium changed without the read model's refresh: the first view shows what the
    // warm-up read, so it read nothing of the facts.
    const thisYear = sql`agency_uuid = ${first!.uuid}::uuid and month >= '2026-01-01'`;
    await db.execute(
      sql`update production_facts set written_premium = written_premium * 10 where ${thisYear}`,
    );
    try {
      const response = await call('network', 'GET', `/api/network-intelligence/benchmarks?${PERIOD}`);
      const answer = benchmarksResponseSchema.parse(json(response));
      const { figures } = expected(answer.settings.sizeBandLimits);
      const growth = answer.members!.find((m) => m.agencyUuid === first!.uuid)!.growth;
      expect(growth).toBeCloseTo(figures.get(first!.uuid)!.get('total:total')!.growth!, 8);
    } finally {
      await db.execute(
        sql`update production_facts set written_premium = written_premium / 10 where ${thisYear}`,
      );
      clearAnswerCache();
    }
  });

  it('refuse a level outside the caller', async () => {
    const cases = [
      ['owner', members[1]!.uuid],
      ['owner', members[0]!.networkUuid],
      ['network', foreign.uuid],
      ['foreignNetwork', members[0]!.uuid],
    ] as const;
    for (const [who, level] of cases) {
      for (const path of ['benchmarks', 'warnings']) {
        const response = await call(
          who,
          'GET',
          `/api/network-intelligence/${path}?${PERIOD}&levelUuid=${level}`,
        );
        expect(response.statusCode, `${who} ${path} ${level}`).toBe(403);
      }
    }
    const future = await call(
      'owner',
      'GET',
      '/api/network-intelligence/benchmarks?startDate=2026-01-01&endDate=2026-12-31',
    );
    expect(future.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(future)).error.fields).toHaveProperty('endDate');
  });
});

describe('benchmark settings', () => {
  it('are validated, saved by the network only, and change the bands', async () => {
    const body = { sizeBandLimits: [500_000, 2_000_000], lossRatioThreshold: 60 };
    expect((await call('owner', 'PUT', '/api/network-intelligence/settings', body)).statusCode).toBe(403);
    const refused = await call('network', 'PUT', '/api/network-intelligence/settings', {
      ...body,
      sizeBandLimits: [2_000_000, 500_000],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(refused)).error.fields?.sizeBandLimits).toMatch(/rise/);
    const tooHigh = await call('network', 'PUT', '/api/network-intelligence/settings', {
      ...body,
      lossRatioThreshold: 9999,
    });
    expect(tooHigh.statusCode).toBe(400);
    const elsewhere = await call('foreignNetwork', 'PUT', '/api/network-intelligence/settings', {
      ...body,
      levelUuid: members[0]!.networkUuid,
    });
    expect(elsewhere.statusCode).toBe(403);
    // Nothing was saved by the refusals.
    const before = benchmarkSettingsSchema.parse(
      json(await call('owner', 'GET', '/api/network-intelligence/settings')),
    );
    expect(before.saved).toBe(false);

    const saved = await call('network', 'PUT', '/api/network-intelligence/settings', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(benchmarkSettingsSchema.parse(json(saved))).toEqual({ ...body, saved: true });
    for (const [who, agency] of [
      ['owner', members[0]!],
      ['user', members[3]!],
    ] as const) {
      const answer = benchmarksResponseSchema.parse(
        json(await call(who, 'GET', `/api/network-intelligence/benchmarks?${PERIOD}`)),
      );
      checkAgencyAnswer(answer, agency.uuid, body.sizeBandLimits);
    }
    const { band } = expected(body.sizeBandLimits);
    expect(new Set(members.map((m) => band(m.uuid))).size).toBeGreaterThan(1);
  });
});

describe('early warning', () => {
  it("lists the network's agencies whose loss ratio is high and rising or whose growth is below the first quartile", async () => {
    const read = async (extra = '') => {
      const response = await call('network', 'GET', `/api/network-intelligence/warnings?${PERIOD}${extra}`);
      expect(response.statusCode, response.body).toBe(200);
      return warningsResponseSchema.parse(json(response));
    };
    // Every page in turn, 25 warnings a page, by agency name.
    const first = await read();
    const pages = [first];
    for (let page = 2; page <= Math.ceil(first.total / first.pageSize); page++)
      pages.push(await read(`&page=${page}`));
    const answer = { ...first, warnings: pages.flatMap((p) => p.warnings) };
    expect(first.pageSize).toBe(WARNINGS_PAGE_SIZE);
    expect(answer.warnings).toHaveLength(first.total);
    expect(pages.slice(0, -1).every((p) => p.warnings.length === WARNINGS_PAGE_SIZE)).toBe(true);
    const names = answer.warnings.map((w) => w.agencyName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(first.agencies).toBe(new Set(answer.warnings.map((w) => w.agencyUuid)).size);
    const { figures } = expected(answer.settings.sizeBandLimits);
    const wanted: string[] = [];
    for (const [agency, byKey] of figures) {
      for (const [key, f] of byKey) {
        if (key === 'total:total') continue;
        const q1 = quartilesOf([...figures.values()].map((o) => o.get(key)?.growth ?? null))?.q1 ?? null;
        if (warningReasons(f, answer.settings.lossRatioThreshold, q1).length > 0)
          wanted.push(`${agency} ${key}`);
      }
    }
    expect(wanted.length).toBeGreaterThan(0);
    expect(answer.warnings.map((w) => `${w.agencyUuid} ${w.dimension}:${w.key}`).sort()).toEqual(
      wanted.sort(),
    );
    // One reason alone, and a search of agency names (any case), over every page.
    const rising = await read('&reason=lossRatio&pageSize=500');
    expect(rising.total).toBe(answer.warnings.filter((w) => w.reasons.includes('lossRatio')).length);
    expect(rising.warnings.every((w) => w.reasons.includes('lossRatio'))).toBe(true);
    const someone = answer.warnings[0]!.agencyName;
    const searched = await read(
      `&pageSize=500&search=${encodeURIComponent(someone.slice(0, 6).toUpperCase())}`,
    );
    expect(searched.total).toBe(
      answer.warnings.filter((w) => w.agencyName.toLowerCase().includes(someone.slice(0, 6).toLowerCase()))
        .length,
    );
    // The largest books first: the agencies in the order of their written premium in the period.
    const { books } = expected(answer.settings.sizeBandLimits);
    const byBook = await read('&order=premium&pageSize=500');
    expect(byBook.total).toBe(answer.total);
    const called = [...new Set(byBook.warnings.map((w) => w.agencyUuid))];
    const book = (agency: string) => books.get(agency) ?? -1n;
    expect(new Set(called.map(book)).size).toBeGreaterThan(1);
    expect(called).toEqual([...called].sort((a, b) => (book(a) > book(b) ? -1 : book(a) < book(b) ? 1 : 0)));
    // Within an agency, its carriers and lines by written premium; one row per agency on request.
    for (const agency of called) {
      const premiums = byBook.warnings
        .filter((w) => w.agencyUuid === agency)
        .map((w) => w.writtenPremium ?? -1);
      expect(premiums).toEqual([...premiums].sort((a, b) => b - a));
    }
    const perAgency = await read('&order=premium&perAgency=true&pageSize=500');
    expect(perAgency.warnings.map((w) => w.agencyUuid)).toEqual(called);
    expect(perAgency.total).toBe(answer.total);
    expect(perAgency.agencies).toBe(called.length);
    for (const w of perAgency.warnings) {
      const own = byBook.warnings.filter((o) => o.agencyUuid === w.agencyUuid);
      expect(w).toEqual({ ...own[0], others: own.length - 1 });
    }
    const secondAgency = await read('&order=premium&perAgency=true&pageSize=1&page=2');
    expect(secondAgency.warnings.map((w) => w.agencyUuid)).toEqual([called[1]]);
    const wrongOrder = await call(
      'network',
      'GET',
      `/api/network-intelligence/warnings?${PERIOD}&order=size`,
    );
    expect(wrongOrder.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(wrongOrder)).error.fields?.order).toBe(
      'order must be agency or premium',
    );
    const refused = await call('network', 'GET', `/api/network-intelligence/warnings?${PERIOD}&page=0`);
    expect(refused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(json(refused)).error.fields?.page).toBe(
      'page must be a whole number from 1',
    );
    const carrierWarning = answer.warnings.find((w) => w.dimension === 'carrier')!;
    expect(carrierWarning.carrierUuid).toBe(carrierWarning.key);
    expect(carrierWarning.name).toMatch(/Acme|Cedar/);

    const own = warningsResponseSchema.parse(
      json(await call('user', 'GET', `/api/network-intelligence/warnings?${PERIOD}`)),
    );
    expect(own.warnings.every((w) => w.agencyUuid === members[3]!.uuid)).toBe(true);
    expect(own.warnings.length).toBe(wanted.filter((w) => w.startsWith(members[3]!.uuid)).length);
  });
});

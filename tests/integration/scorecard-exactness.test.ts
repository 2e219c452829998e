import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROAD_LINE_CODES, type BroadLineCode } from '#shared/contracts/production.ts';
import {
  scorecardByCarrierQuerySchema,
  scorecardQuerySchema,
  type ScorecardFigures,
} from '#shared/contracts/scorecards.ts';
import { addMonths, latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { scorecardMonths } from '#shared/domain/scorecard.ts';
import { firstDayOfMonth, lastDayOfMonth } from '#shared/domain/timeframe.ts';
import type { Database } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/demo/generate.ts';
import type { Level } from '#server/policies/scope.ts';
import { refreshAgencyFacts } from '#server/services/read-model/refresh.ts';
import {
  scorecardByAgency,
  scorecardByCarrier,
  scorecardStats,
} from '#server/services/scorecards/scorecard-report.ts';
import {
  compositeArbitrary,
  decimalCents,
  flagsOf,
  flagsQuery,
  levelOf,
  loadCarriers,
  passes,
  pickTypes,
  rebuildAllNetworks,
  standardTypesByLine,
  TWO_DECIMALS,
  type KindFlags,
  type ReferenceCarrier,
} from '#tests/support/exact-reference.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';

/**
 * Exactness: every figure and percentage of the three scorecard calls equals a plain reference
 * computation over the stored commission facts and shares of contingent checks (integer cents in
 * BigInt, no SQL aggregation), for random levels, years, 12M Book / YTD modes, custom periods, lines, standard types and carrier
 * composites, to the cent. Some amounts are unreported (NULL) and some negative (reversals).
 */
const today = { year: 2026, month: 11, day: 22 };
const latest = latestReportingMonth(today);

type Fact = {
  agency: string;
  network: string;
  carrier: string;
  month: YearMonth;
  broad: string;
  type: string | null;
  /** written premium, base, additional commission in cents */
  values: [bigint | null, bigint | null, bigint | null];
};

let database: Database;
let facts: Fact[];
/** Shares of contingent checks (decision 067): additional compensation, not statements. */
let checkShares: Fact[];
let carriers: Map<string, ReferenceCarrier>;
let agencies: string[];
let networkUuid: string;
let typesByLine: Map<string, string[]>;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await seedDemoData(db, { today, agencies: 6, passwordHash: async (p) => `hash:${p}` });
  // Statements that leave an amount out, and reversals.
  await db.execute(sql`update commission_facts set additional_commission = null where id % 7 = 2`);
  await db.execute(sql`update commission_facts set base_commission = null where id % 11 = 5`);
  await db.execute(sql`update commission_facts set written_premium = null where id % 13 = 4`);
  await db.execute(sql`update commission_facts set base_commission = -base_commission, written_premium = -written_premium
    where id % 29 = 3`);
  await rebuildAllNetworks(db);
  const rows = await db.execute<Record<string, string | null>>(sql`
    select f.agency_uuid, f.network_uuid, f.carrier_uuid, to_char(f.month, 'YYYY-MM') as month,
      l.level::text as level, l.code, p.code as parent_code,
      to_char(f.written_premium, ${sql.raw(`'${TWO_DECIMALS}'`)}) as wp,
      to_char(f.base_commission, ${sql.raw(`'${TWO_DECIMALS}'`)}) as base,
      to_char(f.additional_commission, ${sql.raw(`'${TWO_DECIMALS}'`)}) as add
    from commission_facts f join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid`);
  // The network's contingent checks, shared to agencies: additional compensation in the month received.
  const shares = await db.execute<Record<string, string | null>>(sql`
    select x.agency_uuid, x.network_uuid, k.carrier_uuid, to_char(k.received_on, 'YYYY-MM') as month, l.code,
      to_char(x.amount, ${sql.raw(`'${TWO_DECIMALS}'`)}) as add
    from profit_share_check_allocations x
    join profit_share_checks k on k.network_uuid = x.network_uuid and k.uuid = x.check_uuid
    join lines_of_business l on l.uuid = x.line_uuid`);
  checkShares = shares.rows.map((r) => ({
    agency: r.agency_uuid!,
    network: r.network_uuid!,
    carrier: r.carrier_uuid!,
    month: r.month as YearMonth,
    broad: r.code!,
    type: null,
    values: [null, null, decimalCents(r.add ?? null)],
  }));
  facts = rows.rows.map((r) => ({
    agency: r.agency_uuid!,
    network: r.network_uuid!,
    carrier: r.carrier_uuid!,
    month: r.month as YearMonth,
    broad: r.level === '1' ? r.code! : r.parent_code!,
    type: r.level === '2' ? r.code! : null,
    values: [decimalCents(r.wp ?? null), decimalCents(r.base ?? null), decimalCents(r.add ?? null)],
  }));
  carriers = await loadCarriers(db);
  networkUuid = facts[0]!.network;
  agencies = [...new Set(facts.filter((f) => f.network === networkUuid).map((f) => f.agency))].sort();
  expect(facts.length).toBeGreaterThan(5_000);
  expect(facts.some((f) => f.type === null)).toBe(true);
  expect(facts.some((f) => f.values[2] !== null && f.values[2] > 0n)).toBe(true);
  typesByLine = standardTypesByLine(facts);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

type Params = {
  level: Level;
  start: YearMonth;
  end: YearMonth;
  /** Sent as `year` rather than startDate/endDate. */
  year: number | null;
  line: BroadLineCode;
  types: string[];
  flags: KindFlags;
};

/** Sums in cents: [written, base, additional]; null until a value is reported. */
type Sums = [bigint | null, bigint | null, bigint | null];
const add = (sums: Sums, values: Sums): Sums =>
  sums.map((s, i) => (values[i] === null ? s : (s ?? 0n) + values[i]!)) as Sums;

/** Percent of `whole`, rounded half away from zero to 0.01, as the number the API gives. */
function percent(part: bigint | null, whole: bigint | null): number | null {
  if (part === null || whole === null || whole === 0n) return null;
  const n = part * 10_000n;
  let q = n / whole;
  const r = n % whole;
  const abs = (v: bigint) => (v < 0n ? -v : v);
  if (2n * abs(r) >= abs(whole)) q += n < 0n !== whole < 0n ? -1n : 1n;
  return Number(q) / 100;
}

/** The figures the API should give for sums. */
function figures([wp, base, extra]: Sums) {
  const total = base === null && extra === null ? null : (base ?? 0n) + (extra ?? 0n);
  return {
    cents: [wp, base, extra, total],
    percents: [percent(base, wp), percent(extra, wp), percent(total, wp)],
  };
}

function answered(f: ScorecardFigures) {
  const cents = (v: number | null) => (v === null ? null : BigInt(Math.round(v * 100)));
  return {
    cents: [f.writtenPremiumYTD, f.baseCommissionYTD, f.additionalCommissionYTD, f.totalCommissionYTD].map(
      cents,
    ),
    percents: [f.baseCommissionPercent, f.additionalCommissionPercent, f.totalCommissionPercent],
  };
}

const inLevel = (p: Params, f: { agency: string; network: string }) =>
  p.level.kind === 'agency' ? f.agency === p.level.agencyUuid : f.network === p.level.networkUuid;

/** The facts a request counts, filtered in JavaScript. */
function counted(p: Params, options: { line: boolean }) {
  return [...facts, ...checkShares].filter(
    (f) =>
      inLevel(p, f) &&
      f.month >= p.start &&
      f.month <= p.end &&
      passes(carriers.get(f.carrier)!, p.flags) &&
      (!options.line ||
        ((p.line === 'P&C' || f.broad === p.line) &&
          (p.types.length === 0 || (f.type !== null && p.types.includes(f.type))))),
  );
}

/** Carriers some agency of the level has statements of in some months of the period but not all. */
function incompleteCarriers(p: Params): Set<string> {
  let n = 0;
  for (let m = p.start; m <= p.end; m = addMonths(m, 1)) n++;
  const months = new Map<string, Set<string>>();
  for (const f of facts) {
    if (!inLevel(p, f) || f.month < p.start || f.month > p.end) continue;
    const key = `${f.agency}/${f.carrier}`;
    months.set(key, (months.get(key) ?? new Set()).add(f.month));
  }
  return new Set([...months].filter(([, set]) => set.size < n).map(([key]) => key.split('/')[1]!));
}

function query(p: Params, withLine: boolean) {
  const timeframe =
    p.year === null
      ? { startDate: firstDayOfMonth(p.start), endDate: lastDayOfMonth(p.end) }
      : { year: String(p.year) };
  const flags = flagsQuery(p.flags);
  return withLine
    ? { ...timeframe, ...flags, parentTypeCode: p.line, standardTypes: p.types.join(',') }
    : { ...timeframe, ...flags };
}

const context = (p: Params) => ({ level: p.level, today, mode: null });

async function checkByCarrier(p: Params) {
  const answer = await scorecardByCarrier(
    database.db,
    scorecardByCarrierQuerySchema.parse(query(p, true)),
    context(p),
  );
  const byCarrier = new Map<string, Sums>();
  const byLine = new Map<string, Map<string, { sums: Sums; lowest: boolean }>>();
  let totals: Sums = [null, null, null];
  for (const f of counted(p, { line: true })) {
    byCarrier.set(f.carrier, add(byCarrier.get(f.carrier) ?? [null, null, null], f.values));
    const lines = byLine.get(f.carrier) ?? new Map<string, { sums: Sums; lowest: boolean }>();
    const code = f.type ?? f.broad;
    const line = lines.get(code) ?? { sums: [null, null, null] as Sums, lowest: f.type !== null };
    lines.set(code, { ...line, sums: add(line.sums, f.values) });
    byLine.set(f.carrier, lines);
    totals = add(totals, f.values);
  }
  const incomplete = incompleteCarriers(p);
  expect(answer.carriers.map((c) => c.carrierUuid).sort()).toEqual([...byCarrier.keys()].sort());
  for (const row of answer.carriers) {
    expect(answered(row)).toEqual(figures(byCarrier.get(row.carrierUuid)!));
    expect(row.haveMissingData).toBe(incomplete.has(row.carrierUuid));
    expect(row.isCoreCarrier).toBe(carriers.get(row.carrierUuid)!.isCoreCarrier);
    const lines = byLine.get(row.carrierUuid)!;
    expect(row.lines.map((l) => l.code).sort()).toEqual([...lines.keys()].sort());
    for (const line of row.lines) {
      expect(answered(line)).toEqual(figures(lines.get(line.code)!.sums));
      expect(line.isLowestLevel).toBe(lines.get(line.code)!.lowest);
    }
  }
  // Written premium descending (unreported last).
  const premiums = answer.carriers.map((c) => c.writtenPremiumYTD ?? -Infinity);
  expect(premiums).toEqual([...premiums].sort((a, b) => b - a));
  expect(answered(answer.totals)).toEqual(figures(totals));
  expect(answer.period).toEqual({ startDate: firstDayOfMonth(p.start), endDate: lastDayOfMonth(p.end) });
}

/** Sums per broad line ('P&C' all) x core flag ('all', 'core', 'noncore'). */
function policyTypeSums(p: Params) {
  const sums = new Map<string, Sums>();
  for (const f of counted(p, { line: false })) {
    const core = carriers.get(f.carrier)!.isCoreCarrier ? 'core' : 'noncore';
    for (const line of ['P&C', f.broad]) {
      for (const split of ['all', core]) {
        const key = `${line}/${split}`;
        sums.set(key, add(sums.get(key) ?? [null, null, null], f.values));
      }
    }
  }
  return (line: string, split: string) => sums.get(`${line}/${split}`) ?? ([null, null, null] as Sums);
}

async function checkByAgencyAndStats(p: Params) {
  const q = scorecardQuerySchema.parse(query(p, false));
  const [byAgency, stats] = await Promise.all([
    scorecardByAgency(database.db, q, context(p)),
    scorecardStats(database.db, q, context(p)),
  ]);
  const sums = policyTypeSums(p);
  for (const code of BROAD_LINE_CODES) {
    const split = byAgency.policyTypes[code];
    expect(answered(split.total)).toEqual(figures(sums(code, 'all')));
    expect(answered(split.core)).toEqual(figures(sums(code, 'core')));
    expect(answered(split.noncore)).toEqual(figures(sums(code, 'noncore')));
  }
  // Carriers with a figure other than zero, per policy type.
  const perCarrier = new Map<string, Sums>();
  for (const f of counted(p, { line: false })) {
    for (const line of ['P&C', f.broad]) {
      const key = `${line}/${f.carrier}`;
      perCarrier.set(key, add(perCarrier.get(key) ?? [null, null, null], f.values));
    }
  }
  for (const row of stats.policyTypes) {
    const shown = [...perCarrier].filter(
      ([key, s]) => key.startsWith(`${row.policyTypeCode}/`) && s.some((v) => v !== null && v !== 0n),
    );
    expect(row.carriers).toBe(shown.length);
    expect(row.coreCarriers).toBe(
      shown.filter(([key]) => carriers.get(key.split('/')[1]!)!.isCoreCarrier).length,
    );
    expect(answered(row)).toEqual(figures(sums(row.policyTypeCode, 'all')));
  }
  const latestMonth = facts
    .filter((f) => inLevel(p, f))
    .reduce<string | null>((m, f) => (m && m > f.month ? m : f.month), null);
  expect(stats.latestDataDate).toBe(latestMonth ? lastDayOfMonth(latestMonth as YearMonth) : null);
}

const years = Array.from({ length: 5 }, (_, i) => Number(latest.slice(0, 4)) - i);
const months = Array.from({ length: 48 }, (_, i) => addMonths(latest, -i));

const paramsArbitrary = () =>
  fc
    .record({
      levelIndex: fc.integer({ min: -2, max: 5 }),
      timeframe: fc.oneof(
        fc.record({
          kind: fc.constant('year-mode' as const),
          year: fc.constantFrom(...years),
          trailing: fc.boolean(),
        }),
        fc.record({ kind: fc.constant('year' as const), year: fc.constantFrom(...years) }),
        fc.record({
          kind: fc.constant('custom' as const),
          a: fc.constantFrom(...months),
          b: fc.constantFrom(...months),
        }),
      ),
      line: fc.constantFrom<BroadLineCode>('P&C', 'PL', 'CL', 'BOND', 'CROP'),
      typePick: fc.array(fc.nat(20), { maxLength: 3 }),
      composite: compositeArbitrary(),
    })
    .map(({ levelIndex, timeframe, line, typePick, composite }): Params => {
      let start: YearMonth;
      let end: YearMonth;
      let year: number | null = null;
      if (timeframe.kind === 'custom') {
        [start, end] = timeframe.a <= timeframe.b ? [timeframe.a, timeframe.b] : [timeframe.b, timeframe.a];
      } else if (timeframe.kind === 'year') {
        year = timeframe.year;
        start = `${year}-01` as YearMonth;
        end = `${year}-12` as YearMonth;
        if (end > latest) end = latest;
      } else {
        ({ start, end } = scorecardMonths(timeframe.year, timeframe.trailing ? 'trailing' : 'ytd', today));
      }
      const candidates = line === 'PL' || line === 'CL' ? (typesByLine.get(line) ?? []) : [];
      const types = pickTypes(candidates, typePick);
      const level = levelOf(levelIndex, agencies, networkUuid);
      return { level, start, end, year, line, types, flags: flagsOf(composite) };
    });

describe('the scorecard is exact to the cent', () => {
  it('by carrier, with lines, flags and totals, for random levels, timeframes, lines, types and composites', async () => {
    await fc.assert(fc.asyncProperty(paramsArbitrary(), checkByCarrier), { numRuns: 40, seed: 20261125 });
  }, 300_000);

  it('by agency (core / non-core per policy type) and in its stats', async () => {
    await fc.assert(fc.asyncProperty(paramsArbitrary(), checkByAgencyAndStats), {
      numRuns: 25,
      seed: 20261126,
    });
  }, 300_000);

  it('after one agency’s statements change through the writers’ entry point', async () => {
    const db = database.db;
    const agency = agencies[0]!;
    // A month of one carrier goes missing and another month is restated.
    const [gone] = (
      await db.execute<{ carrier_uuid: string; month: string }>(sql`
        delete from commission_facts where id = (select min(id) from commission_facts
          where agency_uuid = ${agency}::uuid and month = ${firstDayOfMonth(addMonths(latest, -3))}::date)
        returning carrier_uuid, to_char(month, 'YYYY-MM-DD') as month`)
    ).rows;
    await db.execute(sql`update commission_facts set base_commission = base_commission + 0.01
      where agency_uuid = ${agency}::uuid and month = ${firstDayOfMonth(latest)}::date`);
    const changed = await db.execute<{
      carrier_uuid: string;
    }>(sql`select distinct carrier_uuid from commission_facts
      where agency_uuid = ${agency}::uuid and month = ${firstDayOfMonth(latest)}::date`);
    await db.transaction((tx) =>
      refreshAgencyFacts(tx, agency, [
        { carrierUuid: gone!.carrier_uuid, month: gone!.month },
        ...changed.rows.map((r) => ({ carrierUuid: r.carrier_uuid, month: firstDayOfMonth(latest) })),
      ]),
    );
    const fresh = await db.execute<Record<string, string | null>>(sql`
      select f.agency_uuid, f.carrier_uuid, to_char(f.month, 'YYYY-MM') as month,
        to_char(f.written_premium, ${sql.raw(`'${TWO_DECIMALS}'`)}) as wp,
        to_char(f.base_commission, ${sql.raw(`'${TWO_DECIMALS}'`)}) as base,
        to_char(f.additional_commission, ${sql.raw(`'${TWO_DECIMALS}'`)}) as add, l.code
      from commission_facts f join lines_of_business l on l.uuid = f.line_uuid where f.agency_uuid = ${agency}::uuid`);
    const template = new Map(
      facts
        .filter((f) => f.agency === agency)
        .map((f) => [`${f.carrier}/${f.month}/${f.type ?? f.broad}`, f]),
    );
    facts = [
      ...facts.filter((f) => f.agency !== agency),
      ...fresh.rows.map((r) => ({
        ...template.get(`${r.carrier_uuid}/${r.month}/${r.code}`)!,
        values: [
          decimalCents(r.wp ?? null),
          decimalCents(r.base ?? null),
          decimalCents(r.add ?? null),
        ] as Sums,
      })),
    ];
    const all = flagsOf('all');
    for (const trailing of [true, false]) {
      const { start, end } = scorecardMonths(years[0]!, trailing ? 'trailing' : 'ytd', today);
      const p: Params = {
        level: { kind: 'network', networkUuid },
        start,
        end,
        year: null,
        line: 'P&C',
        types: [],
        flags: all,
      };
      await checkByCarrier(p);
      await checkByAgencyAndStats(p);
    }
  }, 300_000);
});

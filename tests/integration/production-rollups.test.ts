import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#server/db/demo/generate.ts';
import type { Database } from '#server/db/client.ts';
import {
  ensureReadModel,
  rebuildNetwork,
  refreshAgenciesFacts,
  refreshAgencyFacts,
} from '#server/services/read-model/refresh.ts';
import { keepByAgencyAhead, keepCodesAhead, presetRequests } from '#server/services/read-model/ahead.ts';
import { selectHasSpans } from '#server/services/read-model/sql.ts';
import { productionByAgency } from '#server/services/production/production-report.ts';
import type { Level } from '#server/policies/scope.ts';
import {
  agencyCodeQuerySchema,
  BROAD_LINE_CODES,
  productionQuerySchema,
  type ByAgencyCodeResponse,
  type ByAgencyResponse,
} from '#shared/contracts/production.ts';
import type { NetworkSummaryResponse } from '#shared/contracts/planning.ts';
import { networkSummary, productionByAgencyCode } from '#server/services/planning/planning-report.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { addMonths, latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { firstDayOfMonth, lastDayOfMonth, presets } from '#shared/domain/timeframe.ts';
import { byAgencyAnswers, networkRows } from '#tests/support/factories.ts';
import { periodOf } from '#server/services/read-model/request.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';

/**
 * The rollups are derived data: after any change to one agency's facts, refreshing that agency must
 * leave exactly what a rebuild of the whole network from the facts gives. (That a rebuild gives
 * exact report figures is the exactness test's job.)
 */
const today = { year: 2026, month: 11, day: 22 };
let database: Database;
let networkUuid: string;
let agencyUuid: string;

const ROLLUP_TABLES = [
  'production_carrier_months',
  'production_agency_running_totals',
  'carrier_reported_masks',
  'production_rollup_horizons',
] as const;

/** Every row of every rollup table of the network, as sorted text. */
const rollupContents = () => networkRows(database.db, networkUuid, ROLLUP_TABLES);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { today, agencies: 3, passwordHash: async (p) => `hash:${p}` });
  const found = await database.db.execute<{ network_uuid: string; uuid: string }>(
    sql`select network_uuid, uuid from agencies order by name limit 1`,
  );
  networkUuid = found.rows[0]!.network_uuid;
  agencyUuid = found.rows[0]!.uuid;
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('production rollups', () => {
  it('are built with the data, and not again when they exist', async () => {
    const built = await rollupContents();
    expect(built.production_agency_running_totals!.length).toBeGreaterThan(0);
    expect(built.carrier_reported_masks!.length).toBeGreaterThan(0);
    const messages: string[] = [];
    await ensureReadModel(database.db, (m) => messages.push(m));
    expect(messages).toEqual([]);
  });

  it('leave statistics on every table that holds rows (PGlite runs no autovacuum)', async () => {
    // Without them the planner takes an agency's facts for one row and reads them in nested loops.
    const unanalyzed = await database.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and pg_relation_size(c.oid) > 0
        and c.relname in ('production_facts', 'carriers', 'lines_of_business', 'carrier_reported_months')
        and not exists (select 1 from pg_stats s where s.schemaname = n.nspname and s.tablename = c.relname)`);
    expect(unanalyzed.rows).toEqual([]);
  });

  it("match a full rebuild after one agency's facts change, including a month past the horizon", async () => {
    const db = database.db;
    const before = await rollupContents();
    const [horizon] = before.production_rollup_horizons!;
    const changed = await db.transaction(async (tx) => {
      const picked = await tx.execute<{
        id: number;
        carrier_uuid: string;
        month: string;
        line_uuid: string;
      }>(sql`
        select id, carrier_uuid, month::text as month, line_uuid from production_facts
        where agency_uuid = ${agencyUuid}::uuid and source = 'feed' order by month desc, id limit 3`);
      const [edit, remove, template] = picked.rows;
      await tx.execute(sql`
        update production_facts set written_premium = written_premium + 1234.56, earned = null
        where agency_uuid = ${agencyUuid}::uuid and id = ${edit!.id}`);
      await tx.execute(
        sql`delete from production_facts where agency_uuid = ${agencyUuid}::uuid and id = ${remove!.id}`,
      );
      // A manual entry in the month after the network's latest month.
      const next = await tx.execute<{ month: string }>(
        sql`select (max(month) + interval '1 month')::date::text as month from production_facts`,
      );
      const month = next.rows[0]!.month;
      await tx.execute(sql`
        insert into production_facts (agency_uuid, network_uuid, carrier_uuid, line_uuid, month, source,
          written_premium, new_written_premium, earned, incurred)
        values (${agencyUuid}::uuid, ${networkUuid}::uuid, ${template!.carrier_uuid}::uuid,
          ${template!.line_uuid}::uuid, ${month}::date, 'manual', 500.25, null, 300.10, 12.00)`);
      await tx.execute(sql`
        insert into carrier_reported_months (agency_uuid, carrier_uuid, month, network_uuid)
        values (${agencyUuid}::uuid, ${template!.carrier_uuid}::uuid, ${month}::date, ${networkUuid}::uuid)`);
      const changes = [
        { carrierUuid: edit!.carrier_uuid, month: edit!.month },
        { carrierUuid: remove!.carrier_uuid, month: remove!.month },
        { carrierUuid: template!.carrier_uuid, month },
      ];
      await refreshAgencyFacts(tx, agencyUuid, changes);
      return changes;
    });
    expect(changed).toHaveLength(3);

    const refreshed = await rollupContents();
    expect(refreshed.production_rollup_horizons).not.toEqual([horizon]);
    await rebuildNetwork(db, networkUuid);
    const rebuilt = await rollupContents();
    expect(refreshed).toEqual(rebuilt);
    expect(refreshed).not.toEqual(before);
  });

  it('are the same rebuilt a range of agencies at a time as all at once', async () => {
    const db = database.db;
    const agencies = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from agencies where network_uuid = ${networkUuid}::uuid`,
    );
    expect(agencies.rows[0]!.n).toBeGreaterThan(2);
    await rebuildNetwork(db, networkUuid);
    const atOnce = await rollupContents();
    expect(atOnce.production_agency_running_totals!.length).toBeGreaterThan(0);
    for (const agenciesPerStatement of [1, 2]) {
      await rebuildNetwork(db, networkUuid, { agenciesPerStatement });
      expect(await rollupContents()).toEqual(atOnce);
    }
  });

  it("hold each key's running totals of 12 months earlier beside every month, after the horizon moves on by more than a year", async () => {
    const db = database.db;
    const before = await rollupContents();
    const yearAgo = [
      'facts',
      'written_premium_cents',
      'written_premium_count',
      'new_written_premium_cents',
      'new_written_premium_count',
      'earned_cents',
      'earned_count',
      'incurred_cents',
      'incurred_count',
      'paid_cents',
      'paid_on_cents',
    ];
    const sameKey = [
      'agency_uuid',
      'grain',
      'carrier_class',
      'carrier_uuid',
      'agency_code_uuid',
      'broad_code',
      'type_code',
      'source',
    ]
      .map((c) => `y.${c} = r.${c}`)
      .join(' and ');
    /** Rows whose year-ago columns are not the key's row 12 months earlier (0 before its first). */
    const wrongRows = async () =>
      (
        await db.execute<{ wrong: number; held: number }>(sql`
          select count(*) filter (where (${sql.raw(yearAgo.map((c) => `r.year_ago_${c}`).join(', '))})
              is distinct from (${sql.raw(yearAgo.map((c) => `coalesce(y.${c}, 0)`).join(', '))}))::int as wrong,
            count(*) filter (where r.year_ago_written_premium_cents <> 0)::int as held
          from production_agency_running_totals r
          left join production_agency_running_totals y
            on y.month = (r.month - interval '12 months')::date and ${sql.raw(sameKey)}
          where r.network_uuid = ${networkUuid}::uuid`)
      ).rows[0]!;
    const built = await wrongRows();
    expect(built.wrong).toBe(0);
    expect(built.held).toBeGreaterThan(0);

    // A manual entry 14 months after the network's latest month carries every other agency's running
    // totals on over 14 months, the last two of them a year after months carried here.
    const template = (
      await db.execute<{ carrier_uuid: string; line_uuid: string; month: string }>(sql`
        select carrier_uuid, line_uuid, (select (max(month) + interval '14 months')::date::text from production_facts) as month
        from production_facts where agency_uuid = ${agencyUuid}::uuid order by id limit 1`)
    ).rows[0]!;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into production_facts (agency_uuid, network_uuid, carrier_uuid, line_uuid, month, source,
          written_premium, new_written_premium, earned, incurred)
        values (${agencyUuid}::uuid, ${networkUuid}::uuid, ${template.carrier_uuid}::uuid,
          ${template.line_uuid}::uuid, ${template.month}::date, 'manual', 700.25, null, 300.10, 12.00)`);
      await refreshAgencyFacts(tx, agencyUuid, [
        { carrierUuid: template.carrier_uuid, month: template.month },
      ]);
    });
    expect((await wrongRows()).wrong).toBe(0);
    const refreshed = await rollupContents();
    await rebuildNetwork(db, networkUuid);
    expect(refreshed).toEqual(await rollupContents());

    await db.execute(
      sql`delete from production_facts where agency_uuid = ${agencyUuid}::uuid and month = ${template.month}::date`,
    );
    await rebuildNetwork(db, networkUuid);
    expect(await rollupContents()).toEqual(before);
  });
});

describe("a network's answers kept by agency and by agency code (decisions 092, 095)", () => {
  const latest = latestReportingMonth(today);
  const yearStart = `${latest.slice(0, 4)}-01` as YearMonth;
  const network = (): Level => ({ kind: 'network', networkUuid });
  const query = (start: YearMonth, end: YearMonth) =>
    productionQuerySchema.parse({ startDate: firstDayOfMonth(start), endDate: lastDayOfMonth(end) });
  const report = (start: YearMonth, end: YearMonth, day = today) =>
    productionByAgency(database.db, network(), query(start, end), day, null);
  const premiumCents = (answer: ByAgencyResponse) =>
    Math.round(answer.agencies.find((a) => a.agencyUuid === agencyUuid)!.lines['P&C']!.writtenPremium! * 100);

  /** Adds $1,000.00 to one fact of the agency in the current year that the default view counts. */
  async function changeAFact(tx: Pick<Database['db'], 'execute'>): Promise<string | null> {
    const changed = await tx.execute<{ carrier_uuid: string; month: string; code: string | null }>(sql`
      update production_facts set written_premium = written_premium + 1000
      where id = (
        select f.id from production_facts f join carriers c on c.uuid = f.carrier_uuid
        where f.agency_uuid = ${agencyUuid}::uuid and f.written_premium is not null
          and f.month between ${firstDayOfMonth(yearStart)}::date and ${firstDayOfMonth(latest)}::date
          and (c.is_mga or c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)
        order by f.id limit 1)
      returning carrier_uuid, month::text as month, agency_code_uuid as code`);
    const [fact] = changed.rows;
    await refreshAgencyFacts(tx, agencyUuid, [{ carrierUuid: fact!.carrier_uuid, month: fact!.month }]);
    return fact!.code;
  }

  it("match a full rebuild after several agencies' facts change at once, refreshed together", async () => {
    const db = database.db;
    const before = await rollupContents();
    await db.transaction(async (tx) => {
      // One feed fact of each agency, in different carriers and months where the data allows.
      const picked = await tx.execute<{
        id: number;
        agency_uuid: string;
        carrier_uuid: string;
        month: string;
      }>(sql`
        select distinct on (agency_uuid) id, agency_uuid, carrier_uuid, month::text as month from production_facts
        where network_uuid = ${networkUuid}::uuid and source = 'feed' order by agency_uuid, month desc, id`);
      expect(picked.rows.length).toBeGreaterThan(1);
      for (const fact of picked.rows) {
        await tx.execute(sql`
          update production_facts set written_premium = coalesce(written_premium, 0) + 98.76, incurred = null
          where agency_uuid = ${fact.agency_uuid}::uuid and id = ${fact.id}`);
      }
      await refreshAgenciesFacts(
        tx,
        networkUuid,
        picked.rows.map((f) => f.agency_uuid),
        picked.rows.map((f) => ({ carrierUuid: f.carrier_uuid, month: f.month })),
      );
    });
    const refreshed = await rollupContents();
    await rebuildNetwork(db, networkUuid);
    expect(refreshed).toEqual(await rollupContents());
    expect(refreshed).not.toEqual(before);
  });

  it('by agency are computed by the first view, kept, and brought up to date when facts change', async () => {
    clearAnswerCache();
    const built = await report(yearStart, latest);
    const pl = await productionByAgency(
      database.db,
      network(),
      { ...query(yearStart, latest), broadLineOfBusinessStandardTypeCode: 'PL' },
      today,
      null,
    );
    expect(pl.agencies.length).toBeGreaterThan(0);
    expect(await report(yearStart, latest)).toEqual(built);

    // A changed fact, and a month the agency no longer reported.
    await database.db.transaction(async (tx) => {
      await changeAFact(tx);
      const dropped = await tx.execute<{ carrier_uuid: string; month: string }>(sql`
        delete from carrier_reported_months
        where (agency_uuid, carrier_uuid, month) = (
          select agency_uuid, carrier_uuid, month from carrier_reported_months
          where agency_uuid = ${agencyUuid}::uuid and month = ${firstDayOfMonth(yearStart)}::date
          order by carrier_uuid limit 1)
        returning carrier_uuid, month::text as month`);
      await refreshAgencyFacts(tx, agencyUuid, [
        { carrierUuid: dropped.rows[0]!.carrier_uuid, month: dropped.rows[0]!.month },
      ]);
    });
    const after = await report(yearStart, latest);
    expect(premiumCents(after) - premiumCents(built)).toBe(100_000);
    const flagsOf = (answer: ByAgencyResponse) => answer.agencies.find((a) => a.agencyUuid === agencyUuid)!;
    expect(flagsOf(after).haveMissingCurrentData).toBe(true);
    // What was brought up to date equals what a first view computes, for every agency.
    clearAnswerCache();
    expect(await report(yearStart, latest)).toEqual(after);

    await rebuildNetwork(database.db, networkUuid);
    expect(await report(yearStart, latest)).toEqual(after);
  });

  it('of the planning tool (by agency code, the network summary) are kept and follow changed facts', async () => {
    clearAnswerCache();
    const db = database.db;
    const codeQuery = agencyCodeQuerySchema.parse({
      startDate: firstDayOfMonth(yearStart),
      endDate: lastDayOfMonth(latest),
    });
    const codes = () => productionByAgencyCode(db, network(), codeQuery, today, null);
    // The summary is kept in the process under the network's data version, which a write moves.
    const summary = (level: Level = network()) =>
      networkSummary(db, level, query(yearStart, latest), today, null);
    const agencyLevel: Level = { kind: 'agency', agencyUuid, networkUuid };
    const codePremium = (answer: ByAgencyCodeResponse, code: string) =>
      Math.round(
        answer.agencyCodes.find((c) => c.agencyCodeUuid === code)!.lines['P&C']!.writtenPremium! * 100,
      );
    const totalPremium = (answer: ByAgencyCodeResponse) => Math.round(answer.totals.writtenPremium! * 100);
    const summaryPremium = (answer: NetworkSummaryResponse) =>
      Math.round(answer.networkSummary['P&C']!.writtenPremium! * 100);

    const builtCodes = await codes();
    const builtSummary = await summary();
    expect(builtCodes.agencyCodes.length).toBeGreaterThan(0);
    // Kept in the process: the warm-up computes every preset but this one (YTD).
    expect(await keepCodesAhead(db, networkUuid, today)).toBe(presets(today).length - 1);
    expect(await keepCodesAhead(db, networkUuid, today)).toBe(0);
    expect(await codes()).toEqual(builtCodes);
    expect(await summary()).toEqual(builtSummary);
    expect((await summary(agencyLevel)).networkSummary).toEqual(builtSummary.networkSummary);

    const changedCode = (await db.transaction((tx) => changeAFact(tx)))!;
    // The codes stay kept (the agency's codes computed again); the summaries are computed again.
    const afterCodes = await codes();
    const afterSummary = await summary();
    expect(codePremium(afterCodes, changedCode) - codePremium(builtCodes, changedCode)).toBe(100_000);
    // The 'Totals:' row follows too.
    expect(totalPremium(afterCodes) - totalPremium(builtCodes)).toBe(100_000);
    expect(summaryPremium(afterSummary) - summaryPremium(builtSummary)).toBe(100_000);
    // What was brought up to date equals what a first view computes.
    clearAnswerCache();
    expect(await codes()).toEqual(afterCodes);
    expect(await summary()).toEqual(afterSummary);

    await rebuildNetwork(db, networkUuid);
    expect(await codes()).toEqual(afterCodes);
  });

  it('by agency are computed ahead for every preset and line, as Carrier Production asks them', async () => {
    clearAnswerCache();
    const requests = presetRequests(networkUuid, today);
    expect(requests).toHaveLength(presets(today).length * BROAD_LINE_CODES.length);
    // Users open every preset of every line first: the warm-up then finds each one kept.
    const answers = async () => {
      const all = [];
      for (const tf of presets(today)) {
        for (const line of BROAD_LINE_CODES) {
          const q = { ...query(tf.startMonth, tf.endMonth), broadLineOfBusinessStandardTypeCode: line };
          all.push(await productionByAgency(database.db, network(), q, today, null));
        }
      }
      return all;
    };
    const opened = await answers();
    expect(opened.some((answer) => answer.agencies.length > 0)).toBe(true);
    expect(await keepByAgencyAhead(database.db, networkUuid, today)).toBe(0);
    // Computed ahead in a process that kept none, they answer as their first views did.
    clearAnswerCache();
    expect(await keepByAgencyAhead(database.db, networkUuid, today)).toBe(requests.length);
    expect(await keepByAgencyAhead(database.db, networkUuid, today)).toBe(0);
    expect(await answers()).toEqual(opened);
  });

  it('by agency are not shared with a report that collaboration mode limits to some carriers', async () => {
    clearAnswerCache();
    const shared = await database.db.execute<{ carrier_uuid: string }>(sql`
      select carrier_uuid from production_facts where agency_uuid = ${agencyUuid}::uuid
      group by carrier_uuid order by carrier_uuid limit 1`);
    const mode = { carriersUuid: [shared.rows[0]!.carrier_uuid], shareType: 'all' as const };
    const limited = (level: Level) =>
      productionByAgency(database.db, level, query(yearStart, latest), today, mode);
    const linesOf = (answer: ByAgencyResponse) =>
      answer.agencies.find((a) => a.agencyUuid === agencyUuid)!.lines;
    // One agency's report always reads its facts: the figures of the shared carrier alone.
    const expected = linesOf(await limited({ kind: 'agency', agencyUuid, networkUuid }));
    expect(linesOf(await limited(network()))).toEqual(expected);
    const everyCarrier = await report(yearStart, latest);
    expect(linesOf(everyCarrier)).not.toEqual(expected);
    expect(linesOf(await limited(network()))).toEqual(expected);
  });

  it('by agency are never kept from figures that a change being saved at the same time outdates', async () => {
    clearAnswerCache();
    const before = await report(addMonths(latest, -23), latest);
    clearAnswerCache();
    let saved!: () => void;
    let commit!: () => void;
    const savedYet = new Promise<void>((resolve) => (saved = resolve));
    const commitNow = new Promise<void>((resolve) => (commit = resolve));
    const saving = database.db.transaction(async (tx) => {
      await changeAFact(tx);
      saved();
      await commitNow;
    });
    await savedYet;
    // On PostgreSQL this report runs on another connection while the change is not committed yet: it
    // may answer the figures from before the change, but never keep them past its commit.
    const during = report(addMonths(latest, -23), latest);
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await saving;
    const answered = await during;
    const keptAnswer = await report(addMonths(latest, -23), latest);
    clearAnswerCache();
    const fresh = await report(addMonths(latest, -23), latest);
    expect(premiumCents(fresh) - premiumCents(before)).toBe(100_000);
    expect(keptAnswer).toEqual(fresh);
    expect([before, fresh]).toContainEqual(answered);
  });
});

describe("a save's refresh of the answers a network keeps (decisions 092, 095)", () => {
  const latest = latestReportingMonth(today);
  const lastYear = String(Number(latest.slice(0, 4)) - 1);

  it('leaves every kept answer as a fresh computation of it, manual months after gaps included', async () => {
    const db = database.db;
    // Typed-in production, some of it after a gap whose sums start before a rolling period.
    await db.execute(sql`update production_facts set source = 'manual' where id % 8 = 3`);
    await db.execute(sql`update production_facts set gap_months = least(extract(month from month)::int - 1, 1 + id % 2)
      where id % 16 = 11`);
    await rebuildNetwork(db, networkUuid);
    expect((await db.execute<{ spans: boolean }>(selectHasSpans(networkUuid))).rows[0]!.spans).toBe(true);

    // By agency: every preset of every line, another composite, and a whole past year in two lines;
    // the planning tool's codes of every preset, a broad line's and a month's.
    clearAnswerCache();
    const codes = presetRequests(networkUuid, today, 'agencyCode');
    const presetsAndMore = [
      ...presetRequests(networkUuid, today),
      { ...presetRequests(networkUuid, today)[0]!, kinds: compositeKinds('carriers') },
      ...(['P&C', 'CL'] as const).map((line) => ({
        ...presetRequests(networkUuid, today)[0]!,
        line,
        period: periodOf(`${lastYear}-01` as YearMonth, `${lastYear}-12` as YearMonth, [], today),
      })),
      ...codes,
      { ...codes[0]!, line: 'PL' as const },
      { ...codes[0]!, period: periodOf(latest, latest, [], today) },
    ];
    const before = await byAgencyAnswers(db, presetsAndMore);

    // Saves of two agencies: a changed figure in each month of a year, one of them after a gap, and a
    // month no longer reported.
    const agencies = await db.execute<{ uuid: string }>(
      sql`select uuid from agencies where network_uuid = ${networkUuid}::uuid order by name limit 2`,
    );
    for (const { uuid } of agencies.rows) {
      await db.transaction(async (tx) => {
        const changed = await tx.execute<{ carrier_uuid: string; month: string }>(sql`
          update production_facts set written_premium = coalesce(written_premium, 0) + 1000 + gap_months,
            earned = case when id % 3 = 0 then null else earned end
          where id in (select distinct on (month) id from production_facts
            where agency_uuid = ${uuid}::uuid and month > ${firstDayOfMonth(addMonths(latest, -24))}::date
            order by month, gap_months desc, id)
          returning carrier_uuid, month::text as month`);
        expect(changed.rows.length).toBeGreaterThan(12);
        const dropped = await tx.execute<{ carrier_uuid: string; month: string }>(sql`
          delete from carrier_reported_months
          where (agency_uuid, carrier_uuid, month) = (
            select agency_uuid, carrier_uuid, month from carrier_reported_months
            where agency_uuid = ${uuid}::uuid and month = ${firstDayOfMonth(addMonths(latest, -14))}::date
            order by carrier_uuid limit 1)
          returning carrier_uuid, month::text as month`);
        await refreshAgencyFacts(
          tx,
          uuid,
          [...changed.rows, ...dropped.rows].map((r) => ({ carrierUuid: r.carrier_uuid, month: r.month })),
        );
      });
    }
    // Brought up to date agency by agency.
    const refreshed = await byAgencyAnswers(db, presetsAndMore);
    expect(refreshed).not.toEqual(before);
    // The codes' answers too (the last ones).
    const ofCodes = (answers: string[]) => answers.slice(-codes.length - 2);
    expect(ofCodes(refreshed)).not.toEqual(ofCodes(before));

    // The same answers computed again from nothing.
    clearAnswerCache();
    expect(await byAgencyAnswers(db, presetsAndMore)).toEqual(refreshed);
  });
});

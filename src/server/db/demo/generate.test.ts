import { createHash } from 'node:crypto';
import { LAPSED_USERS } from './subscription-demo.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';
import { addMonths, latestReportingMonth } from '#shared/domain/reporting-month.ts';
import { createRng, hashSeed } from './random.ts';
import { listCarrierEntries } from '#server/services/manual-entry/manual-entry-service.ts';
import { DEMO_MANUAL_CARRIERS, DEMO_MANUAL_MONTHS } from './manual-demo.ts';
import { DEMO_UPLOAD_FILE } from './upload-demo.ts';
import { DEMO_PASSWORD, DEMO_USERS, formatCents, seedDemoData, type DemoSummary } from './generate.ts';

const today = { year: 2026, month: 11, day: 22 };
const passwordHash = async (password: string) => `hash:${password}`;

async function rows<T extends Record<string, unknown>>(database: Database, query: ReturnType<typeof sql>) {
  return (await database.db.execute<T>(query)).rows;
}

async function one<T extends Record<string, unknown>>(database: Database, query: ReturnType<typeof sql>) {
  const [row] = await rows<T>(database, query);
  if (!row) throw new Error('no row');
  return row;
}

/**
 * The digest of `fingerprint` for the default seed and `today`, as every run computes it: a run that
 * gives other rows (a generator that depends on something besides its seed and day) fails. A change
 * to the generator's output changes it on purpose: run this file and take the new digest from the
 * failure.
 */
const RECORDED_DIGEST = '068ead03af2acec6dc1148c14a9e64d7176022a2ed9b054268adec3857c4e945';

/** Everything that must not change between two runs with the same seed and day. */
async function fingerprint(database: Database) {
  return {
    production: await one(
      database,
      sql`select count(*)::int as n, sum(written_premium)::text as written, sum(incurred)::text as incurred,
            md5(string_agg(concat_ws('|', agency_uuid, carrier_uuid, line_uuid, agency_code_uuid, month,
              written_premium, new_written_premium, earned, incurred), ','
              order by agency_uuid, carrier_uuid, line_uuid, month)) as digest
          from production_facts`,
    ),
    commission: await one(
      database,
      sql`select count(*)::int as n, md5(string_agg(concat_ws('|', agency_uuid, carrier_uuid, line_uuid, month,
              written_premium, base_commission, additional_commission), ','
              order by agency_uuid, carrier_uuid, line_uuid, month)) as digest
          from commission_facts`,
    ),
    carriers: await rows(database, sql`select uuid, name from carriers order by name`),
    lines: await rows(database, sql`select uuid, code, parent_uuid from lines_of_business order by code`),
    agencies: await rows(database, sql`select uuid, name from agencies order by uuid`),
    users: await rows(database, sql`select id, email, agency_uuid from users order by email`),
    // The same upload on every run: same file, same rows (the facts above hold what it loaded).
    uploads: await rows(database, sql`select file_hash, rows_loaded from imports order by file_hash`),
  };
}

describe('random', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng(hashSeed(7, 'x'));
    const b = createRng(hashSeed(7, 'x'));
    const draw = (r: ReturnType<typeof createRng>) => [
      r.next(),
      r.int(1, 6),
      r.uuid(),
      r.shuffle([1, 2, 3, 4]),
    ];
    expect(draw(a)).toEqual(draw(b));
    expect(createRng(1).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('gives different UUIDs from streams that overlap', () => {
    // mulberry32 advances its state by a constant, so this second stream starts where the first
    // one's second UUID does: the same draws, which must still not make the same UUID.
    const seed = 12345;
    const later = (seed + 4 * 0x6d2b79f5) >>> 0;
    const draws = createRng(seed);
    draws.uuid();
    expect(draws.next()).toBe(createRng(later).next());

    const first = createRng(seed);
    first.uuid();
    expect(first.uuid()).not.toBe(createRng(later).uuid());
  });

  it('formats integer cents as exact decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1234.56');
    expect(formatCents(-1050)).toBe('-10.50');
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('seedDemoData', () => {
  let first: Database;
  let summary: DemoSummary;

  beforeAll(async () => {
    first = await createTestDatabase();
    summary = await seedDemoData(first.db, { today, passwordHash });
  }, 240_000);

  afterAll(async () => {
    await first?.close();
  });

  it('is deterministic: the same seed and day give the rows every run gives', async () => {
    const digest = createHash('sha256')
      .update(JSON.stringify(await fingerprint(first)))
      .digest('hex');
    expect(digest).toBe(RECORDED_DIGEST);
  });

  it('builds two networks, about 60 agencies and about 45 carriers', async () => {
    const counts = await one<{ networks: number; agencies: number; carriers: number }>(
      first,
      sql`select (select count(*)::int from networks) as networks, (select count(*)::int from agencies) as agencies,
                 (select count(*)::int from carriers) as carriers`,
    );
    expect(counts.networks).toBe(2);
    expect(counts.agencies).toBeGreaterThanOrEqual(55);
    expect(counts.agencies).toBeLessThanOrEqual(65);
    expect(counts.carriers).toBeGreaterThanOrEqual(40);
    expect(counts.carriers).toBeLessThanOrEqual(50);
    expect(summary).toMatchObject({
      networks: 2,
      agencies: counts.agencies,
      carriers: counts.carriers,
      users: 9,
    });
    const facts = await one<{ production: number; commission: number }>(
      first,
      sql`select (select count(*)::int from production_facts) as production,
                 (select count(*)::int from commission_facts) as commission`,
    );
    expect(summary.productionFacts).toBe(facts.production);
    expect(summary.commissionFacts).toBe(facts.commission);
  });

  it('gives every agency 12 to 55 carriers, each with one agency code', async () => {
    const perAgency = await one<{ min: number; max: number; agencies: number }>(
      first,
      sql`select min(n)::int as min, max(n)::int as max, count(*)::int as agencies
          from (select agency_uuid, count(distinct carrier_uuid) as n from production_facts group by agency_uuid) x`,
    );
    expect(perAgency.agencies).toBe(summary.agencies);
    expect(perAgency.min).toBeGreaterThanOrEqual(12);
    expect(perAgency.max).toBeLessThanOrEqual(55);
    const codes = await one<{ missing: number }>(
      first,
      sql`select count(*)::int as missing from (select distinct agency_uuid, carrier_uuid, agency_code_uuid
            from production_facts) f
          left join agency_codes c on c.uuid = f.agency_code_uuid and c.agency_uuid = f.agency_uuid
            and c.carrier_uuid = f.carrier_uuid
          where c.uuid is null`,
    );
    expect(codes.missing).toBe(0);
  });

  it('covers five years ending at the latest reporting month', async () => {
    const span = await one<{ first: string; last: string }>(
      first,
      sql`select to_char(min(month), 'YYYY-MM') as first, to_char(max(month), 'YYYY-MM') as last from production_facts`,
    );
    const latest = latestReportingMonth(today);
    expect(span.last).toBe(latest);
    expect(span.first).toBe(addMonths(latest, -59));
  });

  it('keeps base commission between 10% and 18% of written premium for every agency', async () => {
    const ratio = await one<{ min: string; max: string }>(
      first,
      sql`select min(r)::text as min, max(r)::text as max from (
            select sum(base_commission) / nullif(sum(written_premium), 0) as r from commission_facts group by agency_uuid) x`,
    );
    expect(Number(ratio.min)).toBeGreaterThanOrEqual(0.1);
    expect(Number(ratio.max)).toBeLessThanOrEqual(0.18);
    const contingency = await one<{ n: number }>(
      first,
      sql`select count(*)::int as n from commission_facts where additional_commission > 0`,
    );
    expect(contingency.n).toBeGreaterThan(0);
  });

  it('maps commission to standard types and, for some carriers, to broad lines only', async () => {
    const levels = await rows<{ level: number }>(
      first,
      sql`select distinct l.level from commission_facts c join lines_of_business l on l.uuid = c.line_uuid order by 1`,
    );
    expect(levels.map((l) => l.level)).toEqual([1, 2]);
  });

  it('has blanks distinct from zeros, missing months, and bad loss ratios', async () => {
    const values = await one<{ nullEarned: number; zeros: number }>(
      first,
      sql`select count(*) filter (where earned is null)::int as "nullEarned",
                 count(*) filter (where written_premium = 0 or new_written_premium = 0 or incurred = 0)::int as zeros
          from production_facts`,
    );
    expect(values.nullEarned).toBeGreaterThan(0);
    expect(values.zeros).toBeGreaterThan(0);

    const latest = `${latestReportingMonth(today)}-01`;
    const gaps = await one<{ gapped: number; late: number }>(
      first,
      sql`select count(*) filter (where n < months_spanned)::int as gapped,
                 count(*) filter (where last_month < ${latest}::date)::int as late
          from (select agency_uuid, carrier_uuid, count(*) as n, max(month) as last_month,
                  (extract(year from age(max(month), min(month))) * 12 + extract(month from age(max(month), min(month))) + 1) as months_spanned
                from carrier_reported_months group by agency_uuid, carrier_uuid) x`,
    );
    expect(gaps.gapped).toBeGreaterThan(0);
    expect(gaps.late).toBeGreaterThan(0);

    const orphans = await one<{ n: number }>(
      first,
      sql`select count(*)::int as n from production_facts f
          left join carrier_reported_months r using (agency_uuid, carrier_uuid, month)
          where r.month is null and f.source <> 'manual'`,
    );
    expect(orphans.n).toBe(0);

    const highLoss = await one<{ n: number }>(
      first,
      sql`select count(*)::int as n from (select sum(incurred) / nullif(sum(earned), 0) as lr
            from production_facts group by agency_uuid, carrier_uuid) x where lr > 1`,
    );
    expect(highLoss.n).toBeGreaterThan(0);
  });

  it('keeps referential integrity (foreign keys are not checked during the bulk load)', async () => {
    const broken = await one<{ n: number }>(
      first,
      sql`select
            (select count(*) from production_facts f where not exists (select 1 from agencies a where a.uuid = f.agency_uuid and a.network_uuid = f.network_uuid))
          + (select count(*) from production_facts f where not exists (select 1 from carriers c where c.uuid = f.carrier_uuid))
          + (select count(*) from production_facts f where not exists (select 1 from lines_of_business l where l.uuid = f.line_uuid and (l.level = 2 or f.source = 'manual' and l.level = 1)))
          + (select count(*) from commission_facts f where not exists (select 1 from agencies a where a.uuid = f.agency_uuid and a.network_uuid = f.network_uuid))
          + (select count(*) from commission_facts f where not exists (select 1 from carriers c where c.uuid = f.carrier_uuid))
          + (select count(*) from commission_facts f where not exists (select 1 from lines_of_business l where l.uuid = f.line_uuid))
          + (select count(*) from carrier_reported_months r where not exists (select 1 from agencies a where a.uuid = r.agency_uuid and a.network_uuid = r.network_uuid))
          + (select count(*) from agency_codes c where not exists (select 1 from carriers k where k.uuid = c.carrier_uuid))
          + (select count(*) from subscribers s where not exists (select 1 from agencies a where a.uuid = s.agency_uuid))
          + (select count(*) from subscriptions s where not exists (select 1 from subscribers b where b.uuid = s.subscriber_uuid and b.agency_uuid = s.agency_uuid))
          + (select count(*) from agencies a where (select count(*) from subscribers s where s.agency_uuid = a.uuid) <> 1)
          + (select count(*) from lines_of_business l where l.level > 0 and not exists (select 1 from lines_of_business p where p.uuid = l.parent_uuid and p.level = l.level - 1))
          as n`,
    );
    expect(Number(broken.n)).toBe(0);
  });

  it('offers the subscription products, and a lapsed agency whose primary user can subscribe again', async () => {
    const prices = await rows<{ product: string; amount: string; interval: string }>(
      first,
      sql`select p.name as product, pr.amount::text as amount, pr.interval
          from subscription_products p join subscription_prices pr on pr.product_uuid = p.uuid
          order by p.sort_order, pr.amount`,
    );
    expect(prices).toEqual([
      { product: 'Understanding Essentials', amount: '149.00', interval: 'month' },
      { product: 'Understanding Pro', amount: '299.00', interval: 'month' },
      { product: 'Understanding Pro', amount: '2990.00', interval: 'year' },
    ]);
    const lapsed = await one<{ email: string; bypass: boolean; status: string; agencies: number }>(
      first,
      sql`select u.email, s.bypass_external_subscriber as bypass, sub.status,
                 (select count(*)::int from users x where x.agency_uuid = u.agency_uuid) as agencies
          from subscribers s join users u on u.id = s.primary_user_uuid
          join subscriptions sub on sub.agency_uuid = s.agency_uuid
          where u.email = ${LAPSED_USERS[0].email}`,
    );
    expect(lapsed).toEqual({ email: LAPSED_USERS[0].email, bypass: false, status: 'Canceled', agencies: 2 });
  });

  it('creates the demo users with credential accounts, the owner as primary user', async () => {
    const users = await rows<{
      email: string;
      user_type: string;
      is_owner: boolean;
      is_administrator: boolean;
      agency_uuid: string | null;
      network_uuid: string | null;
      password: string;
      provider_id: string;
      account_id: string;
      id: string;
    }>(
      first,
      sql`select u.id, u.email, u.user_type, u.is_owner, u.is_administrator, u.agency_uuid, u.network_uuid,
                 a.password, a.provider_id, a.account_id
          from users u join accounts a on a.user_id = u.id order by u.email`,
    );
    expect(users.map((u) => u.email).sort()).toEqual(
      [...DEMO_USERS, ...LAPSED_USERS].map((u) => u.email).sort(),
    );
    for (const u of users) {
      expect(u.provider_id).toBe('credential');
      expect(u.account_id).toBe(u.id);
      expect(u.password).toBe(`hash:${DEMO_PASSWORD}`);
    }
    const owner = users.find((u) => u.email === 'owner@understanding.test')!;
    expect(owner.is_owner).toBe(true);
    expect(users.find((u) => u.email === 'staff@understanding.test')).toMatchObject({
      user_type: 'internal',
      agency_uuid: null,
      network_uuid: null,
    });
    expect(users.find((u) => u.email === 'network@understanding.test')).toMatchObject({
      user_type: 'network',
      agency_uuid: null,
      network_uuid: owner.network_uuid,
    });
    for (const email of ['admin@understanding.test', 'user@understanding.test']) {
      expect(users.find((u) => u.email === email)?.agency_uuid).toBe(owner.agency_uuid);
    }
    const subscriber = await one<{
      primary_user_uuid: string;
      bypass: boolean;
      status: string;
      name: string;
    }>(
      first,
      sql`select s.primary_user_uuid, s.bypass_external_subscriber as bypass, sub.status, a.name
          from subscribers s join subscriptions sub on sub.subscriber_uuid = s.uuid join agencies a on a.uuid = s.agency_uuid
          where s.agency_uuid = ${owner.agency_uuid}`,
    );
    expect(subscriber).toMatchObject({
      primary_user_uuid: owner.id,
      bypass: true,
      status: 'Active',
      name: 'Prairie Oak Insurance Agency',
    });
    const network = await one<{ name: string }>(
      first,
      sql`select n.name from networks n where n.uuid = ${owner.network_uuid}`,
    );
    expect(network.name).toBe('Heartland Agency Alliance');
  });

  it("gives the demo owner's agency a growth plan for last year and this year, with real priors", async () => {
    const working = Number(latestReportingMonth(today).slice(0, 4));
    const plans = await first.db.execute<{ year: number; name: string; rows: number; matches: number }>(sql`
      select p.year, p.name, count(r.*)::int as rows,
        count(*) filter (where r.prior_written_premium = (
          select sum(f.written_premium) from production_facts f
          join lines_of_business t on t.uuid = f.line_uuid
          join lines_of_business b on b.uuid = case when t.level = 1 then t.uuid else t.parent_uuid end
          where f.agency_uuid = r.agency_uuid and f.carrier_uuid = r.carrier_uuid and b.code = r.line_code
            and extract(year from f.month) = p.year - 1))::int as matches
      from growth_plans p join growth_plan_rows r on r.plan_uuid = p.uuid
      join users u on u.agency_uuid = p.agency_uuid and u.email = 'owner@understanding.test'
      group by p.year, p.name order by p.year`);
    expect(plans.rows.map((p) => [p.year, p.name])).toEqual([
      [working - 1, `${working - 1} Growth Plan`],
      [working, `${working} Growth Plan`],
    ]);
    for (const plan of plans.rows) {
      expect(plan.rows).toBeGreaterThan(5);
      expect(plan.matches).toBe(plan.rows);
    }
  });

  it("gives the demo owner's agency and its network profit-sharing agreements of the three shapes", async () => {
    const working = Number(latestReportingMonth(today).slice(0, 4));
    const agreements = await first.db.execute<{ holder: string; axis: string; year: number }>(sql`
      select case when a.agency_uuid is null then 'network'
          when a.agency_uuid = (select agency_uuid from users where email = 'owner@understanding.test') then 'owner'
          else 'member' end as holder,
        a.terms -> 'grid' ->> 'axis' as axis, a.year
      from profit_share_agreements a order by 1, 2`);
    expect(agreements.rows.every((a) => Number(a.year) === working)).toBe(true);
    expect(agreements.rows.filter((a) => a.holder === 'owner').map((a) => a.axis)).toEqual([
      'growth',
      'policiesInForce',
      'premium',
    ]);
    expect(agreements.rows.filter((a) => a.holder === 'network')).toHaveLength(1);
    expect(agreements.rows.filter((a) => a.holder === 'member')).toHaveLength(5);
  });

  it("gives the demo owner's agency manual entries for carriers that send no data, counted in production", async () => {
    const owner = await one<{ agency_uuid: string; network_uuid: string }>(
      first,
      sql`select agency_uuid, network_uuid from users where email = 'owner@understanding.test'`,
    );
    const level = { kind: 'agency' as const, agencyUuid: owner.agency_uuid, networkUuid: owner.network_uuid };
    const list = await listCarrierEntries(first.db, level, undefined, today);
    expect(list.carriers).toHaveLength(DEMO_MANUAL_CARRIERS);
    // Carriers 1 and 2 have two lines, carrier 3 one; each line a snapshot for each of the latest months.
    expect(list.entries).toHaveLength(5 * DEMO_MANUAL_MONTHS);
    expect(new Set(list.entries.map((e) => e.policyTypeCode))).toEqual(new Set(['PL', 'CL', 'BOND']));
    // No feed facts for these carriers: their facts are the manual ones, adding up to the latest snapshots.
    const totals = await rows<{ carrier_uuid: string; feed: number; manual: string }>(
      first,
      sql`select carrier_uuid, count(*) filter (where source <> 'manual')::int as feed,
            sum(written_premium) filter (where source = 'manual')::text as manual
          from production_facts where agency_uuid = ${owner.agency_uuid}::uuid
            and carrier_uuid in (select carrier_uuid from manual_entries where agency_uuid = ${owner.agency_uuid}::uuid)
          group by carrier_uuid`,
    );
    expect(totals).toHaveLength(DEMO_MANUAL_CARRIERS);
    for (const total of totals) {
      expect(total.feed).toBe(0);
      const carrier = list.carriers.find((c) => c.companyUuid === total.carrier_uuid)!;
      expect(Number(total.manual)).toBe(carrier.writtenPremiumYtd);
    }
    // The read model counts them: the network's manual rollup holds the same written premium.
    const rollup = await one<{ facts: string; rollup: string }>(
      first,
      sql`select (select sum(written_premium) from production_facts
              where network_uuid = ${owner.network_uuid}::uuid and source = 'manual')::text as facts,
            (select sum(written_premium) from production_carrier_months
              where network_uuid = ${owner.network_uuid}::uuid and source = 'manual')::text as rollup`,
    );
    expect(Number(rollup.facts)).toBeGreaterThan(0);
    expect(rollup.rollup).toBe(rollup.facts);
  });

  it("gives the demo owner's agency one past upload, loaded through the upload steps", async () => {
    const owner = await one<{ id: string; agency_uuid: string; network_uuid: string }>(
      first,
      sql`select id, agency_uuid, network_uuid from users where email = 'owner@understanding.test'`,
    );
    const uploads = await rows<{
      uuid: string;
      agency_uuid: string;
      status: string;
      file_name: string;
      committed_by: string;
      rows_loaded: number;
      error_count: number;
    }>(
      first,
      sql`select uuid, agency_uuid, status, file_name, committed_by, rows_loaded, error_count from imports`,
    );
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload).toMatchObject({
      agency_uuid: owner.agency_uuid,
      status: 'committed',
      file_name: DEMO_UPLOAD_FILE,
      committed_by: owner.id,
      error_count: 0,
    });
    expect(upload!.rows_loaded).toBeGreaterThan(1);
    // The upload owns the cells it loaded, with an audit row, as a commit through the page leaves them.
    const owned = await one<{ cells: number; audit: number }>(
      first,
      sql`select (select count(*)::int from import_scopes where import_uuid = ${upload!.uuid}::uuid) as cells,
            (select count(*)::int from audit_log where entity = 'import' and entity_id = ${upload!.uuid}) as audit`,
    );
    expect(owned.cells).toBe(upload!.rows_loaded);
    expect(owned.audit).toBe(1);
  });

  it('adds one large network that reuses the existing carriers and lines', async () => {
    const before = await one<{ carriers: number; lines: number }>(
      first,
      sql`select (select count(*)::int from carriers) as carriers, (select count(*)::int from lines_of_business) as lines`,
    );
    const large = await seedDemoData(first.db, { today, passwordHash, agencies: 20 });
    expect(large).toMatchObject({ networks: 1, agencies: 20, users: 0 });
    const after = await one<{ carriers: number; lines: number; networks: number }>(
      first,
      sql`select (select count(*)::int from carriers) as carriers, (select count(*)::int from lines_of_business) as lines,
                 (select count(*)::int from networks) as networks`,
    );
    expect(after).toEqual({ ...before, networks: 3 });
    const network = await one<{ agencies: number; facts: number; min: number; max: number }>(
      first,
      sql`select count(distinct a.uuid)::int as agencies,
                 (select count(*)::int from production_facts f where f.network_uuid = n.uuid) as facts,
                 (select min(c)::int from (select count(distinct carrier_uuid) as c from production_facts f
                    where f.network_uuid = n.uuid group by agency_uuid) x) as min,
                 (select max(c)::int from (select count(distinct carrier_uuid) as c from production_facts f
                    where f.network_uuid = n.uuid group by agency_uuid) x) as max
          from networks n join agencies a on a.network_uuid = n.uuid
          where n.name = 'Benchmark Network 20' group by n.uuid`,
    );
    expect(network.agencies).toBe(20);
    expect(network.facts).toBe(large.productionFacts);
    expect(network.min).toBeGreaterThanOrEqual(20);
    expect(network.max).toBeLessThanOrEqual(40);
    await expect(seedDemoData(first.db, { today, passwordHash, agencies: 20 })).rejects.toThrow(
      /already exists/,
    );
  });
});

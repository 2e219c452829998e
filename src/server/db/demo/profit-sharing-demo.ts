import { sql } from 'drizzle-orm';
import type { AgreementLines, AgreementTermsDto } from '#shared/contracts/profit-sharing.ts';
import { allocateCheck, type ProfitShareMeasure } from '#shared/domain/profit-sharing.ts';
import type { Executor } from '#server/db/client.ts';
import type { Rng } from './random.ts';

/**
 * The demo's profit-sharing agreements for the working year, in the three shapes carriers use: for the
 * demo owner's agency, a loss-ratio x growth grid on its largest carrier, a policies-in-force grid with a
 * new-business kicker on its second (Personal lines), and a premium-band grid on earned premium on its
 * third (Commercial lines); for the network, a master agreement on its largest carrier, and that
 * carrier's growth grid for each of the network's five largest other agencies, so the network's ranking
 * has rows. Thresholds follow the agency's own figures (a minimum premium of half of last year's), so
 * every card reads sensibly on any demo day. The network's master agreement has a contingent check, a
 * mid-year advance of 1 % of the network's written premium with the carrier so far, received in the
 * latest reporting month and shared among the member agencies by premium (decision 067), so their
 * scorecards show it as additional compensation.
 */

const growthGrid = (minimumPremium: number): AgreementTermsDto => ({
  grid: {
    axis: 'growth',
    lossRatioUnder: [45, 50, 55],
    minimums: [0, 5, 10],
    rates: [
      [2, 2.5, 3],
      [1.5, 2, 2.5],
      [1, 1.5, 2],
    ],
  },
  gates: {
    minimumPremium,
    maximumLossRatio: 55,
    lossRatioYears: 3,
    minimumGrowth: null,
    largeLossCap: 100_000,
  },
  kicker: null,
});

const policiesGrid = (newBusinessThreshold: number): AgreementTermsDto => ({
  grid: {
    axis: 'policiesInForce',
    lossRatioUnder: [null],
    minimums: [580, 607, 662],
    rates: [[2.8, 3.15, 3.45]],
  },
  gates: {
    minimumPremium: null,
    maximumLossRatio: 60,
    lossRatioYears: 3,
    minimumGrowth: null,
    largeLossCap: null,
  },
  kicker: { newBusinessThreshold, rate: 1 },
});

const premiumGrid = (base: number): AgreementTermsDto => ({
  grid: {
    axis: 'premium',
    lossRatioUnder: [50, 60],
    minimums: [base, base * 1.25, base * 1.5].map((v) => Math.round(v / 1000) * 1000),
    rates: [
      [1.5, 2, 2.5],
      [0.75, 1, 1.25],
    ],
  },
  gates: {
    minimumPremium: null,
    maximumLossRatio: null,
    lossRatioYears: 1,
    minimumGrowth: -10,
    largeLossCap: null,
  },
  kicker: null,
});

type Agreement = {
  agencyUuid: string | null;
  carrierUuid: string;
  name: string;
  measure: ProfitShareMeasure;
  lines: AgreementLines;
  terms: AgreementTermsDto;
  policiesInForce: number | null;
};

export async function seedDemoProfitSharing(
  db: Executor,
  ids: {
    agencyUuid: string;
    networkUuid: string;
    ownerId: string;
    networkUserId: string;
    workingYear: number;
    /** The latest reporting month (YYYY-MM), in the working year. */
    latestMonth: string;
  },
  rng: Rng,
): Promise<number> {
  const lastYear = ids.workingYear - 1;
  const carriersOf = async (agencyUuid: string | null, line: string | null) =>
    (
      await db.execute<{ carrier_uuid: string; written: string; new_business: string }>(sql`
        select f.carrier_uuid, sum(f.written_premium)::text as written, sum(f.new_written_premium)::text as new_business
        from production_facts f
        join lines_of_business t on t.uuid = f.line_uuid
        join lines_of_business b on b.uuid = case when t.level = 1 then t.uuid else t.parent_uuid end
        where f.network_uuid = ${ids.networkUuid}::uuid
          and (${agencyUuid}::uuid is null or f.agency_uuid = ${agencyUuid}::uuid)
          and b.code in ('PL', 'CL', 'BOND', 'CROP') and (${line}::text is null or b.code = ${line}::text)
          and f.month between ${`${lastYear}-01-01`}::date and ${`${lastYear}-12-01`}::date
        group by f.carrier_uuid
        having sum(f.written_premium) > 0
        order by sum(f.written_premium) desc, f.carrier_uuid`)
    ).rows;
  const half = (text: string) => Math.round(Number(text) / 2000) * 1000;

  const agreements: Agreement[] = [];
  const [largest, ...others] = await carriersOf(ids.agencyUuid, null);
  if (largest) {
    agreements.push({
      agencyUuid: ids.agencyUuid,
      carrierUuid: largest.carrier_uuid,
      name: 'Growth and profitability bonus',
      measure: 'writtenPremium',
      lines: { broadLines: ['PL', 'CL', 'BOND', 'CROP'], standardTypes: [] },
      terms: growthGrid(half(largest.written)),
      policiesInForce: null,
    });
  }
  const personal = (await carriersOf(ids.agencyUuid, 'PL')).find(
    (c) => c.carrier_uuid !== largest?.carrier_uuid,
  );
  if (personal) {
    agreements.push({
      agencyUuid: ids.agencyUuid,
      carrierUuid: personal.carrier_uuid,
      name: 'Personal lines growth bonus',
      measure: 'writtenPremium',
      lines: { broadLines: ['PL'], standardTypes: [] },
      // The kicker a little above last year's new business: within reach, not yet reached.
      terms: policiesGrid(Math.round((Number(personal.new_business) * 1.15) / 1000) * 1000),
      policiesInForce: 604,
    });
  }
  const commercial = (await carriersOf(ids.agencyUuid, 'CL')).find(
    (c) => c.carrier_uuid !== largest?.carrier_uuid && c.carrier_uuid !== personal?.carrier_uuid,
  );
  if (commercial ?? others[0]) {
    const carrier = (commercial ?? others[0])!;
    agreements.push({
      agencyUuid: ids.agencyUuid,
      carrierUuid: carrier.carrier_uuid,
      name: 'Commercial lines contingency',
      measure: 'earnedPremium',
      lines: { broadLines: commercial ? ['CL'] : ['PL', 'CL', 'BOND', 'CROP'], standardTypes: [] },
      terms: premiumGrid(half(carrier.written) * 2),
      policiesInForce: null,
    });
  }

  const [networkLargest] = await carriersOf(null, null);
  if (networkLargest) {
    agreements.push({
      agencyUuid: null,
      carrierUuid: networkLargest.carrier_uuid,
      name: 'Alliance master agreement',
      measure: 'writtenPremium',
      lines: { broadLines: ['PL', 'CL', 'BOND', 'CROP'], standardTypes: [] },
      terms: growthGrid(half(networkLargest.written)),
      policiesInForce: null,
    });
    const members = (
      await db.execute<{ agency_uuid: string; written: string }>(sql`
        select agency_uuid, sum(written_premium)::text as written from production_facts
        where network_uuid = ${ids.networkUuid}::uuid and carrier_uuid = ${networkLargest.carrier_uuid}::uuid
          and agency_uuid <> ${ids.agencyUuid}::uuid
          and month between ${`${lastYear}-01-01`}::date and ${`${lastYear}-12-01`}::date
        group by agency_uuid having sum(written_premium) > 0
        order by sum(written_premium) desc, agency_uuid limit 5`)
    ).rows;
    for (const member of members) {
      agreements.push({
        agencyUuid: member.agency_uuid,
        carrierUuid: networkLargest.carrier_uuid,
        name: 'Growth and profitability bonus',
        measure: 'writtenPremium',
        lines: { broadLines: ['PL', 'CL', 'BOND', 'CROP'], standardTypes: [] },
        terms: growthGrid(half(member.written)),
        policiesInForce: null,
      });
    }
  }

  let masterUuid: string | null = null;
  for (const a of agreements) {
    const author = a.agencyUuid === null ? ids.networkUserId : ids.ownerId;
    const uuid = rng.uuid();
    if (a.agencyUuid === null) masterUuid = uuid;
    await db.execute(sql`
      insert into profit_share_agreements (network_uuid, uuid, agency_uuid, carrier_uuid, year, name, measure, lines,
        terms, policies_in_force, created_by, updated_by)
      values (${ids.networkUuid}::uuid, ${uuid}::uuid, ${a.agencyUuid}::uuid, ${a.carrierUuid}::uuid, ${ids.workingYear}, ${a.name},
        ${a.measure}, ${JSON.stringify(a.lines)}::json, ${JSON.stringify(a.terms)}::json, ${a.policiesInForce},
        ${author}::uuid, ${author}::uuid)`);
  }
  if (masterUuid && networkLargest) {
    await seedDemoCheck(db, ids, networkLargest.carrier_uuid, masterUuid, rng);
  }
  return agreements.length;
}

/**
 * The network's contingent check under its master agreement, shared among its agencies by their
 * written premium with the carrier in the working year so far (the demo's facts, as the read model
 * counts them), by the domain's `allocateCheck`, on Personal lines (the first line the agreement covers).
 */
async function seedDemoCheck(
  db: Executor,
  ids: { networkUuid: string; networkUserId: string; workingYear: number; latestMonth: string },
  carrierUuid: string,
  agreementUuid: string,
  rng: Rng,
): Promise<void> {
  const start = `${ids.workingYear}-01-01`;
  const end = `${ids.latestMonth}-01`;
  const members = (
    await db.execute<{ uuid: string; cents: string }>(sql`
      select a.uuid, coalesce((sum(f.written_premium) * 100)::bigint, 0)::text as cents
      from agencies a
      left join production_facts f on f.agency_uuid = a.uuid and f.carrier_uuid = ${carrierUuid}::uuid
        and f.month between ${start}::date and ${end}::date
      where a.network_uuid = ${ids.networkUuid}::uuid
      group by a.uuid, a.name order by a.name, a.uuid`)
  ).rows;
  const premium = members.reduce((sum, m) => sum + Number(m.cents), 0);
  // 1 % of the premium so far, in whole dollars.
  const checkCents = Math.round(premium / 10_000) * 100;
  if (checkCents <= 0) return;
  const shares = allocateCheck(
    checkCents,
    'premiumShare',
    members.map((m) => ({
      agencyUuid: m.uuid,
      premiumCents: Number(m.cents),
      earnedCents: 0,
      incurredCents: 0,
    })),
  );
  const text = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const checkUuid = rng.uuid();
  await db.execute(sql`
    insert into profit_share_checks (network_uuid, uuid, agreement_uuid, carrier_uuid, year, amount, received_on, memo,
      version, created_by, updated_by)
    values (${ids.networkUuid}::uuid, ${checkUuid}::uuid, ${agreementUuid}::uuid, ${carrierUuid}::uuid,
      ${ids.workingYear}, ${text(checkCents)}::numeric, ${`${ids.latestMonth}-15`}::date, 'Mid-year contingency advance',
      2, ${ids.networkUserId}::uuid, ${ids.networkUserId}::uuid)`);
  const paid = shares.filter((s) => s.amountCents > 0);
  await db.execute(sql`
    insert into profit_share_check_allocations (network_uuid, check_uuid, agency_uuid, line_uuid, amount, method,
      allocated_by)
    select ${ids.networkUuid}::uuid, ${checkUuid}::uuid, v.agency_uuid::uuid, l.uuid, v.amount::numeric, 'premiumShare',
      ${ids.networkUserId}::uuid
    from (values ${sql.join(
      paid.map((s) => sql`(${s.agencyUuid}, ${text(s.amountCents)})`),
      sql`, `,
    )}) as v(agency_uuid, amount)
    cross join (select uuid from lines_of_business where level = 1 and code = 'PL' order by uuid limit 1) l`);
}

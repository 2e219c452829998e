import { sql } from 'drizzle-orm';
import { latestReportingMonth } from '#shared/domain/reporting-month.ts';
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/policies/actor.ts';
import { saveCarrierEntry } from '#server/services/manual-entry/manual-entry-service.ts';
import { DEMO_USERS } from './catalog.ts';
import type { Rng } from './random.ts';

/** How many carriers without a feed the demo owner's agency enters by hand. */
export const DEMO_MANUAL_CARRIERS = 3;
/** How many of the working year's latest months each of them has a snapshot for. */
export const DEMO_MANUAL_MONTHS = 3;

/** The demo agency owner as the services see a signed-in caller; null before the demo users exist. */
export async function demoOwnerActor(
  db: Db,
): Promise<(Actor & { agencyUuid: string; networkUuid: string }) | null> {
  const email = DEMO_USERS.find((u) => u.role === 'agency owner')!.email;
  const owner = (
    await db.execute<{ id: string; agency_uuid: string; network_uuid: string; is_administrator: boolean }>(
      sql`select id, agency_uuid, network_uuid, is_administrator from users where email = ${email}`,
    )
  ).rows[0];
  if (!owner) return null;
  return {
    userId: owner.id,
    email,
    userType: 'agency',
    agencyUuid: owner.agency_uuid,
    networkUuid: owner.network_uuid,
    isOwner: true,
    isAdministrator: owner.is_administrator,
    sessionId: '',
  };
}

/**
 * The demo owner's manual entries (issue: "no screen a demo account opens is empty on first visit"):
 * a few carriers the agency has no feed facts for, each with one sub-code, one or two lines and a
 * year-to-date snapshot for each of the working year's latest months, saved as the owner through
 * the manual-entry save itself, so the entries, their facts, audit rows and the read model agree.
 * Runs after the read model is built; amounts are exact decimals drawn from the seeded rng.
 */
export async function seedDemoManualEntries(
  db: Db,
  today: { year: number; month: number; day: number },
  rng: Rng,
): Promise<{ entries: number; facts: number }> {
  const actor = await demoOwnerActor(db);
  if (!actor) return { entries: 0, facts: 0 };
  const owner = { agency_uuid: actor.agencyUuid, network_uuid: actor.networkUuid };
  const carriers = (
    await db.execute<{ uuid: string }>(sql`
      select c.uuid from carriers c
      where not exists (
        select 1 from production_facts f where f.agency_uuid = ${owner.agency_uuid}::uuid and f.carrier_uuid = c.uuid)
      order by c.display_name`)
  ).rows;
  const chosen = rng.sample(carriers, Math.min(DEMO_MANUAL_CARRIERS, carriers.length));
  const level = { kind: 'agency' as const, agencyUuid: owner.agency_uuid, networkUuid: owner.network_uuid };
  const [year, lastMonth] = latestReportingMonth(today).split('-').map(Number) as [number, number];
  const months = Array.from(
    { length: DEMO_MANUAL_MONTHS },
    (_, i) => lastMonth - DEMO_MANUAL_MONTHS + 1 + i,
  ).filter((m) => m >= 1);
  // Amounts in whole cents (integers), written as exact decimals.
  const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  let saved = 0;
  for (const [i, carrier] of chosen.entries()) {
    const lines = i === 0 ? (['PL', 'CL'] as const) : i === 1 ? (['CL', 'BOND'] as const) : (['PL'] as const);
    const subCode = `M${String(rng.int(100, 999))}`;
    const codeUuid = rng.uuid();
    // The sub-code a user types in the entry form, made here with a seeded UUID so the demo repeats.
    await db.execute(sql`
      insert into agency_codes (agency_uuid, carrier_uuid, uuid, code, name, origin)
      values (${owner.agency_uuid}::uuid, ${carrier.uuid}::uuid, ${codeUuid}::uuid, ${subCode}, ${subCode}, 'manual')`);
    for (const line of lines) {
      // Year-to-date snapshots: each month adds to the one before.
      let written = 0;
      let newBusiness = 0;
      let earned = 0;
      let incurred = 0;
      for (const month of months) {
        written += rng.int(400_000, 1_800_000);
        newBusiness += rng.int(50_000, 300_000);
        earned += rng.int(350_000, 1_600_000);
        incurred += rng.int(80_000, 900_000);
        await saveCarrierEntry(
          db,
          actor,
          level,
          {
            carrierUuid: carrier.uuid,
            subCodeUuid: codeUuid,
            subcodeParent: null,
            importUuid: null,
            version: null,
            requestId: rng.uuid(),
            subCode,
            policyType: line,
            month,
            year,
            writtenPremium: dollars(written),
            newBusiness: dollars(newBusiness),
            mover: '0',
            incurredLoss: dollars(incurred),
            earnedPremium: dollars(earned),
            lossRatio: '',
            radio: 'incurredLossEarnedPremium',
          },
          today,
        );
        saved++;
      }
    }
  }
  const facts = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from production_facts where agency_uuid = ${owner.agency_uuid}::uuid and source = 'manual'`,
  );
  return { entries: saved, facts: facts.rows[0]!.n };
}

import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Rng } from './random.ts';

/**
 * The demo owner's growth plans (issue: "give the demo owner a plan for last year and this year"):
 * one plan per year for the two years ending with the working year, each carrier and broad line the
 * agency wrote the year before, with that year's written premium (summed in SQL from the facts) as
 * the prior figure and deterministic goals, rates and retentions. This year's plan keeps last
 * year's percentages, as a plan started from last year's does.
 */
export async function seedDemoGrowthPlans(
  db: Executor,
  ids: { agencyUuid: string; networkUuid: string; ownerId: string; workingYear: number },
  rng: Rng,
): Promise<void> {
  const priorOf = async (year: number) =>
    (
      await db.execute<{ carrier_uuid: string; line_code: string; prior: string }>(sql`
        select f.carrier_uuid, b.code as line_code, sum(f.written_premium)::text as prior
        from production_facts f
        join lines_of_business t on t.uuid = f.line_uuid
        join lines_of_business b on b.uuid = case when t.level = 1 then t.uuid else t.parent_uuid end
        where f.agency_uuid = ${ids.agencyUuid}::uuid and b.code in ('PL', 'CL', 'BOND', 'CROP')
          and f.month between ${`${year}-01-01`}::date and ${`${year}-12-01`}::date
        group by f.carrier_uuid, b.code
        having sum(f.written_premium) > 0
        order by f.carrier_uuid, b.code`)
    ).rows;

  const percentages = new Map<string, { growth: string; rate: string; retention: string }>();
  const pick = (min: number, max: number) =>
    (min + rng.int(0, Math.round((max - min) * 100)) / 100).toFixed(2);
  for (const year of [ids.workingYear - 1, ids.workingYear]) {
    const priors = await priorOf(year - 1);
    if (priors.length === 0) continue;
    const planUuid = rng.uuid();
    await db.execute(sql`
      insert into growth_plans (agency_uuid, uuid, network_uuid, name, year, created_by, updated_by)
      values (${ids.agencyUuid}::uuid, ${planUuid}::uuid, ${ids.networkUuid}::uuid, ${`${year} Growth Plan`},
        ${year}, ${ids.ownerId}::uuid, ${ids.ownerId}::uuid)`);
    const values = priors.map((p) => {
      const key = `${p.carrier_uuid}:${p.line_code}`;
      const set = percentages.get(key) ?? { growth: pick(3, 12), rate: pick(-2, 6), retention: pick(78, 93) };
      percentages.set(key, set);
      return sql`(${ids.agencyUuid}::uuid, ${planUuid}::uuid, ${p.carrier_uuid}::uuid, ${p.line_code},
        ${p.prior}::numeric, ${set.growth}::numeric, ${set.rate}::numeric, ${set.retention}::numeric)`;
    });
    await db.execute(sql`
      insert into growth_plan_rows (agency_uuid, plan_uuid, carrier_uuid, line_code, prior_written_premium,
        growth_goal, rate, retention)
      values ${sql.join(values, sql`, `)}`);
  }
}

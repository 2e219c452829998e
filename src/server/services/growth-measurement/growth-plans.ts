import { sql } from 'drizzle-orm';
import type {
  ActivePlanYearsResponse,
  CarrierRollup,
  CreatePlanBody,
  FullPlanResponse,
  Plan,
  PlanLeaf,
  PlanRowInput,
  SavePlanBody,
} from '#shared/contracts/growth-measurement.ts';
import {
  hundredthsOf,
  percentNewToBook,
  planGoals,
  toDollars,
  type PlanLineCode,
} from '#shared/domain/growth-plan.ts';
import { workingYear } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db, Executor } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { isAdminActor, type Actor } from '#server/policies/actor.ts';
import { resolveLevel, type Level } from '#server/policies/scope.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { priorWrittenPremium } from './growth-actuals.ts';

/**
 * Growth plans (spec part 2 §1, §3 "Plan", "Plan data per carrier and line"): one plan per agency
 * and year. The agency's owners and administrators, and staff, write them; everyone who may see the
 * agency reads them. Every change is one transaction with an audit row; a save names the version
 * it was made on, and a stale one is refused (409) without writing anything.
 */

export type AgencyLevel = Extract<Level, { kind: 'agency' }>;

const NOT_FOUND = 'This plan does not exist, or you do not have access to it.';
const STALE_PLAN =
  'Someone else changed this plan after you opened it. Your changes were not saved: reload the plan to see theirs, then make your changes again.';

/** Owners and administrators of the agency, and internal staff, write its plans. */
export function mayEditPlans(actor: Actor, level: AgencyLevel): boolean {
  if (actor.userType === 'internal') return true;
  return actor.userType === 'agency' && actor.agencyUuid === level.agencyUuid && isAdminActor(actor);
}

function assertMayEdit(actor: Actor, level: AgencyLevel): void {
  if (!mayEditPlans(actor, level)) {
    throw new AppError(
      'forbidden',
      "Only the agency's owners and administrators may change its growth plans.",
    );
  }
}

/** An integer count of hundredths as exact decimal text for a numeric column. */
function decimalText(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type PlanRow = {
  uuid: string;
  agency_uuid: string;
  name: string;
  year: number;
  version: number;
  updated_at: string;
  updated_by_name: string | null;
};

const planColumns = sql`p.uuid, p.agency_uuid, p.name, p.year, p.version,
  to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at,
  (select u.name from users u where u.id = p.updated_by) as updated_by_name`;

function planOut(row: PlanRow): Plan {
  return {
    planId: row.uuid,
    agencyUuid: row.agency_uuid,
    name: row.name,
    year: Number(row.year),
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name,
  };
}

/**
 * The plan `planId` and its agency's level, when the caller may see that agency; otherwise 404,
 * whether or not the plan exists, so ids of other agencies' plans reveal nothing.
 */
export async function findPlan(
  db: Db,
  actor: Actor,
  planId: string,
): Promise<{ plan: Plan; level: AgencyLevel }> {
  const [row] = (
    await db.execute<PlanRow>(sql`select ${planColumns} from growth_plans p where p.uuid = ${planId}::uuid`)
  ).rows;
  if (!row) throw new AppError('not_found', NOT_FOUND);
  let level: Level;
  try {
    level = await resolveLevel(db, actor, row.agency_uuid);
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') throw new AppError('not_found', NOT_FOUND);
    throw error;
  }
  if (level.kind !== 'agency') throw new AppError('not_found', NOT_FOUND);
  return { plan: planOut(row), level };
}

/**
 * GET /api/growth-measurement/active-plan-years: the agency's plans keyed by year, and the years the
 * selector offers (every plan year and the working year, newest first).
 */
export async function activePlanYears(
  db: Db,
  actor: Actor,
  level: AgencyLevel,
  today: CalendarDay,
): Promise<ActivePlanYearsResponse> {
  const rows = (
    await db.execute<PlanRow>(sql`
      select ${planColumns} from growth_plans p where p.agency_uuid = ${level.agencyUuid}::uuid
      order by p.year desc`)
  ).rows;
  const activePlans: Record<string, Plan> = {};
  for (const row of rows) activePlans[String(row.year)] = planOut(row);
  const years = new Set([workingYear(today), ...rows.map((r) => Number(r.year))]);
  return {
    activePlans,
    yearOptions: [...years].sort((a, b) => b - a).map((year) => ({ label: String(year), value: year })),
    agencyUuid: level.agencyUuid,
    canEdit: mayEditPlans(actor, level),
  };
}

type LeafRow = {
  carrier_uuid: string;
  carrier_name: string;
  line_code: PlanLineCode;
  prior_written_premium: string;
  growth_goal: string;
  rate: string;
  retention: string;
};

type Totals = { priorCents: number; wpGoalCents: number; newBusinessCents: number };

function figuresOut(t: Totals) {
  return {
    priorWrittenPremium: toDollars(t.priorCents),
    wpGoalPlan: toDollars(t.wpGoalCents),
    apNewBusiness: toDollars(t.newBusinessCents),
    apPercentNewToBook: percentNewToBook(t.newBusinessCents, t.wpGoalCents),
  };
}

function add(into: Totals, t: Totals): void {
  into.priorCents += t.priorCents;
  into.wpGoalCents += t.wpGoalCents;
  into.newBusinessCents += t.newBusinessCents;
}

/**
 * GET /api/growth-measurement/plan/{planId}/full: every carrier and line of the plan with its goals
 * (leafLevelData), their sums per carrier (carrierRollup) and for the agency (agencyRollup). The
 * rollups add the leaves' goals in integer cents, so they equal the sum of the leaves to the cent.
 */
export async function fullPlan(
  db: Db,
  actor: Actor,
  plan: Plan,
  level: AgencyLevel,
): Promise<FullPlanResponse> {
  const rows = (
    await db.execute<LeafRow>(sql`
      select r.carrier_uuid, c.display_name as carrier_name, r.line_code,
        r.prior_written_premium::text, r.growth_goal::text, r.rate::text, r.retention::text
      from growth_plan_rows r join carriers c on c.uuid = r.carrier_uuid
      where r.agency_uuid = ${level.agencyUuid}::uuid and r.plan_uuid = ${plan.planId}::uuid
      order by c.display_name, r.carrier_uuid, array_position(array['PL','CL','BOND','CROP'], r.line_code)`)
  ).rows;
  const leafLevelData: PlanLeaf[] = [];
  const byCarrier = new Map<string, { carrierName: string; totals: Totals }>();
  const agency: Totals = { priorCents: 0, wpGoalCents: 0, newBusinessCents: 0 };
  for (const row of rows) {
    const priorCents = hundredthsOf(row.prior_written_premium);
    const goals = planGoals({
      priorCents,
      growthGoalBp: hundredthsOf(row.growth_goal),
      rateBp: hundredthsOf(row.rate),
      retentionBp: hundredthsOf(row.retention),
    });
    const totals = { priorCents, wpGoalCents: goals.wpGoalCents, newBusinessCents: goals.newBusinessCents };
    leafLevelData.push({
      hash: `${row.carrier_uuid}:${row.line_code}`,
      carrierUuid: row.carrier_uuid,
      carrierName: row.carrier_name,
      lineCode: row.line_code,
      growthGoalPlan: Number(row.growth_goal),
      rate: Number(row.rate),
      retention: Number(row.retention),
      ...figuresOut(totals),
    });
    const carrier = byCarrier.get(row.carrier_uuid) ?? {
      carrierName: row.carrier_name,
      totals: { priorCents: 0, wpGoalCents: 0, newBusinessCents: 0 },
    };
    add(carrier.totals, totals);
    byCarrier.set(row.carrier_uuid, carrier);
    add(agency, totals);
  }
  const carrierRollup: CarrierRollup[] = [...byCarrier].map(([carrierUuid, c]) => ({
    carrierUuid,
    carrierName: c.carrierName,
    ...figuresOut(c.totals),
  }));
  return {
    plan,
    leafLevelData,
    carrierRollup,
    agencyRollup: figuresOut(agency),
    canEdit: mayEditPlans(actor, level),
  };
}

async function rowsOf(tx: Executor, level: AgencyLevel, planUuid: string): Promise<PlanRowInput[]> {
  const rows = await tx.execute<Omit<LeafRow, 'carrier_name'>>(sql`
    select r.carrier_uuid, r.line_code, r.prior_written_premium::text, r.growth_goal::text, r.rate::text,
      r.retention::text
    from growth_plan_rows r where r.agency_uuid = ${level.agencyUuid}::uuid and r.plan_uuid = ${planUuid}::uuid
    order by r.carrier_uuid, r.line_code`);
  return rows.rows.map((r) => ({
    carrierUuid: r.carrier_uuid,
    lineCode: r.line_code,
    priorWrittenPremium: Number(r.prior_written_premium),
    growthGoalPlan: Number(r.growth_goal),
    rate: Number(r.rate),
    retention: Number(r.retention),
  }));
}

async function insertRows(tx: Executor, level: AgencyLevel, planUuid: string, rows: readonly PlanRowInput[]) {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) => sql`(${level.agencyUuid}::uuid, ${planUuid}::uuid, ${r.carrierUuid}::uuid, ${r.lineCode},
      ${decimalText(Math.round(r.priorWrittenPremium * 100))}::numeric,
      ${decimalText(Math.round(r.growthGoalPlan * 100))}::numeric, ${decimalText(Math.round(r.rate * 100))}::numeric,
      ${decimalText(Math.round(r.retention * 100))}::numeric)`,
  );
  await tx.execute(sql`
    insert into growth_plan_rows (agency_uuid, plan_uuid, carrier_uuid, line_code, prior_written_premium,
      growth_goal, rate, retention)
    values ${sql.join(values, sql`, `)}`);
}

/** Refuses rows naming a carrier that does not exist, naming the row. */
async function assertCarriersExist(tx: Executor, rows: readonly PlanRowInput[]): Promise<void> {
  const uuids = [...new Set(rows.map((r) => r.carrierUuid))];
  if (uuids.length === 0) return;
  const found = await tx.execute<{ uuid: string }>(sql`
    select uuid from carriers where uuid in (${sql.join(
      uuids.map((u) => sql`${u}::uuid`),
      sql`, `,
    )})`);
  const known = new Set(found.rows.map((r) => r.uuid));
  const index = rows.findIndex((r) => !known.has(r.carrierUuid));
  if (index >= 0) {
    const message = `Row ${index + 1} names a carrier that does not exist.`;
    throw new AppError('bad_request', message, { [`rows.${index}.carrierUuid`]: message });
  }
}

/**
 * POST /api/growth-measurement/plans: a new plan for the year, empty or as a copy of last year's
 * (its carriers, lines and percentages) with last year's actual written premium as the priors.
 */
export async function createPlan(
  db: Db,
  actor: Actor,
  level: AgencyLevel,
  body: CreatePlanBody,
  today: CalendarDay,
): Promise<Plan> {
  assertMayEdit(actor, level);
  const year = body.year;
  const priors = body.copyLastYear ? await priorWrittenPremium(db, level, year, today) : null;
  const planUuid = await db.transaction(async (tx) => {
    // One plan per agency and year: the lock makes two simultaneous creations answer 409, not 500.
    await tx.execute(sql`select 1 from agencies where uuid = ${level.agencyUuid}::uuid for update`);
    const existing = await tx.execute(sql`
      select 1 from growth_plans where agency_uuid = ${level.agencyUuid}::uuid and year = ${year}`);
    if (existing.rows.length > 0) {
      throw new AppError('conflict', `There is already a plan for ${year}. Open it to change it.`);
    }
    let rows: PlanRowInput[] = [];
    if (priors) {
      const [last] = (
        await tx.execute<{ uuid: string }>(sql`
          select uuid from growth_plans where agency_uuid = ${level.agencyUuid}::uuid and year = ${year - 1}`)
      ).rows;
      if (!last) {
        const message = `There is no ${year - 1} plan to copy.`;
        throw new AppError('bad_request', message, { copyLastYear: message });
      }
      rows = (await rowsOf(tx, level, last.uuid)).map((r) => ({
        ...r,
        priorWrittenPremium: Math.max(0, priors.get(`${r.carrierUuid}:${r.lineCode}`) ?? 0),
      }));
    }
    const [created] = (
      await tx.execute<{ uuid: string }>(sql`
        insert into growth_plans (agency_uuid, network_uuid, name, year, created_by, updated_by)
        values (${level.agencyUuid}::uuid, ${level.networkUuid}::uuid, ${body.name.trim()}, ${year},
          ${actor.userId}::uuid, ${actor.userId}::uuid)
        returning uuid`)
    ).rows;
    await insertRows(tx, level, created!.uuid, rows);
    await recordAudit(tx, {
      agencyUuid: level.agencyUuid,
      actorUserId: actor.userId,
      action: 'create',
      entity: 'growth_plan',
      entityId: created!.uuid,
      before: null,
      after: {
        name: body.name.trim(),
        year,
        version: 1,
        copiedFromLastYear: body.copyLastYear ?? false,
        rows,
      },
    });
    return created!.uuid;
  });
  return (await findPlan(db, actor, planUuid)).plan;
}

/**
 * PUT /api/growth-measurement/plan/{planId}: the plan's name and rows as the editor has them, saved
 * only when the plan is still at the version the editor loaded (409 otherwise, nothing written).
 */
export async function savePlan(
  db: Db,
  actor: Actor,
  found: { plan: Plan; level: AgencyLevel },
  body: SavePlanBody,
): Promise<void> {
  const { plan, level } = found;
  assertMayEdit(actor, level);
  await db.transaction(async (tx) => {
    const [current] = (
      await tx.execute<{ version: number; name: string }>(sql`
        select version, name from growth_plans
        where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${plan.planId}::uuid for update`)
    ).rows;
    if (!current) throw new AppError('not_found', NOT_FOUND);
    if (Number(current.version) !== body.version) throw new AppError('conflict', STALE_PLAN);
    await assertCarriersExist(tx, body.rows);
    const before = {
      name: current.name,
      version: Number(current.version),
      rows: await rowsOf(tx, level, plan.planId),
    };
    await tx.execute(sql`
      delete from growth_plan_rows where agency_uuid = ${level.agencyUuid}::uuid and plan_uuid = ${plan.planId}::uuid`);
    await insertRows(tx, level, plan.planId, body.rows);
    await tx.execute(sql`
      update growth_plans set name = ${body.name.trim()}, version = version + 1, updated_by = ${actor.userId}::uuid,
        updated_at = now()
      where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${plan.planId}::uuid`);
    await recordAudit(tx, {
      agencyUuid: level.agencyUuid,
      actorUserId: actor.userId,
      action: 'update',
      entity: 'growth_plan',
      entityId: plan.planId,
      before,
      after: {
        name: body.name.trim(),
        version: before.version + 1,
        rows: await rowsOf(tx, level, plan.planId),
      },
    });
  });
}

/** DELETE /api/growth-measurement/plan/{planId}?version: removes the plan and its rows, audited. */
export async function deletePlan(
  db: Db,
  actor: Actor,
  found: { plan: Plan; level: AgencyLevel },
  version: number,
): Promise<void> {
  const { plan, level } = found;
  assertMayEdit(actor, level);
  await db.transaction(async (tx) => {
    const [current] = (
      await tx.execute<{ version: number; name: string; year: number }>(sql`
        select version, name, year from growth_plans
        where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${plan.planId}::uuid for update`)
    ).rows;
    if (!current) throw new AppError('not_found', NOT_FOUND);
    if (Number(current.version) !== version) throw new AppError('conflict', STALE_PLAN);
    const rows = await rowsOf(tx, level, plan.planId);
    await tx.execute(
      sql`delete from growth_plans where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${plan.planId}::uuid`,
    );
    await recordAudit(tx, {
      agencyUuid: level.agencyUuid,
      actorUserId: actor.userId,
      action: 'delete',
      entity: 'growth_plan',
      entityId: plan.planId,
      before: { name: current.name, year: Number(current.year), version: Number(current.version), rows },
      after: null,
    });
  });
}

/** GET /api/growth-measurement/carriers: every carrier a plan may name, by name. */
export async function planCarriers(db: Db): Promise<{ carriers: { uuid: string; name: string }[] }> {
  const rows = await db.execute<{ uuid: string; name: string }>(
    sql`select uuid, display_name as name from carriers order by display_name, uuid`,
  );
  return { carriers: rows.rows };
}

import { sql } from 'drizzle-orm';
import type {
  Allocation,
  AllocationBody,
  AllocationLineDto,
  Check,
  CheckDetail,
  ChecksResponse,
  CreateCheckBody,
  SaveAllocationBody,
  SaveCheckBody,
} from '#shared/contracts/profit-sharing-checks.ts';
import type { AgreementLines } from '#shared/contracts/profit-sharing.ts';
import { toCents } from '#shared/domain/growth-plan.ts';
import {
  allocateCheck,
  AllocationError,
  type AllocationInput,
  type AllocationMethod,
  lossRatioRelativitiesBp,
  type ProfitShareMeasure,
} from '#shared/domain/profit-sharing.ts';
import { workingYear } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { networkAgreementActuals } from './agreement-figures.ts';

/**
 * A network's contingent checks (decision 067): a check a carrier paid the network for a year, under
 * one of the network's own agreements, and its allocation to the network's member agencies by the
 * shared domain's `allocateCheck` (premium share, premium weighted by loss-ratio relativity, or by hand)
 * on the agreement's figures from the read model. Only the network's users (and internal staff) see
 * and write them; anyone else gets 403 on the network and 404 on a check. Every save is one transaction
 * with its audit row; a save names the version it was made on, and a stale one is refused (409). The
 * allocations count as the agencies' additional compensation in the scorecard
 * (`read-model/commission-sql.ts`).
 */

const NOT_FOUND = 'This check does not exist, or you do not have access to it.';
const AGREEMENT_NOT_FOUND = 'This agreement does not exist, or you do not have access to it.';
const STALE =
  'Someone else changed this check or its allocation after you opened it. Nothing was saved: reload it to see their changes, then make yours again.';

/** Who may see and write a network's checks: its network users, and internal staff. */
export function mayUseChecks(actor: Actor, networkUuid: string): boolean {
  return actor.userType === 'internal' || (actor.userType === 'network' && actor.networkUuid === networkUuid);
}

/** The network of a level the caller may record checks at; an agency user or an agency level is refused. */
export function checksNetwork(actor: Actor, level: Level): string {
  if (actor.userType === 'agency')
    throw new AppError('forbidden', "Only the network's users record and allocate its contingent checks.");
  if (level.kind !== 'network') {
    const message = 'Contingent checks are recorded at the network level: choose a network.';
    throw new AppError('bad_request', message, { levelUuid: message });
  }
  if (!mayUseChecks(actor, level.networkUuid))
    throw new AppError('forbidden', 'You do not have access to this network or agency.');
  return level.networkUuid;
}

/** Whole cents as exact decimal text ("-12.05"), for a numeric column. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const dollars = (cents: number | string) => Number(cents) / 100;

type CheckRow = {
  uuid: string;
  network_uuid: string;
  agreement_uuid: string;
  agreement_name: string;
  carrier_uuid: string;
  carrier_name: string;
  year: number;
  amount_cents: string;
  received_on: string;
  memo: string;
  version: number;
  method: AllocationMethod | null;
  allocated_cents: string | null;
  allocated_at: string | null;
  allocated_by_name: string | null;
  updated_at: string;
  updated_by_name: string | null;
  measure: ProfitShareMeasure;
  lines: AgreementLines;
};

const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const selectChecks = sql`
  select k.uuid, k.network_uuid, k.agreement_uuid, a.name as agreement_name, k.carrier_uuid,
    c.display_name as carrier_name, k.year, (k.amount * 100)::bigint::text as amount_cents,
    to_char(k.received_on, 'YYYY-MM-DD') as received_on, k.memo, k.version,
    al.method, al.allocated_cents, ${ISO('al.allocated_at')} as allocated_at,
    (select u.name from users u where u.id = al.allocated_by) as allocated_by_name,
    ${ISO('k.updated_at')} as updated_at, (select u.name from users u where u.id = k.updated_by) as updated_by_name,
    a.measure, a.lines
  from profit_share_checks k
  join profit_share_agreements a on a.network_uuid = k.network_uuid and a.uuid = k.agreement_uuid
  join carriers c on c.uuid = k.carrier_uuid
  left join lateral (
    select max(x.method) as method, (sum(x.amount) * 100)::bigint::text as allocated_cents,
      max(x.allocated_at) as allocated_at, (array_agg(x.allocated_by))[1] as allocated_by
    from profit_share_check_allocations x where x.network_uuid = k.network_uuid and x.check_uuid = k.uuid
  ) al on true`;

function checkOut(row: CheckRow): Check {
  return {
    checkUuid: row.uuid,
    networkUuid: row.network_uuid,
    agreementUuid: row.agreement_uuid,
    agreementName: row.agreement_name,
    carrierUuid: row.carrier_uuid,
    carrierName: row.carrier_name,
    year: Number(row.year),
    amount: dollars(row.amount_cents),
    receivedOn: row.received_on,
    memo: row.memo,
    version: Number(row.version),
    allocationMethod: row.method,
    allocated: row.method === null ? 0 : dollars(row.allocated_cents ?? 0),
    allocatedAt: row.method === null ? null : row.allocated_at,
    allocatedBy: row.method === null ? null : row.allocated_by_name,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name,
  };
}

/** A check with what its allocation needs: the agreement's measure and lines. */
export type FoundCheck = { check: Check; measure: ProfitShareMeasure; lines: AgreementLines };

/**
 * The check `checkUuid` when the caller may use its network's checks (and sees its carrier, in
 * collaboration mode); otherwise 404, whether or not it exists.
 */
export async function findCheck(
  db: Db,
  actor: Actor,
  checkUuid: string,
  carriers: readonly string[] | null,
): Promise<FoundCheck> {
  const [row] = (await db.execute<CheckRow>(sql`${selectChecks} where k.uuid = ${checkUuid}::uuid`)).rows;
  if (!row || !mayUseChecks(actor, row.network_uuid) || (carriers && !carriers.includes(row.carrier_uuid)))
    throw new AppError('not_found', NOT_FOUND);
  return { check: checkOut(row), measure: row.measure, lines: row.lines };
}

/** GET /api/profit-sharing/checks: the network's checks of a year (by received date, newest first). */
export async function listChecks(
  db: Db,
  networkUuid: string,
  year: number | undefined,
  carriers: readonly string[] | null,
  today: CalendarDay,
): Promise<ChecksResponse> {
  const current = workingYear(today);
  const chosen = year ?? current;
  const carrierFilter = (column: string) =>
    carriers ? sql`and ${sql.raw(column)} = any(${`{${carriers.join(',')}}`}::uuid[])` : sql``;
  const [years, rows, agreements, total] = await Promise.all([
    db.execute<{ year: number }>(sql`
      select distinct year from profit_share_checks where network_uuid = ${networkUuid}::uuid
      union select distinct year from profit_share_agreements where network_uuid = ${networkUuid}::uuid and agency_uuid is null`),
    db.execute<CheckRow>(sql`${selectChecks}
      where k.network_uuid = ${networkUuid}::uuid and k.year = ${chosen} ${carrierFilter('k.carrier_uuid')}
      order by k.received_on desc, c.display_name, k.created_at desc`),
    db.execute<{ uuid: string; name: string; carrier_uuid: string; carrier_name: string }>(sql`
      select a.uuid, a.name, a.carrier_uuid, c.display_name as carrier_name
      from profit_share_agreements a join carriers c on c.uuid = a.carrier_uuid
      where a.network_uuid = ${networkUuid}::uuid and a.agency_uuid is null and a.year = ${chosen}
        ${carrierFilter('a.carrier_uuid')}
      order by c.display_name, a.name`),
    db.execute<{ cents: string | null }>(sql`
      select (sum(k.amount) * 100)::bigint::text as cents from profit_share_checks k
      where k.network_uuid = ${networkUuid}::uuid and k.year = ${chosen} ${carrierFilter('k.carrier_uuid')}`),
  ]);
  return {
    year: chosen,
    yearOptions: [...new Set([current, current - 1, ...years.rows.map((r) => Number(r.year))])].sort(
      (a, b) => b - a,
    ),
    canEdit: true,
    agreements: agreements.rows.map((a) => ({
      agreementUuid: a.uuid,
      name: a.name,
      carrierUuid: a.carrier_uuid,
      carrierName: a.carrier_name,
    })),
    checks: rows.rows.map(checkOut),
    total: dollars(total.rows[0]?.cents ?? 0),
  };
}

/** What an audit row keeps of a check. */
const audited = (c: { amount: number; receivedOn: string; memo: string; version: number }) => ({
  amount: c.amount,
  receivedOn: c.receivedOn,
  memo: c.memo,
  version: c.version,
});

type Executor = Pick<Db, 'execute' | 'insert'>;

/** Inserts a check and its audit row (inside the caller's transaction); its id. */
export async function insertCheck(
  tx: Executor,
  actor: Actor,
  agreement: { networkUuid: string; agreementUuid: string; carrierUuid: string; year: number },
  fields: { amount: number; receivedOn: string; memo: string },
): Promise<string> {
  const [created] = (
    await tx.execute<{ uuid: string }>(sql`
      insert into profit_share_checks (network_uuid, agreement_uuid, carrier_uuid, year, amount, received_on, memo,
        created_by, updated_by)
      values (${agreement.networkUuid}::uuid, ${agreement.agreementUuid}::uuid, ${agreement.carrierUuid}::uuid,
        ${agreement.year}, ${centsText(toCents(fields.amount))}::numeric, ${fields.receivedOn}::date, ${fields.memo},
        ${actor.userId}::uuid, ${actor.userId}::uuid)
      returning uuid`)
  ).rows;
  await recordAudit(tx, {
    agencyUuid: null,
    actorUserId: actor.userId,
    action: 'create',
    entity: 'profit_share_check',
    entityId: created!.uuid,
    before: null,
    after: {
      networkUuid: agreement.networkUuid,
      agreementUuid: agreement.agreementUuid,
      carrierUuid: agreement.carrierUuid,
      year: agreement.year,
      ...audited({ ...fields, version: 1 }),
    },
  });
  return created!.uuid;
}

/** POST /api/profit-sharing/checks: a check under a network's own agreement, in that network. */
export async function createCheck(db: Db, actor: Actor, body: CreateCheckBody): Promise<string> {
  if (actor.userType === 'agency')
    throw new AppError('forbidden', "Only the network's users record and allocate its contingent checks.");
  const [agreement] = (
    await db.execute<{
      network_uuid: string;
      agency_uuid: string | null;
      carrier_uuid: string;
      year: number;
    }>(
      sql`select network_uuid, agency_uuid, carrier_uuid, year from profit_share_agreements where uuid = ${body.agreementUuid}::uuid`,
    )
  ).rows;
  if (!agreement || !mayUseChecks(actor, agreement.network_uuid))
    throw new AppError('not_found', AGREEMENT_NOT_FOUND, { agreementUuid: AGREEMENT_NOT_FOUND });
  if (agreement.agency_uuid !== null) {
    const message = "A contingent check is recorded under one of the network's own agreements.";
    throw new AppError('bad_request', message, { agreementUuid: message });
  }
  return db.transaction((tx) =>
    insertCheck(
      tx,
      actor,
      {
        networkUuid: agreement.network_uuid,
        agreementUuid: body.agreementUuid,
        carrierUuid: agreement.carrier_uuid,
        year: Number(agreement.year),
      },
      body,
    ),
  );
}

/** Locks the check and refuses a stale version (inside the caller's transaction). */
async function lockVersion(tx: Pick<Db, 'execute'>, check: Check, version: number): Promise<void> {
  const [current] = (
    await tx.execute<{ version: number }>(sql`
      select version from profit_share_checks
      where network_uuid = ${check.networkUuid}::uuid and uuid = ${check.checkUuid}::uuid for update`)
  ).rows;
  if (!current) throw new AppError('not_found', NOT_FOUND);
  if (Number(current.version) !== version) throw new AppError('conflict', STALE);
}

/**
 * PUT /api/profit-sharing/checks/{checkUuid}: a new amount, date or memo, on the version read. A new
 * amount removes the allocation (its shares no longer add up to the check): it is allocated again.
 */
export async function saveCheck(db: Db, actor: Actor, check: Check, body: SaveCheckBody): Promise<void> {
  const amountChanged = toCents(body.amount) !== toCents(check.amount);
  await db.transaction(async (tx) => {
    await lockVersion(tx, check, body.version);
    if (amountChanged && check.allocationMethod !== null) {
      await tx.execute(sql`
        delete from profit_share_check_allocations
        where network_uuid = ${check.networkUuid}::uuid and check_uuid = ${check.checkUuid}::uuid`);
    }
    await tx.execute(sql`
      update profit_share_checks set amount = ${centsText(toCents(body.amount))}::numeric,
        received_on = ${body.receivedOn}::date, memo = ${body.memo}, version = version + 1,
        updated_by = ${actor.userId}::uuid, updated_at = now()
      where network_uuid = ${check.networkUuid}::uuid and uuid = ${check.checkUuid}::uuid`);
    await recordAudit(tx, {
      agencyUuid: null,
      actorUserId: actor.userId,
      action: 'update',
      entity: 'profit_share_check',
      entityId: check.checkUuid,
      before: { ...audited(check), allocationMethod: check.allocationMethod },
      after: {
        ...audited({ ...body, version: body.version + 1 }),
        allocationMethod: amountChanged ? null : check.allocationMethod,
      },
    });
  });
}

/** DELETE /api/profit-sharing/checks/{checkUuid}?version=: the check and its allocation. */
export async function deleteCheck(db: Db, actor: Actor, check: Check, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockVersion(tx, check, version);
    await tx.execute(sql`
      delete from profit_share_checks where network_uuid = ${check.networkUuid}::uuid and uuid = ${check.checkUuid}::uuid`);
    await recordAudit(tx, {
      agencyUuid: null,
      actorUserId: actor.userId,
      action: 'delete',
      entity: 'profit_share_check',
      entityId: check.checkUuid,
      before: { ...audited(check), allocationMethod: check.allocationMethod, allocated: check.allocated },
      after: null,
    });
  });
}

type Member = { agencyUuid: string; agencyName: string; input: AllocationInput };

/**
 * The network's member agencies with the figures a check is shared by: the agreement's measure
 * (written or earned premium), earned premium and incurred losses of each agency on the agreement's
 * carrier, lines and year so far, from the read model (summed in integer cents). An agency without
 * figures counts 0.
 */
async function membersOf(db: Db, found: FoundCheck, today: CalendarDay): Promise<Member[]> {
  const { check } = found;
  const agencies = await db.execute<{ uuid: string; name: string }>(sql`
    select uuid, name from agencies where network_uuid = ${check.networkUuid}::uuid order by name, uuid`);
  // Each agency measured as if it held the agreement (its carrier, lines and year, a 1-year loss ratio).
  const actuals = await networkAgreementActuals(
    db,
    { kind: 'network', networkUuid: check.networkUuid },
    agencies.rows.map((agency) => ({
      agreementUuid: agency.uuid,
      agencyUuid: agency.uuid,
      carrierUuid: check.carrierUuid,
      lines: found.lines,
      year: check.year,
      lossRatioYears: 1,
    })),
    today,
  );
  return agencies.rows.map((agency) => {
    const figures = actuals.get(agency.uuid);
    const premium = found.measure === 'earnedPremium' ? figures?.earnedCents : figures?.writtenPremiumCents;
    return {
      agencyUuid: agency.uuid,
      agencyName: agency.name,
      input: {
        agencyUuid: agency.uuid,
        premiumCents: premium ?? 0,
        earnedCents: figures?.earnedCents ?? 0,
        incurredCents: figures?.incurredCents ?? 0,
      },
    };
  });
}

/** Percent of the check, two decimals, rounded half up (display only). */
const shareOf = (cents: number, checkCents: number) =>
  checkCents === 0 ? 0 : Math.round((cents * 10_000) / checkCents) / 100;

function lineOut(member: Member, amountCents: number, relativityBp: number | null, checkCents: number) {
  return {
    agencyUuid: member.agencyUuid,
    agencyName: member.agencyName,
    basis: dollars(member.input.premiumCents),
    relativity: relativityBp === null ? null : relativityBp / 100,
    share: shareOf(amountCents, checkCents),
    amount: dollars(amountCents),
  } satisfies AllocationLineDto;
}

/** The allocation `body` asks for, computed by the domain (nothing saved); 400 with its reason when it cannot be. */
async function compute(
  db: Db,
  found: FoundCheck,
  body: AllocationBody,
  today: CalendarDay,
): Promise<{
  members: Member[];
  lines: { member: Member; amountCents: number; relativityBp: number | null }[];
}> {
  const members = await membersOf(db, found, today);
  const byUuid = new Map(members.map((m) => [m.agencyUuid, m]));
  const typed = new Map<string, number>();
  if (body.method === 'byHand') {
    for (const [index, entry] of body.amounts.entries()) {
      if (!byUuid.has(entry.agencyUuid)) {
        const message = `Amount ${index + 1} names an agency that is not a member of the network.`;
        throw new AppError('bad_request', message, { [`amounts.${index}.agencyUuid`]: message });
      }
      if (typed.has(entry.agencyUuid)) {
        const message = `Amount ${index + 1} names ${byUuid.get(entry.agencyUuid)!.agencyName} a second time.`;
        throw new AppError('bad_request', message, { [`amounts.${index}.agencyUuid`]: message });
      }
      typed.set(entry.agencyUuid, toCents(entry.amount));
    }
  }
  const checkCents = toCents(found.check.amount);
  try {
    const allocated = allocateCheck(
      checkCents,
      body.method,
      members.map((m) => ({ ...m.input, amountCents: typed.get(m.agencyUuid) ?? 0 })),
    );
    return {
      members,
      lines: allocated.map((line, i) => ({
        member: members[i]!,
        amountCents: line.amountCents,
        relativityBp: line.relativityBp,
      })),
    };
  } catch (error) {
    if (error instanceof AllocationError) {
      const message =
        error.message === 'There is no premium to share the check by.'
          ? `There is no premium to share the check by: no member agency has ${found.check.carrierName} figures on the agreement's lines in ${found.check.year}. Share it by hand.`
          : error.message;
      throw new AppError('bad_request', message, { method: message });
    }
    throw error;
  }
}

/** POST /api/profit-sharing/checks/{checkUuid}/allocation/preview: the allocation, nothing saved. */
export async function previewAllocation(
  db: Db,
  found: FoundCheck,
  body: AllocationBody,
  today: CalendarDay,
): Promise<Allocation> {
  const { lines } = await compute(db, found, body, today);
  const checkCents = toCents(found.check.amount);
  return {
    method: body.method,
    lines: lines.map((l) => lineOut(l.member, l.amountCents, l.relativityBp, checkCents)),
    total: dollars(lines.reduce((sum, l) => sum + l.amountCents, 0)),
  };
}

/** The broad line a check counts on in the scorecard: the agreement's first in PL, CL, BOND, CROP order. */
const BROAD_ORDER = ['PL', 'CL', 'BOND', 'CROP'] as const;
export const scorecardLineOf = (lines: AgreementLines) =>
  BROAD_ORDER.find((code) => lines.broadLines.includes(code)) ?? lines.broadLines[0]!;

/**
 * PUT /api/profit-sharing/checks/{checkUuid}/allocation: computes the allocation as the preview does
 * and replaces the check's allocation with it, in one transaction with its audit row, on the version
 * read (the check's version counts allocations too).
 */
export async function saveAllocation(
  db: Db,
  actor: Actor,
  found: FoundCheck,
  body: SaveAllocationBody,
  today: CalendarDay,
): Promise<void> {
  const { check } = found;
  const { lines } = await compute(db, found, body, today);
  const code = scorecardLineOf(found.lines);
  const [line] = (
    await db.execute<{ uuid: string }>(sql`
      select uuid from lines_of_business where level = 1 and code = ${code} order by uuid limit 1`)
  ).rows;
  if (!line) {
    const message = `The line ${code} is not in the catalogue: the check cannot be counted in the scorecard.`;
    throw new AppError('bad_request', message, { method: message });
  }
  const previous = await db.execute<{ agency_uuid: string; cents: string }>(sql`
    select agency_uuid, (amount * 100)::bigint::text as cents from profit_share_check_allocations
    where network_uuid = ${check.networkUuid}::uuid and check_uuid = ${check.checkUuid}::uuid order by agency_uuid`);
  const kept = lines.filter((l) => l.amountCents > 0);
  await db.transaction(async (tx) => {
    await lockVersion(tx, check, body.version);
    await tx.execute(sql`
      delete from profit_share_check_allocations
      where network_uuid = ${check.networkUuid}::uuid and check_uuid = ${check.checkUuid}::uuid`);
    if (kept.length > 0) {
      await tx.execute(sql`
        insert into profit_share_check_allocations (network_uuid, check_uuid, agency_uuid, line_uuid, amount, method,
          allocated_by)
        values ${sql.join(
          kept.map(
            (l) => sql`(${check.networkUuid}::uuid, ${check.checkUuid}::uuid, ${l.member.agencyUuid}::uuid,
              ${line.uuid}::uuid, ${centsText(l.amountCents)}::numeric, ${body.method}, ${actor.userId}::uuid)`,
          ),
          sql`, `,
        )}`);
    }
    await tx.execute(sql`
      update profit_share_checks set version = version + 1, updated_by = ${actor.userId}::uuid, updated_at = now()
      where network_uuid = ${check.networkUuid}::uuid and uuid = ${check.checkUuid}::uuid`);
    await recordAudit(tx, {
      agencyUuid: null,
      actorUserId: actor.userId,
      action: check.allocationMethod === null ? 'allocate' : 'reallocate',
      entity: 'profit_share_check_allocation',
      entityId: check.checkUuid,
      before:
        check.allocationMethod === null
          ? null
          : {
              method: check.allocationMethod,
              version: check.version,
              amounts: previous.rows.map((r) => ({ agencyUuid: r.agency_uuid, amount: dollars(r.cents) })),
            },
      after: {
        method: body.method,
        version: body.version + 1,
        amounts: kept.map((l) => ({ agencyUuid: l.member.agencyUuid, amount: dollars(l.amountCents) })),
      },
    });
  });
}

/** GET /api/profit-sharing/checks/{checkUuid}: the check, its saved allocation and every member's figures. */
export async function checkDetail(db: Db, found: FoundCheck, today: CalendarDay): Promise<CheckDetail> {
  const { check } = found;
  const [members, saved] = await Promise.all([
    membersOf(db, found, today),
    db.execute<{ agency_uuid: string; cents: string }>(sql`
      select agency_uuid, (amount * 100)::bigint::text as cents from profit_share_check_allocations
      where network_uuid = ${check.networkUuid}::uuid and check_uuid = ${check.checkUuid}::uuid`),
  ]);
  const checkCents = toCents(check.amount);
  const amounts = new Map(saved.rows.map((r) => [r.agency_uuid, Number(r.cents)]));
  const relativities = lossRatioRelativitiesBp(members.map((m) => m.input));
  const lines = members.map((m, i) =>
    lineOut(m, amounts.get(m.agencyUuid) ?? 0, relativities[i] ?? null, checkCents),
  );
  return {
    check,
    canEdit: true,
    allocation:
      check.allocationMethod === null
        ? null
        : {
            method: check.allocationMethod,
            lines: lines.filter((l) => amounts.has(l.agencyUuid)),
            total: check.allocated,
          },
    members: lines,
  };
}

import { sql, type SQL } from 'drizzle-orm';
import {
  agreementTerms,
  type Agreement,
  type AgreementActuals,
  type AgreementDetail,
  type AgreementLines,
  type AgreementsResponse,
  type AgreementSummary,
  type AgreementTermsDto,
  type CreateAgreementBody,
  type SaveAgreementBody,
} from '#shared/contracts/profit-sharing.ts';
import { toCents, toDollars } from '#shared/domain/growth-plan.ts';
import { projectAgreement, type ProfitShareMeasure } from '#shared/domain/profit-sharing.ts';
import { latestReportingMonth, workingYear } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { isAdminActor, type Actor } from '#server/policies/actor.ts';
import { resolveLevel, type Level } from '#server/policies/scope.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { cachedByAgency, requestKey, type ByAgency } from '#server/services/read-model/answer-cache.ts';
import {
  agencyAgreementActuals,
  agreementMonths,
  agreementPeriod,
  networkAgreementActuals,
} from './agreement-figures.ts';

/**
 * Profit-sharing agreements: a carrier's grid for a year, held by an agency (written by its owners and
 * administrators) or by a network (written by its network users), and by internal staff for anyone.
 * Everyone who may see the holder, with Carrier Production access, reads them with their projection.
 * Every change is one transaction with an audit row; an edit names the version it was made on, and a
 * stale one is refused (409) without writing anything.
 */

const NOT_FOUND = 'This agreement does not exist, or you do not have access to it.';
const STALE =
  'Someone else changed this agreement after you opened it. Your changes were not saved: reload it to see theirs, then make your changes again.';

export type Holder = { networkUuid: string; agencyUuid: string | null };

/** Who may write a holder's agreements. */
export function mayEditAgreements(actor: Actor, holder: Holder): boolean {
  if (actor.userType === 'internal') return true;
  if (holder.agencyUuid === null)
    return actor.userType === 'network' && actor.networkUuid === holder.networkUuid;
  return actor.userType === 'agency' && actor.agencyUuid === holder.agencyUuid && isAdminActor(actor);
}

export function assertMayEdit(actor: Actor, holder: Holder): void {
  if (mayEditAgreements(actor, holder)) return;
  throw new AppError(
    'forbidden',
    holder.agencyUuid === null
      ? "Only the network's users may change its profit-sharing agreements."
      : "Only the agency's owners and administrators may change its profit-sharing agreements.",
  );
}

export const holderOf = (level: Level): Holder => ({
  networkUuid: level.networkUuid,
  agencyUuid: level.kind === 'agency' ? level.agencyUuid : null,
});

type AgreementRow = {
  uuid: string;
  network_uuid: string;
  agency_uuid: string | null;
  holder_name: string;
  carrier_uuid: string;
  carrier_name: string;
  year: number;
  name: string;
  measure: ProfitShareMeasure;
  lines: AgreementLines;
  terms: AgreementTermsDto;
  policies_in_force: number | null;
  version: number;
  updated_at: string;
  updated_by_name: string | null;
};

const selectAgreements = sql`
  select a.uuid, a.network_uuid, a.agency_uuid,
    coalesce(ag.name, n.name) as holder_name,
    a.carrier_uuid, c.display_name as carrier_name, a.year, a.name, a.measure, a.lines, a.terms,
    a.policies_in_force, a.version,
    to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at,
    (select u.name from users u where u.id = a.updated_by) as updated_by_name
  from profit_share_agreements a
  join carriers c on c.uuid = a.carrier_uuid
  join networks n on n.uuid = a.network_uuid
  left join agencies ag on ag.uuid = a.agency_uuid`;

/** An agreement as the API sends it; `actor` null: for a projection alone (`canEdit` false). */
function agreementOut(row: AgreementRow, actor: Actor | null): Agreement {
  return {
    agreementUuid: row.uuid,
    networkUuid: row.network_uuid,
    agencyUuid: row.agency_uuid,
    holderName: row.holder_name,
    carrierUuid: row.carrier_uuid,
    carrierName: row.carrier_name,
    year: Number(row.year),
    name: row.name,
    measure: row.measure,
    lines: row.lines,
    terms: row.terms,
    policiesInForce: row.policies_in_force === null ? null : Number(row.policies_in_force),
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name,
    canEdit:
      actor !== null &&
      mayEditAgreements(actor, { networkUuid: row.network_uuid, agencyUuid: row.agency_uuid }),
  };
}

/**
 * The agreement `agreementUuid`, when the caller may see its holder (and its carrier, in collaboration
 * mode); otherwise 404, whether or not it exists, so ids of other holders' agreements reveal nothing.
 */
export async function findAgreement(
  db: Db,
  actor: Actor,
  agreementUuid: string,
  carriers: readonly string[] | null,
): Promise<{ agreement: Agreement; level: Level }> {
  const [row] = (
    await db.execute<AgreementRow>(sql`${selectAgreements} where a.uuid = ${agreementUuid}::uuid`)
  ).rows;
  if (!row || (carriers && !carriers.includes(row.carrier_uuid))) throw new AppError('not_found', NOT_FOUND);
  let level: Level;
  try {
    level = await resolveLevel(db, actor, row.agency_uuid ?? row.network_uuid);
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') throw new AppError('not_found', NOT_FOUND);
    throw error;
  }
  return { agreement: agreementOut(row, actor), level };
}

async function assertCarrierExists(db: Pick<Db, 'execute'>, carrierUuid: string): Promise<void> {
  const found = await db.execute(sql`select 1 from carriers where uuid = ${carrierUuid}::uuid`);
  if (found.rows.length === 0) {
    const message = 'carrierUuid is not a carrier of the catalogue.';
    throw new AppError('bad_request', message, { carrierUuid: message });
  }
}

function duplicateName(name: string, year: number): AppError {
  const message = `There is already an agreement named "${name}" with this carrier for ${year}.`;
  return new AppError('conflict', message, { name: message });
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What an audit row keeps of an agreement. */
const audited = (
  a: Pick<Agreement, 'name' | 'measure' | 'lines' | 'terms' | 'policiesInForce' | 'version'>,
) => ({
  name: a.name,
  measure: a.measure,
  lines: a.lines,
  terms: a.terms,
  policiesInForce: a.policiesInForce,
  version: a.version,
});

/**
 * Writes one agreement of `holder` and its audit row inside the caller's transaction: the one insert of
 * an agreement, for the grid editor and the CSV import alike.
 */
export async function insertAgreement(
  tx: Pick<Db, 'execute' | 'insert'>,
  actor: Actor,
  holder: Holder,
  body: Omit<CreateAgreementBody, 'levelUuid'>,
): Promise<string> {
  const [created] = (
    await tx.execute<{ uuid: string }>(sql`
      insert into profit_share_agreements (network_uuid, agency_uuid, carrier_uuid, year, name, measure, lines,
        terms, policies_in_force, created_by, updated_by)
      values (${holder.networkUuid}::uuid, ${holder.agencyUuid}::uuid, ${body.carrierUuid}::uuid, ${body.year},
        ${body.name}, ${body.measure}, ${JSON.stringify(body.lines)}::json, ${JSON.stringify(body.terms)}::json,
        ${body.policiesInForce}, ${actor.userId}::uuid, ${actor.userId}::uuid)
      returning uuid`)
  ).rows;
  await recordAudit(tx, {
    agencyUuid: holder.agencyUuid,
    actorUserId: actor.userId,
    action: 'create',
    entity: 'profit_share_agreement',
    entityId: created!.uuid,
    before: null,
    after: { carrierUuid: body.carrierUuid, year: body.year, ...audited({ ...body, version: 1 }) },
  });
  return created!.uuid;
}

/** POST /api/profit-sharing/agreements */
export async function createAgreement(
  db: Db,
  actor: Actor,
  level: Level,
  body: CreateAgreementBody,
): Promise<string> {
  const holder = holderOf(level);
  assertMayEdit(actor, holder);
  await assertCarrierExists(db, body.carrierUuid);
  try {
    return await db.transaction((tx) => insertAgreement(tx, actor, holder, body));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name, body.year);
    throw error;
  }
}

/** PUT /api/profit-sharing/agreements/{agreementUuid}: saved only on the version the editor read. */
export async function saveAgreement(
  db: Db,
  actor: Actor,
  agreement: Agreement,
  body: SaveAgreementBody,
): Promise<void> {
  assertMayEdit(actor, agreement);
  try {
    await db.transaction(async (tx) => {
      const [current] = (
        await tx.execute<{ version: number }>(sql`
          select version from profit_share_agreements
          where network_uuid = ${agreement.networkUuid}::uuid and uuid = ${agreement.agreementUuid}::uuid for update`)
      ).rows;
      if (!current) throw new AppError('not_found', NOT_FOUND);
      if (Number(current.version) !== body.version) throw new AppError('conflict', STALE);
      await tx.execute(sql`
        update profit_share_agreements set name = ${body.name}, measure = ${body.measure},
          lines = ${JSON.stringify(body.lines)}::json, terms = ${JSON.stringify(body.terms)}::json,
          policies_in_force = ${body.policiesInForce}, version = version + 1, updated_by = ${actor.userId}::uuid,
          updated_at = now()
        where network_uuid = ${agreement.networkUuid}::uuid and uuid = ${agreement.agreementUuid}::uuid`);
      await recordAudit(tx, {
        agencyUuid: agreement.agencyUuid,
        actorUserId: actor.userId,
        action: 'update',
        entity: 'profit_share_agreement',
        entityId: agreement.agreementUuid,
        before: audited(agreement),
        after: audited({ ...body, version: body.version + 1 }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name, agreement.year);
    throw error;
  }
}

/** DELETE /api/profit-sharing/agreements/{agreementUuid}?version= */
export async function deleteAgreement(
  db: Db,
  actor: Actor,
  agreement: Agreement,
  version: number,
): Promise<void> {
  assertMayEdit(actor, agreement);
  const [checks] = (
    await db.execute<{ count: number }>(sql`
      select count(*)::int as count from profit_share_checks
      where network_uuid = ${agreement.networkUuid}::uuid and agreement_uuid = ${agreement.agreementUuid}::uuid`)
  ).rows;
  if (Number(checks?.count ?? 0) > 0)
    throw new AppError(
      'conflict',
      `This agreement has ${Number(checks!.count)} contingent check(s) recorded under it: delete them first.`,
    );
  await db.transaction(async (tx) => {
    const deleted = await tx.execute<{ version: number }>(sql`
      delete from profit_share_agreements
      where network_uuid = ${agreement.networkUuid}::uuid and uuid = ${agreement.agreementUuid}::uuid
        and version = ${version}
      returning version`);
    if (deleted.rows.length === 0) throw new AppError('conflict', STALE);
    await recordAudit(tx, {
      agencyUuid: agreement.agencyUuid,
      actorUserId: actor.userId,
      action: 'delete',
      entity: 'profit_share_agreement',
      entityId: agreement.agreementUuid,
      before: audited(agreement),
      after: null,
    });
  });
}

/**
 * POST /api/profit-sharing/agreements/copy: the holder's agreements of the year before, copied into
 * `year` with the same carriers, lines and terms (policies in force left to type again); those whose
 * name the year already has are skipped. Refused when last year has none.
 */
export async function copyLastYear(db: Db, actor: Actor, level: Level, year: number): Promise<number> {
  const holder = holderOf(level);
  assertMayEdit(actor, holder);
  return db.transaction(async (tx) => {
    const copied = (
      await tx.execute<{ uuid: string }>(sql`
        insert into profit_share_agreements (network_uuid, agency_uuid, carrier_uuid, year, name, measure, lines, terms,
          created_by, updated_by)
        select network_uuid, agency_uuid, carrier_uuid, ${year}, name, measure, lines, terms,
          ${actor.userId}::uuid, ${actor.userId}::uuid
        from profit_share_agreements last
        where last.network_uuid = ${holder.networkUuid}::uuid
          and last.agency_uuid is not distinct from ${holder.agencyUuid}::uuid and last.year = ${year - 1}
          and not exists (
            select 1 from profit_share_agreements this
            where this.network_uuid = last.network_uuid and this.agency_uuid is not distinct from last.agency_uuid
              and this.carrier_uuid = last.carrier_uuid and this.year = ${year} and lower(this.name) = lower(last.name))
        returning uuid`)
    ).rows;
    if (copied.length === 0) {
      const [last] = (
        await tx.execute<{ count: number }>(sql`
          select count(*)::int as count from profit_share_agreements
          where network_uuid = ${holder.networkUuid}::uuid
            and agency_uuid is not distinct from ${holder.agencyUuid}::uuid and year = ${year - 1}`)
      ).rows;
      const message =
        Number(last?.count ?? 0) === 0
          ? `There is no ${year - 1} agreement to copy into ${year}.`
          : `Every ${year - 1} agreement is already in ${year}.`;
      throw new AppError('bad_request', message, { year: message });
    }
    await recordAudit(tx, {
      agencyUuid: holder.agencyUuid,
      actorUserId: actor.userId,
      action: 'copy',
      entity: 'profit_share_agreement',
      entityId: copied.map((row) => row.uuid).join(','),
      before: null,
      after: { fromYear: year - 1, year, agreements: copied.map((row) => row.uuid) },
    });
    return copied.length;
  });
}

const dollars = (cents: number) => toDollars(cents);

/** An agreement's projection, summarised for a card or a ranking row. */
export function summarise(agreement: Agreement, actuals: AgreementActuals | undefined): AgreementSummary {
  if (!actuals) {
    return {
      agreement,
      status: 'noFigures',
      projectedPayout: 0,
      yearToDatePayout: 0,
      payoutAtRisk: 0,
      failingGates: [],
      nextBand: null,
    };
  }
  const terms = agreementTerms(agreement.measure, agreement.terms);
  const { yearToDate, yearEnd, status } = projectAgreement(terms, {
    ...actuals,
    policiesInForce: agreement.policiesInForce,
  });
  const next = yearEnd.betterCells[0];
  return {
    agreement,
    status,
    projectedPayout: dollars(yearEnd.payoutCents),
    yearToDatePayout: dollars(yearToDate.payoutCents),
    payoutAtRisk: dollars(Math.max(0, yearToDate.payoutCents - yearEnd.payoutCents)),
    failingGates: yearEnd.gates
      .filter((gate) => !gate.passes)
      .map((gate) => {
        const unit = (value: number) => (gate.gate === 'minimumPremium' ? dollars(value) : value / 100);
        return {
          gate: gate.gate,
          figure: gate.figure === null ? null : unit(gate.figure),
          threshold: unit(gate.threshold),
          reason: gate.reason,
        };
      }),
    nextBand: next
      ? {
          extraPayout: dollars(next.payoutCents - yearEnd.basePayoutCents),
          lossRatioPoints: next.lossRatioPointsBp === null ? null : next.lossRatioPointsBp / 100,
          writtenPremium: next.writtenPremiumCents === null ? null : dollars(next.writtenPremiumCents),
          policies: next.policies,
          premium: next.premiumCents === null ? null : dollars(next.premiumCents),
        }
      : null,
  };
}

/** The actuals of an agency's agreements, read at the agency (see `agencyAgreementActuals`). */
async function agencyActuals(
  db: Db,
  level: Extract<Level, { kind: 'agency' }>,
  agreements: readonly Agreement[],
  today: CalendarDay,
): Promise<Map<string, AgreementActuals>> {
  return agencyAgreementActuals(
    db,
    level,
    agreements.map((agreement) => ({
      agreementUuid: agreement.agreementUuid,
      carrierUuid: agreement.carrierUuid,
      lines: agreement.lines,
      year: agreement.year,
      lossRatioYears: agreement.terms.gates.lossRatioYears,
    })),
    today,
  );
}

/**
 * The actuals of a network's agreements, its own and its agencies' (see `networkAgreementActuals`);
 * an agreement of a started year that no agency reported anything of has empty actuals.
 */
async function networkActuals(
  db: Db,
  level: Extract<Level, { kind: 'network' }>,
  agreements: readonly Agreement[],
  today: CalendarDay,
): Promise<Map<string, AgreementActuals>> {
  const read = await networkAgreementActuals(
    db,
    level,
    agreements.map((agreement) => ({
      agreementUuid: agreement.agreementUuid,
      agencyUuid: agreement.agencyUuid,
      carrierUuid: agreement.carrierUuid,
      lines: agreement.lines,
      year: agreement.year,
      lossRatioYears: agreement.terms.gates.lossRatioYears,
    })),
    today,
  );
  const answers = new Map<string, AgreementActuals>();
  for (const agreement of agreements) {
    const found = read.get(agreement.agreementUuid);
    if (found) answers.set(agreement.agreementUuid, found);
    else if (agreementPeriod(agreement.year, today))
      answers.set(agreement.agreementUuid, {
        ...EMPTY_ACTUALS,
        monthsElapsed: monthsOf(agreement.year, today),
      });
  }
  return answers;
}

/** An agreement's projection, without the agreement (its row is read on each request). */
type Projection = Omit<AgreementSummary, 'agreement'>;

type KeptProjection = { version: number; projection: Projection };

/** The memory an agreement's projection, or a ranking's row, takes (decision 094: an upper estimate). */
const BYTES_PER_PROJECTION = 2000;

/** Member agreements' projections by agency, then agreement, at the agreement's version (decision 078). */
class MemberProjections implements ByAgency {
  readonly byAgency = new Map<string, Map<string, KeptProjection>>();

  size(): number {
    return this.byAgency.size;
  }

  bytes(): number {
    let held = 0;
    for (const own of this.byAgency.values()) held += own.size;
    for (const ranked of this.rows.values()) held += ranked.rows.length;
    return held * BYTES_PER_PROJECTION;
  }

  /**
   * The ranking's rows of a year and carriers, with the signature of the agreements they were read at
   * (they depend on the agreements, not on the facts).
   */
  readonly rows = new Map<string, { signature: string; rows: RankedRow[] }>();

  /** Forgets the agencies' projections: they are projected again from their new figures. */
  replace(agencyUuids: readonly string[]): void {
    for (const agency of agencyUuids) this.byAgency.delete(agency);
  }

  get(agencyUuid: string, agreementUuid: string, version: number): Projection | undefined {
    const found = this.byAgency.get(agencyUuid)?.get(agreementUuid);
    return found?.version === version ? found.projection : undefined;
  }

  set(agreement: Agreement, projection: Projection): void {
    const agreements = this.byAgency.get(agreement.agencyUuid!) ?? new Map<string, KeptProjection>();
    agreements.set(agreement.agreementUuid, { version: agreement.version, projection });
    this.byAgency.set(agreement.agencyUuid!, agreements);
  }
}

/** What the ranking reads of a member agreement: enough to order it and find its kept projection. */
type RankedRow = {
  uuid: string;
  agency_uuid: string;
  version: number;
  holder_name: string;
  carrier_name: string;
  name: string;
};

type Ranked = { row: RankedRow; projection: Projection };

const byName = new Intl.Collator().compare;

/** Payout at risk first, then projected payout, then agency, carrier and agreement names. */
const rankOrder = (a: Ranked, b: Ranked) =>
  b.projection.payoutAtRisk - a.projection.payoutAtRisk ||
  b.projection.projectedPayout - a.projection.projectedPayout ||
  byName(a.row.holder_name, b.row.holder_name) ||
  byName(a.row.carrier_name, b.row.carrier_name) ||
  byName(a.row.name, b.row.name) ||
  byName(a.row.uuid, b.row.uuid);

/** The first `count` of `items` in `order` (a total order): the ranking's page without sorting it all. */
export function firstInOrder<T>(items: T[], count: number, order: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (count * 4 >= items.length) return items.sort(order).slice(0, count);
  const first: T[] = [];
  for (const item of items) {
    if (first.length === count && order(item, first[count - 1]!) >= 0) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order(first[middle]!, item) < 0) low = middle + 1;
      else high = middle;
    }
    first.splice(low, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}

const uuidArray = (uuids: readonly string[]) => `{${uuids.join(',')}}`;

/**
 * A network's member agreements of a year (of `carrierFilter`'s carriers) ranked by payout at risk,
 * with their projections. The projections are kept per network and data version (decisions 075, 078),
 * by agreement and its version (every edit moves it), for `today`: the figures behind them are the
 * facts', kept the same way, and a network holds thousands of agreements. Each view reads the
 * agreements' names and versions; only those not kept yet (new, edited, or of an agency written since)
 * are read whole and projected.
 */
async function rankMembers(
  db: Db,
  level: Extract<Level, { kind: 'network' }>,
  year: number,
  carriers: readonly string[] | null,
  carrierFilter: SQL,
  today: CalendarDay,
): Promise<{ ranked: Ranked[]; computed: number }> {
  const members = sql`a.network_uuid = ${level.networkUuid}::uuid and a.year = ${year}
    and a.agency_uuid is not null ${carrierFilter}`;
  const [signed, kept] = await Promise.all([
    // Every write of an agreement moves its version or the newest update time; a delete, the count.
    db.execute<{ signature: string }>(sql`
      select count(*)::text || '/' || coalesce(sum(a.version), 0)::text || '/' || coalesce(max(a.updated_at)::text, '')
        as signature
      from profit_share_agreements a where ${members}`),
    cachedByAgency(db, level.networkUuid, 'member-projections', { today }, async () =>
      Promise.resolve(new MemberProjections()),
    ),
  ]);
  const signature = signed.rows[0]!.signature;
  const key = requestKey({ year, carriers });
  let rows = kept.rows.get(key);
  if (rows?.signature !== signature) {
    // Read after the signature: never older than it.
    const read = await db.execute<RankedRow>(sql`
      select a.uuid, a.agency_uuid, a.version, ag.name as holder_name, c.display_name as carrier_name, a.name
      from profit_share_agreements a
      join carriers c on c.uuid = a.carrier_uuid
      join agencies ag on ag.uuid = a.agency_uuid
      where ${members}`);
    rows = { signature, rows: read.rows.map((row) => ({ ...row, version: Number(row.version) })) };
    kept.rows.set(key, rows);
  }
  const ranked: Ranked[] = [];
  const missing: RankedRow[] = [];
  for (const row of rows.rows) {
    const projection = kept.get(row.agency_uuid, row.uuid, row.version);
    if (projection) ranked.push({ row, projection });
    else missing.push(row);
  }
  if (missing.length > 0) {
    const agreements = (
      await db.execute<AgreementRow>(sql`${selectAgreements}
        where a.uuid = any(${uuidArray(missing.map((row) => row.uuid))}::uuid[])`)
    ).rows.map((row) => agreementOut(row, null));
    const actuals = await networkActuals(db, level, agreements, today);
    const rowOf = new Map(missing.map((row) => [row.uuid, row]));
    // Ranked at the version read whole (an edit since the row's is shown); deleted since: left out.
    for (const agreement of agreements) {
      const { agreement: _, ...projection } = summarise(agreement, actuals.get(agreement.agreementUuid));
      kept.set(agreement, projection);
      ranked.push({ row: rowOf.get(agreement.agreementUuid)!, projection });
    }
  }
  return { ranked, computed: missing.length };
}

/**
 * Projects a network's agreements of the working year and the year before (whose checks come in
 * during this one) ahead of their first view (the server's warm-up, `read-model/warm-up.ts`): the
 * figures of every carrier with an agreement of the year, read over the facts, and its members'
 * ranking, kept as a view keeps them. Answers how many of its members' projections it computed
 * (none: every one was kept).
 */
export async function rankMembersAhead(db: Db, networkUuid: string, today: CalendarDay): Promise<number> {
  const level = { kind: 'network', networkUuid } as const;
  let computed = 0;
  for (const year of [workingYear(today), workingYear(today) - 1]) {
    const [, members] = await Promise.all([
      ownSummaries(db, null, level, year, sql``, today),
      rankMembers(db, level, year, null, sql``, today),
    ]);
    computed += members.computed;
  }
  return computed;
}

const EMPTY_ACTUALS: AgreementActuals = {
  monthsElapsed: 1,
  writtenPremiumCents: null,
  priorWrittenPremiumCents: null,
  priorYearWrittenPremiumCents: null,
  newBusinessCents: null,
  earnedCents: null,
  incurredCents: null,
  multiYearEarnedCents: null,
  multiYearIncurredCents: null,
  policiesInForce: null,
  restOfLastYear: null,
};

const monthsOf = (year: number, today: CalendarDay) => Number(agreementPeriod(year, today)!.end.slice(5, 7));

/** The level an agreement's own figures are read at: its agency, or its network. */
const holderLevel = (agreement: Agreement): Level =>
  agreement.agencyUuid === null
    ? { kind: 'network', networkUuid: agreement.networkUuid }
    : { kind: 'agency', agencyUuid: agreement.agencyUuid, networkUuid: agreement.networkUuid };

/**
 * The level's own agreements of a year whole, with their actuals: an agency's read at the agency; a
 * network's from its agencies' figures, by agency and carrier (`actor` null: for the warm-up).
 */
async function ownSummaries(
  db: Db,
  actor: Actor | null,
  level: Level,
  year: number,
  carrierFilter: SQL,
  today: CalendarDay,
): Promise<AgreementSummary[]> {
  const holder = holderOf(level);
  const own = (
    await db.execute<AgreementRow>(sql`${selectAgreements}
      where a.network_uuid = ${holder.networkUuid}::uuid and a.year = ${year} ${carrierFilter}
        and a.agency_uuid is not distinct from ${holder.agencyUuid}::uuid
      order by c.display_name, a.name`)
  ).rows.map((row) => agreementOut(row, actor));
  const actuals =
    level.kind === 'network'
      ? await networkActuals(db, level, own, today)
      : await agencyActuals(db, level, own, today);
  return own.map((agreement) => summarise(agreement, actuals.get(agreement.agreementUuid)));
}

/** The ranking's page to send (null: every row, for the exports). */
export type MemberPaging = { page: number; pageSize: number } | null;

/** The ranking's totals over every member agreement, summed in integer cents. */
function memberTotalsOf(ranked: readonly Projection[]): AgreementsResponse['memberTotals'] {
  let projected = 0;
  let yearToDate = 0;
  let atRisk = 0;
  for (const summary of ranked) {
    projected += toCents(summary.projectedPayout);
    yearToDate += toCents(summary.yearToDatePayout);
    atRisk += toCents(summary.payoutAtRisk);
  }
  return {
    count: ranked.length,
    projectedPayout: toDollars(projected),
    yearToDatePayout: toDollars(yearToDate),
    payoutAtRisk: toDollars(atRisk),
  };
}

/**
 * GET /api/profit-sharing/agreements: the level's own agreements of a year with their projections; at a
 * network, also its member agencies' agreements ranked by payout at risk (then projected payout): the
 * page asked for, with the ranking's count and totals (`paging` null: every row).
 */
export async function listAgreements(
  db: Db,
  actor: Actor,
  level: Level,
  year: number | undefined,
  carriers: readonly string[] | null,
  today: CalendarDay,
  paging: MemberPaging = null,
): Promise<AgreementsResponse> {
  const holder = holderOf(level);
  const current = workingYear(today);
  const chosen = year ?? current;
  const carrierFilter = carriers
    ? sql`and a.carrier_uuid = any(${`{${carriers.join(',')}}`}::uuid[])`
    : sql``;
  const [years, agreements, ranked] = await Promise.all([
    db.execute<{ year: number }>(sql`
      select distinct year from profit_share_agreements
      where network_uuid = ${holder.networkUuid}::uuid
        and (${level.kind === 'network'} or agency_uuid = ${holder.agencyUuid}::uuid)`),
    ownSummaries(db, actor, level, chosen, carrierFilter, today),
    level.kind === 'network'
      ? rankMembers(db, level, chosen, carriers, carrierFilter, today).then((r) => r.ranked)
      : [],
  ]);
  const pageSize = paging ? paging.pageSize : Math.max(1, ranked.length);
  const page = paging ? paging.page : 1;
  const shown = paging
    ? firstInOrder(ranked, page * pageSize, rankOrder).slice((page - 1) * pageSize)
    : ranked.sort(rankOrder);
  // The shown rows read whole.
  const wholeRows =
    shown.length === 0
      ? []
      : (
          await db.execute<AgreementRow>(sql`${selectAgreements}
            where a.uuid = any(${uuidArray(shown.map(({ row }) => row.uuid))}::uuid[])`)
        ).rows;
  const whole = new Map(wholeRows.map((row) => [row.uuid, agreementOut(row, actor)]));
  return {
    year: chosen,
    yearOptions: [...new Set([current, current - 1, ...years.rows.map((row) => Number(row.year))])].sort(
      (a, b) => b - a,
    ),
    levelKind: level.kind,
    canEdit: mayEditAgreements(actor, holder),
    agreements,
    memberAgreements: shown.flatMap(({ row, projection }) => {
      const agreement = whole.get(row.uuid);
      return agreement ? [{ agreement, ...projection }] : []; // deleted since
    }),
    memberPage: { page, pageSize },
    memberTotals: memberTotalsOf(ranked.map(({ projection }) => projection)),
  };
}

/** GET /api/profit-sharing/agreements/{agreementUuid}: the agreement, its actuals and its year so far by month. */
export async function agreementDetail(
  db: Db,
  agreement: Agreement,
  today: CalendarDay,
): Promise<AgreementDetail> {
  const level = holderLevel(agreement);
  const [actuals, months] = await Promise.all([
    level.kind === 'network'
      ? networkActuals(db, level, [agreement], today)
      : agencyActuals(db, level, [agreement], today),
    agreementMonths(db, level, agreement.carrierUuid, agreement.lines, agreement.year, today),
  ]);
  const found = actuals.get(agreement.agreementUuid) ?? null;
  const summary = summarise(agreement, found ?? undefined);
  const period = agreementPeriod(agreement.year, today);
  return {
    ...summary,
    period: period && { startMonth: period.start, endMonth: period.end },
    reportingMonth: latestReportingMonth(today),
    actuals: found && { ...found, policiesInForce: agreement.policiesInForce },
    months,
  };
}

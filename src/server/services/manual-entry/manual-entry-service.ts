import { sql } from 'drizzle-orm';
import {
  CARRIER_RESULTS_MAX,
  dollarsOf,
  percentOf,
  periodIssues,
  type CarrierEntryList,
  type CarrierEntryRecord,
  type CarrierSearchResponse,
  type SubCodeResponse,
  type carrierEntryRequestSchema,
  wipedFigureIssues,
} from '#shared/contracts/manual-entry.ts';
import { formatYearMonth, latestReportingMonth, workingYear } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { z } from 'zod';
import type { Db, Executor } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { changeAgencyProduction, type ChangedMonth } from '#server/services/read-model/refresh.ts';

type AgencyLevel = Extract<Level, { kind: 'agency' }>;
type EntryRequest = z.output<typeof carrierEntryRequestSchema>;
/** One chain of snapshots: agency x carrier x sub-code x line x year (DESIGN §6). */
type Chain = {
  agencyUuid: string;
  carrierUuid: string;
  agencyCodeUuid: string;
  lineUuid: string;
  year: number;
};

/** Manual entry belongs to one agency: a network-level view has none. */
export function agencyLevel(level: Level): AgencyLevel {
  if (level.kind !== 'agency') {
    throw new AppError('bad_request', 'Choose an agency to enter its carrier production.', {
      levelUuid: 'Choose an agency to enter its carrier production.',
    });
  }
  return level;
}

/** Agency users write their own agency's entries, and internal staff on an agency's behalf. */
function assertMayWrite(actor: Actor, level: AgencyLevel): void {
  const own = actor.userType === 'agency' && actor.agencyUuid === level.agencyUuid;
  if (!own && actor.userType !== 'internal') {
    throw new AppError('forbidden', "Only the agency's own users can change its carrier entries.");
  }
}

type EntryRow = {
  uuid: string;
  version: number;
  year: number;
  month: number;
  written_premium: string;
  new_business: string;
  mover: string;
  incurred_loss: string;
  earned_premium: string;
  loss_ratio: string;
  radio: 'incurredLossEarnedPremium' | 'lossRatio';
  carrier_uuid: string;
  carrier_name: string;
  line_uuid: string;
  line_code: CarrierEntryRecord['policyTypeCode'];
  code: string;
  agency_code_uuid: string;
  agency_uuid: string;
  agency_name: string;
  last_request_id: string;
  updated_at: string;
};

const ENTRY_SELECT = sql`
  select e.uuid, e.version, e.year, e.month, e.written_premium::text, e.new_business::text, e.mover::text,
    e.incurred_loss::text, e.earned_premium::text, e.loss_ratio::text, e.radio, e.carrier_uuid,
    c.display_name as carrier_name, e.line_uuid, l.code as line_code, k.code, e.agency_code_uuid,
    e.agency_uuid, a.name as agency_name, e.last_request_id,
    to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
  from manual_entries e
  join carriers c on c.uuid = e.carrier_uuid
  join lines_of_business l on l.uuid = e.line_uuid
  join agency_codes k on k.agency_uuid = e.agency_uuid and k.uuid = e.agency_code_uuid
  join agencies a on a.uuid = e.agency_uuid`;

function recordOf(row: EntryRow): CarrierEntryRecord {
  return {
    importUuid: row.uuid,
    version: row.version,
    year: row.year,
    month: row.month,
    date: `${formatYearMonth(row.year, row.month)}-01`,
    dwp: Number(row.written_premium),
    newDwp: Number(row.new_business),
    '12Mm_dwp': Number(row.mover),
    incurred: Number(row.incurred_loss),
    earned: Number(row.earned_premium),
    lossRatio: Number(row.loss_ratio),
    radio: row.radio,
    companyUuid: row.carrier_uuid,
    companyName: row.carrier_name,
    policyTypeUuid: row.line_uuid,
    policyTypeCode: row.line_code,
    agencyCode: row.code,
    subCode: row.code,
    subCodeUuid: row.agency_code_uuid,
    agencyUuid: row.agency_uuid,
    agencyName: row.agency_name,
    updatedAt: row.updated_at,
  };
}

/** GET /api/carrierentry/fetch: the agency's entries of a year (default the working year). */
export async function listCarrierEntries(
  db: Db,
  level: AgencyLevel,
  year: number | undefined,
  today: CalendarDay,
): Promise<CarrierEntryList> {
  const shownYear = year ?? workingYear(today);
  const entries = await db.execute<EntryRow>(sql`${ENTRY_SELECT}
    where e.agency_uuid = ${level.agencyUuid}::uuid and e.year = ${shownYear}
    order by c.display_name, k.code, l.sort_order, e.month desc`);
  // Each carrier's written premium YTD: the latest snapshot of each sub-code and line, summed.
  const carriers = await db.execute<{ carrier_uuid: string; name: string; total: string }>(sql`
    select latest.carrier_uuid, c.display_name as name, sum(latest.written_premium)::text as total
    from (
      select distinct on (e.carrier_uuid, e.agency_code_uuid, e.line_uuid) e.carrier_uuid, e.written_premium
      from manual_entries e
      where e.agency_uuid = ${level.agencyUuid}::uuid and e.year = ${shownYear}
      order by e.carrier_uuid, e.agency_code_uuid, e.line_uuid, e.month desc
    ) latest
    join carriers c on c.uuid = latest.carrier_uuid
    group by latest.carrier_uuid, c.display_name
    order by c.display_name`);
  return {
    year: shownYear,
    currentMonth: latestReportingMonth(today),
    carriers: carriers.rows.map((c) => ({
      companyUuid: c.carrier_uuid,
      companyName: c.name,
      writtenPremiumYtd: Number(c.total),
    })),
    entries: entries.rows.map(recordOf),
  };
}

/** GET /api/carriers/: carriers whose name contains the search, by name, at most 8. */
export async function searchCarriers(db: Db, search: string): Promise<CarrierSearchResponse['carriers']> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute<{
    uuid: string;
    name: string;
    display_name: string;
    is_crop: boolean;
    is_core_carrier: boolean;
  }>(sql`
    select uuid, name, display_name, is_crop, is_core_carrier from carriers
    where display_name ilike ${pattern} or name ilike ${pattern}
    order by display_name limit ${CARRIER_RESULTS_MAX}`);
  return result.rows.map((c) => ({
    uuid: c.uuid,
    name: c.name,
    displayName: c.display_name,
    isCrop: c.is_crop,
    isCoreCarrier: c.is_core_carrier,
  }));
}

/** GET /api/subcodes/fetch: the agency's sub-codes at a carrier, by code. */
export async function listSubCodes(
  db: Db,
  level: AgencyLevel,
  carrierUuid: string,
): Promise<SubCodeResponse['subCodes']> {
  const result = await db.execute<{
    uuid: string;
    code: string;
    name: string;
    parent_uuid: string | null;
  }>(sql`
    select uuid, code, name, parent_uuid from agency_codes
    where agency_uuid = ${level.agencyUuid}::uuid and carrier_uuid = ${carrierUuid}::uuid
    order by code`);
  return result.rows.map((r) => ({ uuid: r.uuid, code: r.code, name: r.name, parent: r.parent_uuid }));
}

async function entryBy(tx: Executor, agencyUuid: string, where: ReturnType<typeof sql>) {
  const result = await tx.execute<EntryRow>(sql`${ENTRY_SELECT}
    where e.agency_uuid = ${agencyUuid}::uuid and ${where} for update of e`);
  return result.rows[0];
}

/** The sub-code of the request: the agency's existing one, or a new one the user typed. */
async function subCodeFor(tx: Executor, level: AgencyLevel, body: EntryRequest): Promise<string> {
  if (body.subCodeUuid) {
    const found = await tx.execute(sql`
      select 1 from agency_codes where agency_uuid = ${level.agencyUuid}::uuid
        and uuid = ${body.subCodeUuid}::uuid and carrier_uuid = ${body.carrierUuid}::uuid`);
    if (found.rows.length === 0) {
      throw new AppError('bad_request', 'This sub-code does not belong to the carrier.', {
        subCode: 'This sub-code does not belong to the carrier.',
      });
    }
    return body.subCodeUuid;
  }
  if (body.subcodeParent) {
    const parent = await tx.execute(sql`
      select 1 from agency_codes where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${body.subcodeParent}::uuid`);
    if (parent.rows.length === 0) {
      throw new AppError('bad_request', 'The associated sub agency is not one of your codes.', {
        subcodeParent: 'The associated sub agency is not one of your codes.',
      });
    }
  }
  // A code typed again (or by someone else meanwhile) is the same sub-code.
  const result = await tx.execute<{ uuid: string }>(sql`
    insert into agency_codes (agency_uuid, carrier_uuid, code, name, parent_uuid, origin)
    values (${level.agencyUuid}::uuid, ${body.carrierUuid}::uuid, ${body.subCode}, ${body.subCode},
      ${body.subcodeParent}::uuid, 'manual')
    on conflict (agency_uuid, carrier_uuid, code) do update set code = excluded.code
    returning uuid`);
  return result.rows[0]!.uuid;
}

/**
 * Rewrites the monthly facts (source 'manual') of one chain of snapshots: agency x carrier x
 * sub-code x line x year (DESIGN §6). A month's amount is its snapshot minus the latest earlier
 * snapshot of the year, so the year's months always add up to the latest snapshot. After a missing
 * month (or a first snapshot after January) the amount covers the gap too: `gap_months` says how many
 * months, and a period that starts inside the gap leaves it out (decision 014); earned and
 * incurred count from the snapshots that gave them (not a loss ratio alone), otherwise they are not
 * reported. It changes the facts of `chainMonths(chain)` only.
 */
async function rewriteChainFacts(tx: Executor, chain: Chain): Promise<void> {
  const { agencyUuid, carrierUuid, agencyCodeUuid, lineUuid, year } = chain;
  const inChain = (alias: string) => sql`${sql.raw(alias)}.agency_uuid = ${agencyUuid}::uuid
    and ${sql.raw(alias)}.carrier_uuid = ${carrierUuid}::uuid and ${sql.raw(alias)}.line_uuid = ${lineUuid}::uuid
    and ${sql.raw(alias)}.agency_code_uuid = ${agencyCodeUuid}::uuid`;
  await tx.execute(sql`
    delete from production_facts f where ${inChain('f')} and f.source = 'manual'
      and f.month between make_date(${year}::int, 1, 1) and make_date(${year}::int, 12, 1)`);
  await tx.execute(sql`
    insert into production_facts (agency_uuid, network_uuid, carrier_uuid, line_uuid, agency_code_uuid,
      month, source, gap_months, written_premium, new_written_premium, earned, incurred)
    select e.agency_uuid, e.network_uuid, e.carrier_uuid, e.line_uuid, e.agency_code_uuid,
      make_date(e.year, e.month, 1), 'manual', e.month - coalesce(lag(e.month) over w, 0) - 1,
      e.written_premium - coalesce(lag(e.written_premium) over w, 0),
      e.new_business - coalesce(lag(e.new_business) over w, 0),
      case when e.radio = 'incurredLossEarnedPremium' then e.earned_premium - coalesce(given.earned, 0) end,
      case when e.radio = 'incurredLossEarnedPremium' then e.incurred_loss - coalesce(given.incurred, 0) end
    from manual_entries e
    left join lateral (
      select p.earned_premium as earned, p.incurred_loss as incurred from manual_entries p
      where ${inChain('p')} and p.year = e.year and p.month < e.month and p.radio = 'incurredLossEarnedPremium'
      order by p.month desc limit 1
    ) given on true
    where ${inChain('e')} and e.year = ${year}
    window w as (order by e.month)`);
}

/** The carrier-months whose facts a rewrite of the chain changes: its carrier's 12 months of the year. */
function chainMonths(chain: Chain): ChangedMonth[] {
  return Array.from({ length: 12 }, (_, i) => ({
    carrierUuid: chain.carrierUuid,
    month: `${formatYearMonth(chain.year, i + 1)}-01`,
  }));
}

/** Rewrites the chain's facts and brings the read model up to date, in the caller's transaction. */
async function saveChainFacts(tx: Executor, chain: Chain): Promise<void> {
  await changeAgencyProduction(tx, chain.agencyUuid, chainMonths(chain), () => rewriteChainFacts(tx, chain));
}

const auditable = (row: EntryRow | undefined) => (row ? recordOf(row) : null);

async function audit(
  tx: Pick<Db, 'insert'>,
  actor: Actor,
  agencyUuid: string,
  action: 'create' | 'update' | 'delete',
  entityId: string,
  before: EntryRow | undefined,
  after: EntryRow | undefined,
): Promise<void> {
  await recordAudit(tx, {
    agencyUuid,
    actorUserId: actor.userId,
    action,
    entity: 'manual_entry',
    entityId,
    before: auditable(before),
    after: auditable(after),
  });
}

const SAVED_MEANWHILE =
  'Someone else saved an entry for this sub-code, line of business and month after you opened the form. Close the form to see it.';
const STALE =
  'Someone else changed this entry after you opened it. Close the form and open the entry again to see their figures.';

/**
 * POST /api/carrierentry/new: creates the entry, or edits the one at the same sub-code, line, year
 * and month, in one transaction with an audit row and the rollups brought up to date.
 */
export async function saveCarrierEntry(
  db: Db,
  actor: Actor,
  level: AgencyLevel,
  body: EntryRequest,
  today: CalendarDay,
): Promise<CarrierEntryRecord> {
  assertMayWrite(actor, level);
  const period = periodIssues(body.year, body.month, today);
  if (Object.keys(period).length > 0) {
    throw new AppError('bad_request', Object.values(period).join(' '), period);
  }
  return db.transaction(async (tx) => {
    const carrier = await tx.execute(sql`select 1 from carriers where uuid = ${body.carrierUuid}::uuid`);
    if (carrier.rows.length === 0) {
      throw new AppError('bad_request', 'Choose a carrier from the list.', {
        carrier: 'Choose a carrier from the list.',
      });
    }
    const line = await tx.execute<{ uuid: string }>(
      sql`select uuid from lines_of_business where level = 1 and code = ${body.policyType}`,
    );
    const lineUuid = line.rows[0]!.uuid;
    const agencyCodeUuid = await subCodeFor(tx, level, body);

    const atKey = await entryBy(
      tx,
      level.agencyUuid,
      sql`e.carrier_uuid = ${body.carrierUuid}::uuid and e.agency_code_uuid = ${agencyCodeUuid}::uuid
        and e.line_uuid = ${lineUuid}::uuid and e.year = ${body.year} and e.month = ${body.month}`,
    );
    const before =
      body.importUuid && body.importUuid !== atKey?.uuid
        ? await entryBy(tx, level.agencyUuid, sql`e.uuid = ${body.importUuid}::uuid`)
        : atKey;
    if (before && before.last_request_id === body.requestId) return recordOf(before); // a retry
    if (body.importUuid && !before) {
      throw new AppError(
        'not_found',
        'This entry no longer exists: it may have been deleted. Close the form to see the list.',
      );
    }
    if (before && before.uuid !== atKey?.uuid) {
      throw new AppError('bad_request', 'An entry keeps its carrier, sub-code, line of business and month.');
    }
    if (before && body.version === null) throw new AppError('conflict', SAVED_MEANWHILE);
    if (before && before.version !== body.version) throw new AppError('conflict', STALE);
    if (before) {
      const wiped = wipedFigureIssues(body, {
        writtenPremium: before.written_premium,
        newBusiness: before.new_business,
        mover: before.mover,
        incurredLoss: before.incurred_loss,
        earnedPremium: before.earned_premium,
        lossRatio: before.loss_ratio,
        radio: before.radio,
      });
      if (Object.keys(wiped).length > 0) {
        throw new AppError(
          'bad_request',
          'Some figures are empty but the saved entry has them: enter each again to keep it, or 0 to clear it.',
          wiped,
        );
      }
    }

    const lossRatioOnly = body.radio === 'lossRatio';
    const v = {
      writtenPremium: dollarsOf(body.writtenPremium),
      newBusiness: dollarsOf(body.newBusiness),
      mover: dollarsOf(body.mover),
      incurredLoss: lossRatioOnly ? '0' : dollarsOf(body.incurredLoss),
      earnedPremium: lossRatioOnly ? '0' : dollarsOf(body.earnedPremium),
      lossRatio: lossRatioOnly ? percentOf(body.lossRatio) : '0',
    };
    let uuid: string;
    if (before) {
      await tx.execute(sql`
        update manual_entries set written_premium = ${v.writtenPremium}::numeric,
          new_business = ${v.newBusiness}::numeric, mover = ${v.mover}::numeric,
          incurred_loss = ${v.incurredLoss}::numeric, earned_premium = ${v.earnedPremium}::numeric,
          loss_ratio = ${v.lossRatio}::numeric, radio = ${body.radio}, last_request_id = ${body.requestId}::uuid,
          version = version + 1, updated_by = ${actor.userId}::uuid, updated_at = now()
        where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${before.uuid}::uuid`);
      uuid = before.uuid;
    } else {
      const inserted = await tx.execute<{ uuid: string }>(sql`
        insert into manual_entries (agency_uuid, network_uuid, carrier_uuid, agency_code_uuid, line_uuid, year,
          month, written_premium, new_business, mover, incurred_loss, earned_premium, loss_ratio, radio,
          last_request_id, created_by, updated_by)
        values (${level.agencyUuid}::uuid, ${level.networkUuid}::uuid, ${body.carrierUuid}::uuid,
          ${agencyCodeUuid}::uuid, ${lineUuid}::uuid, ${body.year}, ${body.month}, ${v.writtenPremium}::numeric,
          ${v.newBusiness}::numeric, ${v.mover}::numeric, ${v.incurredLoss}::numeric,
          ${v.earnedPremium}::numeric, ${v.lossRatio}::numeric, ${body.radio}, ${body.requestId}::uuid,
          ${actor.userId}::uuid, ${actor.userId}::uuid)
        returning uuid`);
      uuid = inserted.rows[0]!.uuid;
    }
    const after = (await entryBy(tx, level.agencyUuid, sql`e.uuid = ${uuid}::uuid`))!;
    await audit(tx, actor, level.agencyUuid, before ? 'update' : 'create', uuid, before, after);
    await saveChainFacts(tx, {
      agencyUuid: level.agencyUuid,
      carrierUuid: body.carrierUuid,
      agencyCodeUuid,
      lineUuid,
      year: body.year,
    });
    return recordOf(after);
  });
}

/** POST /api/carrierentry/delete/{importUuid}: deletes one entry of the caller's agency. */
export async function deleteCarrierEntry(
  db: Db,
  actor: Actor,
  level: AgencyLevel,
  importUuid: string,
): Promise<void> {
  assertMayWrite(actor, level);
  await db.transaction(async (tx) => {
    const before = await entryBy(tx, level.agencyUuid, sql`e.uuid = ${importUuid}::uuid`);
    if (!before) throw new AppError('not_found', 'This entry does not exist, or was already deleted.');
    await tx.execute(
      sql`delete from manual_entries where agency_uuid = ${level.agencyUuid}::uuid and uuid = ${importUuid}::uuid`,
    );
    await audit(tx, actor, level.agencyUuid, 'delete', importUuid, before, undefined);
    await saveChainFacts(tx, {
      agencyUuid: level.agencyUuid,
      carrierUuid: before.carrier_uuid,
      agencyCodeUuid: before.agency_code_uuid,
      lineUuid: before.line_uuid,
      year: before.year,
    });
  });
}

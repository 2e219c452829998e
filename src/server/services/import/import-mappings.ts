import { sql } from 'drizzle-orm';
import type { ImportMapping, ImportMappingUpdate } from '#shared/contracts/import-mappings.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import { resolveImportScope, type ImportScope } from './import-access.ts';
import { carrierCandidates, codeCandidates, lineCandidates, type MatchCandidate } from './import-load.ts';

/**
 * The remembered matches of uploaded files' values, listed, changed and deleted (decision 045). An
 * agency's administrators see and change their agency's own only; network users and staff every one
 * of their network's (the network's, and each agency's). Each change is audited.
 */

type Row = {
  uuid: string;
  network_uuid: string;
  agency_uuid: string | null;
  dimension: ImportMapping['dimension'];
  scope_key: string;
  source_value: string;
  target_uuid: string | null;
  miscellaneous: boolean;
  overrides_exact: boolean;
};

const NOT_FOUND = 'This remembered match does not exist.';

function inScope(scope: ImportScope, row: Pick<Row, 'network_uuid' | 'agency_uuid'>): boolean {
  return (
    row.network_uuid === scope.networkUuid &&
    (scope.agencyUuid === null || row.agency_uuid === scope.agencyUuid)
  );
}

const SELECT = sql`
  select m.uuid as "mappingUuid", m.dimension, nullif(m.scope_key, '')::uuid as "carrierUuid",
    sc.display_name as "carrierName", m.source_value as value, m.target_uuid as "targetUuid",
    case m.dimension when 'carrier' then tc.display_name when 'line' then tl.name
      else tcode.code || ' ' || tcode.name || ' (' || tca.name || ')' end as "targetName",
    m.miscellaneous, m.overrides_exact as "overridesExact", m.agency_uuid as "agencyUuid",
    a.name as "agencyName", coalesce(u.name, '') as "updatedBy", m.updated_at as "updatedAt"
  from import_value_mappings m
  left join carriers sc on m.dimension = 'agencyCode' and sc.uuid::text = m.scope_key
  left join carriers tc on m.dimension = 'carrier' and tc.uuid = m.target_uuid
  left join lines_of_business tl on m.dimension = 'line' and tl.uuid = m.target_uuid
  left join agency_codes tcode on m.dimension = 'agencyCode' and tcode.uuid = m.target_uuid
  left join agencies tca on tca.uuid = tcode.agency_uuid
  left join agencies a on a.uuid = m.agency_uuid
  left join users u on u.id = m.updated_by`;

type Listed = Omit<ImportMapping, 'updatedAt'> & { updatedAt: Date | string };

const asMapping = (r: Listed): ImportMapping => ({
  ...r,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** The remembered matches in the caller's scope: the network's and its agencies', or one agency's. */
export async function listImportMappings(
  db: Db,
  actor: Actor,
  networkUuid: string | undefined,
): Promise<ImportMapping[]> {
  const scope = await resolveImportScope(db, actor, networkUuid);
  const agency = scope.agencyUuid ? sql`and m.agency_uuid = ${scope.agencyUuid}::uuid` : sql``;
  const rows = await db.execute<Listed>(sql`${SELECT}
    where m.network_uuid = ${scope.networkUuid}::uuid ${agency}
    order by a.name nulls first, m.dimension, sc.display_name nulls first, m.source_value`);
  return rows.rows.map(asMapping);
}

/** One remembered match the caller may see, or 404 as if it did not exist. */
async function loadInScope(db: Db, actor: Actor, mappingUuid: string): Promise<Row> {
  const rows = await db.execute<Row>(sql`
    select uuid, network_uuid, agency_uuid, dimension, scope_key, source_value, target_uuid, miscellaneous,
      overrides_exact
    from import_value_mappings where uuid = ${mappingUuid}::uuid`);
  const row = rows.rows[0];
  // Staff act on the network of the record; everyone else on their own, checked before existence.
  const scope = await resolveImportScope(
    db,
    actor,
    actor.userType === 'internal' ? (row?.network_uuid ?? undefined) : undefined,
  ).catch((e: unknown) => {
    if (actor.userType === 'internal' && !row) throw new AppError('not_found', NOT_FOUND);
    throw e;
  });
  if (!row || !inScope(scope, row)) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** What a remembered match may point to: carriers, standard types, or its owner's codes at its carrier. */
async function candidatesOf(db: Db, row: Row): Promise<MatchCandidate[]> {
  if (row.dimension === 'carrier') return (await carrierCandidates(db)).map(({ id, name }) => ({ id, name }));
  // A remembered policy type serves production files (standard types) and commission statements
  // (broad lines too).
  if (row.dimension === 'line')
    return (await lineCandidates(db, 'commission')).map(({ id, name }) => ({ id, name }));
  const codes = await codeCandidates(
    db,
    { networkUuid: row.network_uuid, agencyUuid: row.agency_uuid },
    row.scope_key,
  );
  return codes.map((c) => ({ id: c.uuid, name: `${c.code} ${c.name} (${c.agency_name})` }));
}

export async function importMappingCandidates(
  db: Db,
  actor: Actor,
  mappingUuid: string,
): Promise<MatchCandidate[]> {
  return candidatesOf(db, await loadInScope(db, actor, mappingUuid));
}

const audited = (r: Pick<Row, 'target_uuid' | 'miscellaneous' | 'overrides_exact'>) => ({
  targetUuid: r.target_uuid,
  miscellaneous: r.miscellaneous,
  overridesExact: r.overrides_exact,
});

/** Changes a remembered match: another target, the Miscellaneous bucket, or whether it overrides. */
export async function updateImportMapping(
  db: Db,
  actor: Actor,
  mappingUuid: string,
  input: Required<ImportMappingUpdate>,
): Promise<ImportMapping> {
  const row = await loadInScope(db, actor, mappingUuid);
  if (input.overridesExact && actor.userType === 'agency') {
    throw new AppError('forbidden', 'Only network users may override an exact match.', {
      overridesExact: 'Only network users may override an exact match.',
    });
  }
  if (!input.miscellaneous) {
    if (!input.targetUuid) {
      throw new AppError(
        'bad_request',
        `Choose a match for "${row.source_value}" or put it in Miscellaneous.`,
        {
          targetUuid: 'Choose a match.',
        },
      );
    }
    if (!(await candidatesOf(db, row)).some((c) => c.id === input.targetUuid)) {
      throw new AppError(
        'bad_request',
        `The match chosen for "${row.source_value}" is not one of the list.`,
        {
          targetUuid: 'Choose from the list.',
        },
      );
    }
  }
  const after = {
    target_uuid: input.miscellaneous ? null : input.targetUuid,
    miscellaneous: input.miscellaneous,
    overrides_exact: input.overridesExact,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`update import_value_mappings set target_uuid = ${after.target_uuid}::uuid,
      miscellaneous = ${after.miscellaneous}, overrides_exact = ${after.overrides_exact},
      updated_by = ${actor.userId}::uuid, updated_at = now() where uuid = ${row.uuid}::uuid`);
    await recordAudit(tx, {
      agencyUuid: row.agency_uuid,
      actorUserId: actor.userId,
      action: 'update',
      entity: 'import_value_mapping',
      entityId: row.uuid,
      before: audited(row),
      after: audited(after),
    });
  });
  const rows = await db.execute<Listed>(sql`${SELECT} where m.uuid = ${row.uuid}::uuid`);
  return asMapping(rows.rows[0]!);
}

/** Forgets a remembered match: the value is matched again as if it had never been. */
export async function deleteImportMapping(db: Db, actor: Actor, mappingUuid: string): Promise<void> {
  const row = await loadInScope(db, actor, mappingUuid);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from import_value_mappings where uuid = ${row.uuid}::uuid`);
    await recordAudit(tx, {
      agencyUuid: row.agency_uuid,
      actorUserId: actor.userId,
      action: 'delete',
      entity: 'import_value_mapping',
      entityId: row.uuid,
      before: {
        dimension: row.dimension,
        carrierUuid: row.scope_key || null,
        value: row.source_value,
        ...audited(row),
      },
      after: null,
    });
  });
}

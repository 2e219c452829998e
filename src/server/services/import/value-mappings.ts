import { sql } from 'drizzle-orm';
import type { Db, Executor } from '#server/db/client.ts';
import { importValueChoices, importValueMappings } from '#server/db/schema/imports.ts';
import type { Actor } from '#server/policies/actor.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type { ImportRecord } from './import-staging.ts';

/**
 * Which match a file's value takes (decision 045). A value's matches come from four places: the
 * choices made in this upload, the remembered mappings of the upload's agency, the network's
 * remembered mappings, and an exact match of the value to a code or name in the upload's scope.
 */

export type Dimension = 'carrier' | 'line' | 'agencyCode';

/** What one of a file's values resolves to. */
export type Resolution = {
  targetUuid: string | null;
  miscellaneous: boolean;
  /** chosen: in this upload, not yet remembered; remembered: by an earlier loaded upload. */
  how: 'chosen' | 'remembered' | 'exact' | 'unmapped';
  /** The match applies although the value matches something else exactly. */
  overridesExact: boolean;
};

type Mapping = { target_uuid: string | null; miscellaneous: boolean; overrides_exact: boolean };

/** The mappings that may apply to an upload's values of one dimension, keyed by `scopeKey|value`. */
export type KnownMappings = {
  chosen: Map<string, Mapping>;
  agency: Map<string, Mapping>;
  network: Map<string, Mapping>;
};

/** A transaction that writes rows. */
type Writer = Pick<Db, 'execute' | 'insert'>;

export const mappingKey = (scopeKey: string, sourceValue: string) => `${scopeKey}|${sourceValue}`;

/**
 * The upload's own choices, its agency's remembered mappings (an agency's upload only) and the
 * network's remembered mappings. Another agency's mappings never apply.
 */
export async function knownMappings(
  db: Executor,
  record: Pick<ImportRecord, 'uuid' | 'networkUuid' | 'agencyUuid'>,
  dimension: Dimension,
): Promise<KnownMappings> {
  const remembered = await db.execute<Mapping & { scope_key: string; source_value: string; agency: boolean }>(
    sql`
    select scope_key, source_value, target_uuid, miscellaneous, overrides_exact, agency_uuid is not null as agency
    from import_value_mappings
    where network_uuid = ${record.networkUuid}::uuid and dimension = ${dimension}
      and (agency_uuid is null or agency_uuid = ${record.agencyUuid}::uuid)`,
  );
  const chosen = await db.execute<Mapping & { scope_key: string; source_value: string }>(sql`
    select scope_key, source_value, target_uuid, miscellaneous, overrides_exact from import_value_choices
    where import_uuid = ${record.uuid}::uuid and dimension = ${dimension}`);
  const byKey = (rows: (Mapping & { scope_key: string; source_value: string })[]) =>
    new Map(rows.map((r) => [mappingKey(r.scope_key, r.source_value), r]));
  return {
    chosen: byKey(chosen.rows),
    agency: byKey(remembered.rows.filter((r) => r.agency)),
    network: byKey(remembered.rows.filter((r) => !r.agency)),
  };
}

/**
 * A value's match, most authoritative first: an explicit override of an exact match (this upload's
 * choice, then the agency's, then the network's remembered one); the exact match; this upload's
 * choice; the agency's remembered mapping; the network's. A mapping whose target is outside the
 * upload's scope (another agency's code in an agency's upload) is passed over.
 */
export function resolveValue(
  known: KnownMappings,
  key: string,
  exact: string | null,
  allowed: (uuid: string) => boolean,
): Resolution {
  const usable = (m: Mapping | undefined): m is Mapping =>
    m !== undefined && (m.miscellaneous || (m.target_uuid !== null && allowed(m.target_uuid)));
  const sources = [
    ['chosen', known.chosen.get(key)],
    ['remembered', known.agency.get(key)],
    ['remembered', known.network.get(key)],
  ] as const;
  const as = (how: 'chosen' | 'remembered', m: Mapping): Resolution => ({
    targetUuid: m.miscellaneous ? null : m.target_uuid,
    miscellaneous: m.miscellaneous,
    how,
    overridesExact: exact !== null && m.overrides_exact && (m.miscellaneous || m.target_uuid !== exact),
  });
  if (exact !== null) {
    for (const [how, m] of sources) if (usable(m) && m.overrides_exact) return as(how, m);
    return { targetUuid: exact, miscellaneous: false, how: 'exact', overridesExact: false };
  }
  for (const [how, m] of sources) if (usable(m)) return as(how, m);
  return { targetUuid: null, miscellaneous: false, how: 'unmapped', overridesExact: false };
}

/**
 * On commit: the upload's choices become remembered mappings of its owner (the upload's agency, or
 * the network for a network's upload), each new or changed one audited with what it was before.
 */
export async function rememberChoices(tx: Writer, actor: Actor, record: ImportRecord): Promise<void> {
  const choices = await tx.execute<{
    dimension: Dimension;
    scope_key: string;
    source_value: string;
    target_uuid: string | null;
    miscellaneous: boolean;
    overrides_exact: boolean;
  }>(sql`
    select dimension, scope_key, source_value, target_uuid, miscellaneous, overrides_exact
    from import_value_choices where import_uuid = ${record.uuid}::uuid order by dimension, scope_key, source_value`);
  for (const c of choices.rows) {
    const previous = await tx.execute<{
      uuid: string;
      target_uuid: string | null;
      miscellaneous: boolean;
      overrides_exact: boolean;
    }>(sql`
      select uuid, target_uuid, miscellaneous, overrides_exact from import_value_mappings
      where network_uuid = ${record.networkUuid}::uuid and agency_uuid is not distinct from ${record.agencyUuid}::uuid
        and dimension = ${c.dimension} and scope_key = ${c.scope_key} and source_value = ${c.source_value}
      for update`);
    const before = previous.rows[0];
    const after = {
      dimension: c.dimension,
      carrierUuid: c.scope_key || null,
      value: c.source_value,
      agencyUuid: record.agencyUuid,
      targetUuid: c.target_uuid,
      miscellaneous: c.miscellaneous,
      overridesExact: c.overrides_exact,
      importUuid: record.uuid,
    };
    if (
      before &&
      before.target_uuid === c.target_uuid &&
      before.miscellaneous === c.miscellaneous &&
      before.overrides_exact === c.overrides_exact
    )
      continue;
    let uuid: string;
    if (before) {
      uuid = before.uuid;
      await tx.execute(sql`update import_value_mappings set target_uuid = ${c.target_uuid}::uuid,
        miscellaneous = ${c.miscellaneous}, overrides_exact = ${c.overrides_exact},
        updated_by = ${actor.userId}::uuid, updated_at = now() where uuid = ${uuid}::uuid`);
    } else {
      const [row] = await tx
        .insert(importValueMappings)
        .values({
          networkUuid: record.networkUuid,
          agencyUuid: record.agencyUuid,
          dimension: c.dimension,
          scopeKey: c.scope_key,
          sourceValue: c.source_value,
          targetUuid: c.target_uuid,
          miscellaneous: c.miscellaneous,
          overridesExact: c.overrides_exact,
          updatedBy: actor.userId,
        })
        .returning({ uuid: importValueMappings.uuid });
      uuid = row!.uuid;
    }
    await recordAudit(tx, {
      agencyUuid: record.agencyUuid,
      actorUserId: actor.userId,
      action: before ? 'update' : 'create',
      entity: 'import_value_mapping',
      entityId: uuid,
      before: before
        ? {
            targetUuid: before.target_uuid,
            miscellaneous: before.miscellaneous,
            overridesExact: before.overrides_exact,
          }
        : null,
      after,
    });
  }
}

export type ValueChoice = {
  dimension: Dimension;
  scopeKey: string;
  sourceValue: string;
  targetUuid: string | null;
  miscellaneous: boolean;
  overridesExact: boolean;
};

/** Keeps an upload's choices for its values (replacing earlier choices of the same values). */
export async function saveChoices(
  tx: Writer,
  actor: Actor,
  importUuid: string,
  choices: readonly ValueChoice[],
): Promise<void> {
  for (const c of choices) {
    await tx
      .insert(importValueChoices)
      .values({ importUuid, ...c, chosenBy: actor.userId })
      .onConflictDoUpdate({
        target: [
          importValueChoices.importUuid,
          importValueChoices.dimension,
          importValueChoices.scopeKey,
          importValueChoices.sourceValue,
        ],
        set: {
          targetUuid: c.targetUuid,
          miscellaneous: c.miscellaneous,
          overridesExact: c.overridesExact,
          chosenBy: actor.userId,
          chosenAt: new Date(),
        },
      });
  }
}

import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CollaborationModeDto, OnboardedCarriersResponse } from '#shared/contracts/collaboration.ts';
import type { CollaborationMode } from '#shared/domain/collaboration.ts';
import type { Db } from '#server/db/client.ts';
import { collaborationModes } from '#server/db/schema/access.ts';
import { carriers } from '#server/db/schema/dimensions.ts';
import { agencyCodes } from '#server/db/schema/facts.ts';
import { agencies } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';

/** The session's collaboration mode, for masking report data; null when not collaborating. */
export async function getCollaborationMode(db: Db, actor: Actor): Promise<CollaborationMode | null> {
  const [row] = await db
    .select({ carriersUuid: collaborationModes.carrierUuids, shareType: collaborationModes.shareType })
    .from(collaborationModes)
    .where(eq(collaborationModes.sessionId, actor.sessionId));
  return row ?? null;
}

async function withNames(db: Db, mode: CollaborationMode): Promise<CollaborationModeDto> {
  const rows = await db
    .select({ uuid: carriers.uuid, name: carriers.displayName })
    .from(carriers)
    .where(inArray(carriers.uuid, [...mode.carriersUuid]));
  const names = new Map(rows.map((r) => [r.uuid, r.name]));
  return {
    carriersUuid: [...mode.carriersUuid],
    carriersName: mode.carriersUuid.map((uuid) => names.get(uuid) ?? ''),
    shareType: mode.shareType,
  };
}

export async function describeCollaborationMode(db: Db, actor: Actor): Promise<CollaborationModeDto | null> {
  const mode = await getCollaborationMode(db, actor);
  return mode ? withNames(db, mode) : null;
}

/** Enters (or changes) collaboration mode for this session; every carrier must exist. */
export async function enterCollaborationMode(
  db: Db,
  actor: Actor,
  mode: CollaborationMode,
): Promise<CollaborationModeDto> {
  const unique = [...new Set(mode.carriersUuid)];
  const found = await db.select({ uuid: carriers.uuid }).from(carriers).where(inArray(carriers.uuid, unique));
  if (found.length !== unique.length) {
    throw new AppError('bad_request', 'Some chosen carriers do not exist.', {
      carriersUuid: 'Some chosen carriers do not exist.',
    });
  }
  const next = { carriersUuid: unique, shareType: mode.shareType };
  await db
    .insert(collaborationModes)
    .values({ sessionId: actor.sessionId, carrierUuids: unique, shareType: mode.shareType })
    .onConflictDoUpdate({
      target: collaborationModes.sessionId,
      set: { carrierUuids: unique, shareType: mode.shareType, updatedAt: new Date() },
    });
  return withNames(db, next);
}

export async function exitCollaborationMode(db: Db, actor: Actor): Promise<void> {
  await db.delete(collaborationModes).where(eq(collaborationModes.sessionId, actor.sessionId));
}

/** The carriers whose feeds know agency codes at the level (GET /api/carriers/onboarded), by name. */
export async function listOnboardedCarriers(
  db: Db,
  level: Level,
): Promise<OnboardedCarriersResponse['carriers']> {
  const atLevel =
    level.kind === 'agency'
      ? eq(agencyCodes.agencyUuid, level.agencyUuid)
      : inArray(
          agencyCodes.agencyUuid,
          db
            .select({ uuid: agencies.uuid })
            .from(agencies)
            .where(eq(agencies.networkUuid, level.networkUuid)),
        );
  return db
    .select({
      uuid: carriers.uuid,
      name: carriers.displayName,
      isMga: carriers.isMga,
      isCoreCarrier: carriers.isCoreCarrier,
    })
    .from(carriers)
    .where(
      sql`exists (select 1 from ${agencyCodes} where ${agencyCodes.carrierUuid} = ${carriers.uuid} and ${agencyCodes.origin} = 'feed' and ${atLevel})`,
    )
    .orderBy(asc(carriers.displayName));
}

import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type { AccessRecord } from '#shared/contracts/access.ts';
import type { AdminFeatureFlag, AdminUser } from '#shared/contracts/admin.ts';
import type { Db } from '#server/db/client.ts';
import {
  accessRecords,
  featureFlags,
  featureFlagTargets,
  productFeatures,
} from '#server/db/schema/access.ts';
import { sessions, users } from '#server/db/schema/auth.ts';
import { agencies, networks } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { listAccessRecords } from '#server/services/access/access-service.ts';

/** Feature flags with their targets, each target labelled with the user, agency or network name. */
export async function listFlagsForAdmin(db: Db): Promise<AdminFeatureFlag[]> {
  const flags = await db
    .select({ key: featureFlags.key, title: featureFlags.title, enabled: featureFlags.enabled })
    .from(featureFlags)
    .orderBy(asc(featureFlags.key));
  const targets = await db
    .select({
      flagKey: featureFlagTargets.flagKey,
      targetType: featureFlagTargets.targetType,
      targetUuid: featureFlagTargets.targetUuid,
      enabled: featureFlagTargets.enabled,
      label: sql<string>`coalesce(${users.email}, ${agencies.name}, ${networks.name}, ${featureFlagTargets.targetUuid}::text)`,
    })
    .from(featureFlagTargets)
    .leftJoin(
      users,
      and(eq(featureFlagTargets.targetType, 'user'), eq(users.id, featureFlagTargets.targetUuid)),
    )
    .leftJoin(
      agencies,
      and(eq(featureFlagTargets.targetType, 'agency'), eq(agencies.uuid, featureFlagTargets.targetUuid)),
    )
    .leftJoin(
      networks,
      and(eq(featureFlagTargets.targetType, 'network'), eq(networks.uuid, featureFlagTargets.targetUuid)),
    )
    .orderBy(asc(featureFlagTargets.targetType), asc(featureFlagTargets.targetUuid));
  return flags.map((flag) => ({
    ...flag,
    targets: targets.filter((t) => t.flagKey === flag.key).map(({ flagKey: _key, ...target }) => target),
  }));
}

async function audit(
  db: Db,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  await recordAudit(db, { actorUserId: actor.userId, action, entity, entityId, before, after });
}

export async function setFlagDefault(db: Db, actor: Actor, key: string, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key));
    if (!before) throw new AppError('not_found', `No feature flag is called "${key}".`);
    await tx.update(featureFlags).set({ enabled, updatedAt: new Date() }).where(eq(featureFlags.key, key));
    await audit(tx, actor, 'update', 'feature_flag', key, { enabled: before.enabled }, { enabled });
  });
}

/** Sets (or with `enabled: null` removes) a flag's value for one user, agency or network. */
export async function setFlagTarget(
  db: Db,
  actor: Actor,
  key: string,
  target: { targetType: 'user' | 'network' | 'agency'; targetUuid: string; enabled: boolean | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [flag] = await tx
      .select({ key: featureFlags.key })
      .from(featureFlags)
      .where(eq(featureFlags.key, key));
    if (!flag) throw new AppError('not_found', `No feature flag is called "${key}".`);
    const exists = await targetExists(tx, target.targetType, target.targetUuid);
    if (!exists) {
      throw new AppError('bad_request', `No ${target.targetType} has this id.`, {
        targetUuid: `No ${target.targetType} has this id.`,
      });
    }
    const where = and(
      eq(featureFlagTargets.flagKey, key),
      eq(featureFlagTargets.targetType, target.targetType),
      eq(featureFlagTargets.targetUuid, target.targetUuid),
    );
    const [before] = await tx
      .select({ enabled: featureFlagTargets.enabled })
      .from(featureFlagTargets)
      .where(where);
    if (target.enabled === null) {
      await tx.delete(featureFlagTargets).where(where);
    } else {
      await tx
        .insert(featureFlagTargets)
        .values({
          flagKey: key,
          targetType: target.targetType,
          targetUuid: target.targetUuid,
          enabled: target.enabled,
        })
        .onConflictDoUpdate({
          target: [featureFlagTargets.flagKey, featureFlagTargets.targetType, featureFlagTargets.targetUuid],
          set: { enabled: target.enabled },
        });
    }
    await audit(tx, actor, 'set_target', 'feature_flag', key, before ?? null, target);
  });
}

async function targetExists(db: Db, type: 'user' | 'network' | 'agency', uuid: string): Promise<boolean> {
  const table = type === 'user' ? users.id : type === 'agency' ? agencies.uuid : networks.uuid;
  const rows = await db
    .select({ n: count() })
    .from(type === 'user' ? users : type === 'agency' ? agencies : networks)
    .where(eq(table, uuid));
  return (rows[0]?.n ?? 0) > 0;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Users matching a name, e-mail or exact id, with their organisation and live session count. */
export async function searchUsers(db: Db, search: string): Promise<AdminUser[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const liveSessions = db
    .select({ userId: sessions.userId, n: count().as('n') })
    .from(sessions)
    .where(and(gt(sessions.expiresAt, new Date()), isNull(sessions.revokedAt)))
    .groupBy(sessions.userId)
    .as('live_sessions');
  const rows = await db
    .select({
      userUuid: users.id,
      name: users.name,
      email: users.email,
      userType: users.userType,
      isActive: users.isActive,
      agencyName: agencies.name,
      networkName: networks.name,
      activeSessions: sql<number>`coalesce(${liveSessions.n}, 0)::int`,
    })
    .from(users)
    .leftJoin(agencies, eq(agencies.uuid, users.agencyUuid))
    .leftJoin(networks, eq(networks.uuid, sql`coalesce(${agencies.networkUuid}, ${users.networkUuid})`))
    .leftJoin(liveSessions, eq(liveSessions.userId, users.id))
    .where(
      search === ''
        ? undefined
        : or(
            ilike(users.name, pattern),
            ilike(users.email, pattern),
            UUID_PATTERN.test(search) ? eq(users.id, search) : undefined,
          ),
    )
    .orderBy(asc(users.name))
    .limit(50);
  return rows.map(({ agencyName, networkName, ...row }) => ({
    ...row,
    userType: row.userType as AdminUser['userType'],
    organisation: row.userType === 'internal' ? 'Understanding staff' : (agencyName ?? networkName ?? ''),
  }));
}

async function requireUser(db: Db, userUuid: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userUuid));
  if (!user) throw new AppError('not_found', 'No user has this id.');
}

export async function getUserAccess(db: Db, userUuid: string): Promise<AccessRecord[]> {
  await requireUser(db, userUuid);
  return listAccessRecords(db, userUuid);
}

/** Replaces a user's access records in one transaction, with an audit row of before and after. */
export async function replaceUserAccess(
  db: Db,
  actor: Actor,
  userUuid: string,
  records: AccessRecord[],
): Promise<AccessRecord[]> {
  return db.transaction(async (tx) => {
    await requireUser(tx, userUuid);
    const known = new Set(
      (await tx.select({ key: productFeatures.key }).from(productFeatures)).map((r) => r.key),
    );
    const unknown = records
      .filter((r) => !known.has(r.productComponentKey))
      .map((r) => r.productComponentKey);
    if (unknown.length > 0) {
      throw new AppError('bad_request', `Unknown feature: ${unknown.join(', ')}.`, {
        accessRecords: `Unknown feature: ${unknown.join(', ')}.`,
      });
    }
    const before = await listAccessRecords(tx, userUuid);
    await tx.delete(accessRecords).where(eq(accessRecords.userId, userUuid));
    if (records.length > 0) {
      await tx.insert(accessRecords).values(records.map((r) => ({ ...r, userId: userUuid })));
    }
    await audit(tx, actor, 'replace', 'access_records', userUuid, before, records);
    return listAccessRecords(tx, userUuid);
  });
}

/**
 * Ends every live session of a user: the sessions stay, marked revoked, so the next call with one
 * answers 401 with refreshTokenRevoked and the browser signs out.
 */
export async function revokeSessions(db: Db, actor: Actor, userUuid: string): Promise<number> {
  return db.transaction(async (tx) => {
    await requireUser(tx, userUuid);
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(sessions.userId, userUuid), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
      )
      .returning({ id: sessions.id });
    await audit(tx, actor, 'revoke_sessions', 'user', userUuid, null, { revoked: revoked.length });
    return revoked.length;
  });
}

import { eq, sql } from 'drizzle-orm';
import {
  DIGEST_NOT_OFFERED_ACCESS,
  DIGEST_NOT_OFFERED_STAFF,
  type DigestSettingInput,
  type DigestSettingResponse,
} from '#shared/contracts/digest.ts';
import { CARRIER_PRODUCTION_FEATURE } from '#shared/domain/access.ts';
import type { DigestSetting } from '#shared/domain/digest.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { digestSettings } from '#server/db/schema/network-intelligence.ts';
import { agencies, networks } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';
import { resolveActorAccess } from '#server/services/access/access-service.ts';

/**
 * What a user's digest reports (decision 071): an agency user's own agency, a network user's
 * network. Staff have no one scope (they pick any network), and the digest's figures are Carrier
 * Production's, so a user without it is not offered one either.
 */
export type DigestScope = { level: Level; name: string } | { level: null; reason: string };

export async function digestScope(db: Db, actor: Actor): Promise<DigestScope> {
  const level: Level | null =
    actor.userType === 'agency' && actor.agencyUuid && actor.networkUuid
      ? { kind: 'agency', agencyUuid: actor.agencyUuid, networkUuid: actor.networkUuid }
      : actor.userType === 'network' && actor.networkUuid
        ? { kind: 'network', networkUuid: actor.networkUuid }
        : null;
  if (!level) return { level: null, reason: DIGEST_NOT_OFFERED_STAFF };
  const access = await resolveActorAccess(db, actor);
  if (access[CARRIER_PRODUCTION_FEATURE] !== true) return { level: null, reason: DIGEST_NOT_OFFERED_ACCESS };
  const [row] =
    level.kind === 'agency'
      ? await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.uuid, level.agencyUuid))
      : await db.select({ name: networks.name }).from(networks).where(eq(networks.uuid, level.networkUuid));
  return { level, name: row?.name ?? '' };
}

/** A user's setting; no row is off. */
export async function readDigestSetting(db: Db, userUuid: string): Promise<DigestSetting> {
  const [row] = await db.select().from(digestSettings).where(eq(digestSettings.userUuid, userUuid));
  if (!row || row.mode === 'off') return { mode: 'off' };
  if (row.mode === 'day' && row.day !== null) return { mode: 'day', day: row.day };
  return { mode: 'complete' };
}

async function answer(db: Db, actor: Actor): Promise<DigestSettingResponse> {
  const [setting, scope] = await Promise.all([readDigestSetting(db, actor.userId), digestScope(db, actor)]);
  return {
    mode: setting.mode,
    day: setting.mode === 'day' ? setting.day : null,
    offered: scope.level !== null,
    reason: scope.level === null ? scope.reason : null,
    scopeName: scope.level === null ? null : scope.name,
    emailAddress: actor.email,
  };
}

/** GET /api/profile/digest: the caller's own setting, and whether the digest is offered to them. */
export const getDigestSetting = answer;

/**
 * PUT /api/profile/digest: the caller's own setting (the contract checked the day). Turning it on
 * needs a scope (403 with the reason); turning it off always works.
 */
export async function saveDigestSetting(
  db: Db,
  actor: Actor,
  input: DigestSettingInput,
): Promise<DigestSettingResponse> {
  if (input.mode !== 'off') {
    const scope = await digestScope(db, actor);
    if (scope.level === null) throw new AppError('forbidden', scope.reason);
  }
  await writeDigestSetting(db, actor.userId, input);
  return answer(db, actor);
}

export async function writeDigestSetting(db: Db, userUuid: string, input: DigestSettingInput): Promise<void> {
  const day = input.mode === 'day' ? input.day : null;
  await db
    .insert(digestSettings)
    .values({ userUuid, mode: input.mode, day })
    .onConflictDoUpdate({
      target: digestSettings.userUuid,
      set: { mode: input.mode, day, updatedAt: sql`now()` },
    });
}

/** The signed-in-less unsubscribe: the digest of the token's user turned off; false for no such user. */
export async function unsubscribeDigest(db: Db, userUuid: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userUuid));
  if (!user) return false;
  await writeDigestSetting(db, userUuid, { mode: 'off', day: null });
  return true;
}

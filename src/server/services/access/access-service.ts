import { asc, eq } from 'drizzle-orm';
import type { AccessRecord, ClarityUserResponse, ProductFeature } from '#shared/contracts/access.ts';
import { resolveFeatureAccess, type AccessInput } from '#shared/domain/access.ts';
import type { Db } from '#server/db/client.ts';
import {
  accessRecords,
  productFeatures,
  subscriberFeatures,
  userPermissions,
} from '#server/db/schema/access.ts';
import { agencies, networks } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';

export function listProductFeatures(db: Db): Promise<ProductFeature[]> {
  return db
    .select({
      id: productFeatures.id,
      key: productFeatures.key,
      title: productFeatures.title,
      externalId: productFeatures.externalId,
      isLive: productFeatures.isLive,
    })
    .from(productFeatures)
    .orderBy(asc(productFeatures.title));
}

export function listAccessRecords(db: Db, userId: string): Promise<AccessRecord[]> {
  return db
    .select({ productComponentKey: accessRecords.productComponentKey, denyAccess: accessRecords.denyAccess })
    .from(accessRecords)
    .where(eq(accessRecords.userId, userId))
    .orderBy(asc(accessRecords.productComponentKey));
}

/** The external ids of the features the actor's subscriber (agency) holds; none without an agency. */
export async function listSubscriberExternalIds(db: Db, actor: Actor): Promise<string[]> {
  if (!actor.agencyUuid) return [];
  const rows = await db
    .select({ externalId: subscriberFeatures.externalId })
    .from(subscriberFeatures)
    .where(eq(subscriberFeatures.agencyUuid, actor.agencyUuid))
    .orderBy(asc(subscriberFeatures.externalId));
  return rows.map((r) => r.externalId);
}

/** The actor's product features as camel-case flags (spec part 1 §6). */
export async function resolveActorAccess(db: Db, actor: Actor): Promise<Record<string, boolean>> {
  const [features, records, externalIds] = await Promise.all([
    listProductFeatures(db),
    listAccessRecords(db, actor.userId),
    listSubscriberExternalIds(db, actor),
  ]);
  const input: AccessInput = {
    user: { userType: actor.userType, isInternal: actor.userType === 'internal', isOwner: actor.isOwner },
    productFeatures: features,
    subscriberExternalIds: externalIds,
    accessRecords: records,
  };
  return resolveFeatureAccess(input);
}

/** Refuses (403) a caller without the feature, e.g. `cpr` for Carrier Production. */
export async function requireFeature(db: Db, actor: Actor, flag: string): Promise<void> {
  const access = await resolveActorAccess(db, actor);
  if (access[flag] !== true) {
    throw new AppError(
      'forbidden',
      'You do not have access to this feature. Please select an option from the menu on the left.',
    );
  }
}

/**
 * The caller as the upload portal knows them (GET /api/clarity/user). A user without portal
 * permissions has no portal account: 403, which the client reads as "no permissions".
 */
export async function getClarityUser(db: Db, actor: Actor): Promise<ClarityUserResponse> {
  const permissions = (
    await db
      .select({ permission: userPermissions.permission })
      .from(userPermissions)
      .where(eq(userPermissions.userId, actor.userId))
      .orderBy(asc(userPermissions.permission))
  ).map((r) => r.permission);
  if (permissions.length === 0) {
    throw new AppError('forbidden', 'You have no account in the upload portal.');
  }
  const [agency] = actor.agencyUuid
    ? await db
        .select({ uuid: agencies.uuid, name: agencies.name })
        .from(agencies)
        .where(eq(agencies.uuid, actor.agencyUuid))
    : [];
  const [network] = actor.networkUuid
    ? await db
        .select({ uuid: networks.uuid, name: networks.name })
        .from(networks)
        .where(eq(networks.uuid, actor.networkUuid))
    : [];
  return { network: network ?? null, agency: agency ?? null, primaryAms: null, permissions };
}

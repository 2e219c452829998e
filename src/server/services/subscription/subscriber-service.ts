import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type {
  AdminSubscribersResponse,
  ChangePrimaryUserRequest,
  SubscriberAdminUser,
  SubscriberResponse,
  SubscriberUser,
} from '#shared/contracts/subscription.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { agencies, networks, subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { agencySubscriptions, type BillingPolicy } from '#server/policies/subscription-gate.ts';
import { assertAgencyInScope } from '#server/policies/scope.ts';

type Subscriber = typeof subscribers.$inferSelect;

/** The subscriber, if it exists and its agency is in the caller's scope (403 otherwise). */
export async function findSubscriberInScope(db: Db, actor: Actor, subscriberUuid: string) {
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.uuid, subscriberUuid));
  if (!subscriber) {
    // Unknown and out-of-scope subscribers look alike to callers who are not staff.
    if (actor.userType !== 'internal') throw forbidden();
    throw new AppError('not_found', 'No subscriber has this id.');
  }
  await assertAgencyInScope(db, actor, subscriber.agencyUuid).catch(() => {
    throw forbidden();
  });
  return subscriber;
}

const forbidden = () => new AppError('forbidden', 'You do not have access to this subscriber.');

/** Spec part 2 §6: "The primary user of the subscriber may rename the agency and change the primary user." */
export function requirePrimaryUser(actor: Actor, subscriber: Subscriber): void {
  if (subscriber.primaryUserUuid !== actor.userId) {
    throw new AppError('forbidden', 'Only the primary user of this subscription can do this.');
  }
}

/** The primary user in the spec's "Subscriber admin user" shape. */
async function adminUserOf(db: Db, subscriber: Subscriber): Promise<SubscriberAdminUser | null> {
  if (!subscriber.primaryUserUuid) return null;
  const [user] = await db
    .select({
      uuid: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      emailAddress: users.email,
    })
    .from(users)
    .where(eq(users.id, subscriber.primaryUserUuid));
  return user ?? null;
}

async function activeUsersOf(
  db: Db,
  agencyUuid: string,
  primaryUserUuid: string | null,
): Promise<SubscriberUser[]> {
  const rows = await db
    .select({
      userUuid: users.id,
      name: users.name,
      email: users.email,
      isOwner: users.isOwner,
      isAdministrator: users.isAdministrator,
    })
    .from(users)
    .where(and(eq(users.agencyUuid, agencyUuid), eq(users.isActive, true)))
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    ...r,
    isAdmin: r.isOwner || r.isAdministrator,
    isPrimaryUser: r.userUuid === primaryUserUuid,
  }));
}

/**
 * GET /api/subscription/subscribers: the subscriber, the subscription that counts (agencySubscriptions) and its primary user
 * (`adminUser`: firstName, lastName, emailAddress, uuid). With billing off every subscriber counts
 * as bypassed.
 */
export async function getSubscriber(
  db: Db,
  actor: Actor,
  subscriberUuid: string,
  policy: BillingPolicy,
): Promise<SubscriberResponse> {
  const subscriber = await findSubscriberInScope(db, actor, subscriberUuid);
  const [counting] = await agencySubscriptions(db, subscriber.agencyUuid, policy);
  return {
    subscriber: {
      uuid: subscriber.uuid,
      agencyUuid: subscriber.agencyUuid,
      displayName: subscriber.displayName,
      bypassExternalSubscriber: !policy.billingEnabled || subscriber.bypassExternalSubscriber,
      billingEnabled: policy.billingEnabled,
    },
    subscription: counting ? { planName: counting.planName, status: counting.status } : null,
    adminUser: await adminUserOf(db, subscriber),
  };
}

/** PUT /api/subscription/agency-name: the primary user renames the agency's display name (trimmed). */
export async function renameAgency(
  db: Db,
  actor: Actor,
  input: { subscriberUuid: string; displayName: string },
): Promise<{ name: string }> {
  const subscriber = await findSubscriberInScope(db, actor, input.subscriberUuid);
  requirePrimaryUser(actor, subscriber);
  const name = input.displayName.trim();
  await db.transaction(async (tx) => {
    await tx.update(subscribers).set({ displayName: name }).where(eq(subscribers.uuid, subscriber.uuid));
    await recordAudit(tx, {
      agencyUuid: subscriber.agencyUuid,
      actorUserId: actor.userId,
      action: 'subscriber.rename',
      entity: 'subscriber',
      entityId: subscriber.uuid,
      before: { displayName: subscriber.displayName },
      after: { displayName: name },
    });
  });
  return { name };
}

/**
 * POST /api/subscription/change-primary-user: the primary user (the executor, who must be the
 * caller) hands the role to another active user of the agency.
 */
export async function changePrimaryUser(
  db: Db,
  actor: Actor,
  input: ChangePrimaryUserRequest,
): Promise<{ adminUser: SubscriberAdminUser }> {
  const subscriber = await findSubscriberInScope(db, actor, input.subscriberUuid);
  if (input.executorUuid !== actor.userId) {
    throw new AppError('forbidden', 'executorUuid must be your own user id.');
  }
  requirePrimaryUser(actor, subscriber);
  if (input.adminUserUuid === subscriber.primaryUserUuid) {
    throw new AppError('bad_request', 'This user is already the primary user.', {
      adminUserUuid: 'Choose a user who is not the primary user',
    });
  }
  const [next] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, input.adminUserUuid),
        eq(users.agencyUuid, subscriber.agencyUuid),
        eq(users.isActive, true),
      ),
    );
  if (!next) {
    throw new AppError('bad_request', 'The new primary user must be an active user of this agency.', {
      adminUserUuid: 'Choose an active user of this agency',
    });
  }
  await db.transaction(async (tx) => {
    // Only the primary user as read may hand the role over: a concurrent change wins once.
    const changed = await tx
      .update(subscribers)
      .set({ primaryUserUuid: next.id })
      .where(and(eq(subscribers.uuid, subscriber.uuid), eq(subscribers.primaryUserUuid, actor.userId)))
      .returning({ uuid: subscribers.uuid });
    if (changed.length === 0) {
      throw new AppError('conflict', 'The primary user has changed meanwhile; reload the page.');
    }
    await recordAudit(tx, {
      agencyUuid: subscriber.agencyUuid,
      actorUserId: actor.userId,
      action: 'subscriber.change_primary_user',
      entity: 'subscriber',
      entityId: subscriber.uuid,
      before: { primaryUserUuid: subscriber.primaryUserUuid },
      after: { primaryUserUuid: next.id },
    });
  });
  const adminUser = await adminUserOf(db, { ...subscriber, primaryUserUuid: next.id });
  return { adminUser: adminUser! };
}

/** Staff: every subscriber with its latest status and bypass flag (/admin/subscribers). */
export async function listSubscribersForStaff(db: Db): Promise<AdminSubscribersResponse> {
  const rows = await db
    .select({
      uuid: subscribers.uuid,
      agencyUuid: subscribers.agencyUuid,
      agencyName: agencies.name,
      networkName: networks.name,
      displayName: subscribers.displayName,
      bypassExternalSubscriber: subscribers.bypassExternalSubscriber,
      status: sql<string | null>`(
        select ${subscriptions.status} from ${subscriptions}
        where ${subscriptions.agencyUuid} = ${subscribers.agencyUuid}
        order by ${subscriptions.createdAt} desc limit 1)`,
    })
    .from(subscribers)
    .innerJoin(agencies, eq(agencies.uuid, subscribers.agencyUuid))
    .innerJoin(networks, eq(networks.uuid, agencies.networkUuid))
    .orderBy(asc(networks.name), asc(agencies.name));
  return { subscribers: rows };
}

/** Staff set whether a subscriber is let in without a subscription (bypassExternalSubscriber), audited. */
export async function setSubscriberBypass(
  db: Db,
  actor: Actor,
  subscriberUuid: string,
  bypassExternalSubscriber: boolean,
): Promise<{ uuid: string; bypassExternalSubscriber: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(subscribers).where(eq(subscribers.uuid, subscriberUuid));
    if (!before) throw new AppError('not_found', 'No subscriber has this id.');
    await tx
      .update(subscribers)
      .set({ bypassExternalSubscriber })
      .where(eq(subscribers.uuid, subscriberUuid));
    await recordAudit(tx, {
      agencyUuid: before.agencyUuid,
      actorUserId: actor.userId,
      action: 'subscriber.bypass',
      entity: 'subscriber',
      entityId: subscriberUuid,
      before: { bypassExternalSubscriber: before.bypassExternalSubscriber },
      after: { bypassExternalSubscriber },
    });
    return { uuid: subscriberUuid, bypassExternalSubscriber };
  });
}

/** GET /api/subscription/by-subscribers: the active users of the subscriber's agency. */
export async function listSubscriberUsers(
  db: Db,
  actor: Actor,
  subscriberUuid: string,
): Promise<SubscriberUser[]> {
  const subscriber = await findSubscriberInScope(db, actor, subscriberUuid);
  return activeUsersOf(db, subscriber.agencyUuid, subscriber.primaryUserUuid);
}

import { and, asc, eq } from 'drizzle-orm';
import type { SubscriberResponse, SubscriberUser } from '#shared/contracts/subscription.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { subscribers } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { assertAgencyInScope } from '#server/policies/scope.ts';

/** The subscriber, if it exists and its agency is in the caller's scope (403 otherwise). */
async function findSubscriberInScope(db: Db, actor: Actor, subscriberUuid: string) {
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

/** GET /api/subscription/subscribers: the subscriber and its primary user. */
export async function getSubscriber(
  db: Db,
  actor: Actor,
  subscriberUuid: string,
): Promise<SubscriberResponse> {
  const subscriber = await findSubscriberInScope(db, actor, subscriberUuid);
  const members = await activeUsersOf(db, subscriber.agencyUuid, subscriber.primaryUserUuid);
  return {
    subscriber: {
      uuid: subscriber.uuid,
      agencyUuid: subscriber.agencyUuid,
      displayName: subscriber.displayName,
      bypassExternalSubscriber: subscriber.bypassExternalSubscriber,
    },
    adminUser: members.find((m) => m.isPrimaryUser) ?? null,
  };
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

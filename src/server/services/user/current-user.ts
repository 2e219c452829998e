import { eq } from 'drizzle-orm';
import type { User } from '#shared/contracts/user.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { agencies, networks, subscribers } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import { isAdminActor, type Actor } from '#server/policies/actor.ts';
import { agencySubscriptions, type BillingPolicy } from '#server/policies/subscription-gate.ts';
import { passesSubscriberCheck } from '#shared/domain/subscription.ts';

/**
 * The signed-in user in the shape of spec part 1 §3: agency and network, subscription status, the
 * subscriber flags and the MFA options. Internal and network users are not subscribers: they bypass
 * the external subscriber check. For agency users `bypassExternalSubscriber` is the check's result
 * (passesSubscriberCheck: billing off, the subscriber's bypass flag, or any subscription that grants
 * access), the same rule the server's subscription gate applies to every other route.
 */
export async function getCurrentUser(db: Db, actor: Actor, policy: BillingPolicy): Promise<User> {
  const [row] = await db
    .select({
      user: users,
      agency: {
        uuid: agencies.uuid,
        name: agencies.name,
        city: agencies.city,
        state: agencies.state,
        networkUuid: agencies.networkUuid,
      },
      subscriber: {
        uuid: subscribers.uuid,
        primaryUserUuid: subscribers.primaryUserUuid,
        bypass: subscribers.bypassExternalSubscriber,
      },
    })
    .from(users)
    .leftJoin(agencies, eq(agencies.uuid, users.agencyUuid))
    .leftJoin(subscribers, eq(subscribers.agencyUuid, users.agencyUuid))
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Your user account no longer exists.');
  const { user, agency, subscriber } = row;

  const networkUuid = agency?.networkUuid ?? user.networkUuid;
  const [network] = networkUuid
    ? await db
        .select({ uuid: networks.uuid, name: networks.name, abbreviation: networks.abbreviation })
        .from(networks)
        .where(eq(networks.uuid, networkUuid))
    : [];
  const subscriptionRows = agency ? await agencySubscriptions(db, agency.uuid, policy) : [];

  const isInternal = actor.userType === 'internal';
  return {
    userUuid: user.id,
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: actor.userType,
    isOwner: user.isOwner,
    isAdministrator: user.isAdministrator,
    isInternal,
    isAdmin: isAdminActor(user),
    agency: agency ? { uuid: agency.uuid, name: agency.name, city: agency.city, state: agency.state } : null,
    network: network ?? null,
    subscriptions: subscriptionRows.map(({ status }) => ({ status })),
    bypassExternalSubscriber:
      actor.userType === 'agency'
        ? subscriber !== null &&
          passesSubscriberCheck({
            billingEnabled: policy.billingEnabled,
            bypassExternalSubscriber: subscriber.bypass ?? false,
            subscriptions: subscriptionRows,
            now: policy.now?.() ?? new Date(),
            graceDays: policy.graceDays,
          })
        : true,
    subscriberUuid: subscriber?.uuid ?? null,
    isPrimaryUserOfSubscriber: subscriber?.primaryUserUuid === user.id,
    enableMfaOptions: user.enableMfaOptions,
    allowEmailMFA: user.allowEmailMfa,
    allowAuthenticatorMFA: user.allowAuthenticatorMfa,
    allowSMSMFA: user.allowSmsMfa,
    allowOptOutMFA: user.allowOptOutMfa,
  };
}

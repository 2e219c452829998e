import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import {
  grantsAccess,
  passesSubscriberCheck,
  SUBSCRIPTION_REQUIRED_MESSAGE,
  type SubscriptionStanding,
} from '#shared/domain/subscription.ts';
import type { Db } from '#server/db/client.ts';
import { subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'open': an agency user whose agency has no subscription in good standing may still call this
     * route (signing in, the profile, the subscription and checkout pages, help). Every other route
     * is gated (decision 040).
     */
    subscriptionGate?: 'open';
  }
}

/** Whether billing is on, and how long a past-due subscription keeps its agency in. */
export type BillingPolicy = { billingEnabled: boolean; graceDays: number; now?: () => Date };

/** The route option of the routes a lapsed agency's users may still call. */
export const OPEN_TO_LAPSED = { subscriptionGate: 'open' } as const;

export type AgencySubscription = SubscriptionStanding & { planName: string; createdAt: Date };

/**
 * The agency's subscriptions in the order the product shows them: those that grant access first
 * (so `subscriptions[0]` is the one that counts), then the newest first.
 */
export async function agencySubscriptions(
  db: Db,
  agencyUuid: string,
  policy: BillingPolicy,
): Promise<AgencySubscription[]> {
  const rows = await db
    .select({
      status: subscriptions.status,
      planName: subscriptions.planName,
      pastDueSince: subscriptions.pastDueSince,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.agencyUuid, agencyUuid))
    .orderBy(desc(subscriptions.createdAt));
  const now = policy.now?.() ?? new Date();
  const granting = (s: AgencySubscription) => (grantsAccess(s, now, policy.graceDays) ? 0 : 1);
  return rows.sort((a, b) => granting(a) - granting(b));
}

/**
 * The one subscription policy of the server (spec part 1 §6 "Access needs a network and the bypass
 * flag"): whether an agency may use the product now. `GET /api/user` answers it to the browser
 * as `bypassExternalSubscriber`, and the gate below refuses every other route with it.
 */
export async function agencyInGoodStanding(
  db: Db,
  agencyUuid: string,
  policy: BillingPolicy,
): Promise<boolean> {
  if (!policy.billingEnabled) return true;
  const rows = await db
    .select({
      bypass: subscribers.bypassExternalSubscriber,
      status: subscriptions.status,
      pastDueSince: subscriptions.pastDueSince,
    })
    .from(subscribers)
    .leftJoin(subscriptions, eq(subscriptions.agencyUuid, subscribers.agencyUuid))
    .where(eq(subscribers.agencyUuid, agencyUuid));
  if (rows.length === 0) return false;
  return passesSubscriberCheck({
    billingEnabled: true,
    bypassExternalSubscriber: rows[0]!.bypass,
    subscriptions: rows.flatMap((r) =>
      r.status === null ? [] : [{ status: r.status, pastDueSince: r.pastDueSince }],
    ),
    now: policy.now?.() ?? new Date(),
    graceDays: policy.graceDays,
  });
}

/**
 * Refuses with 402 every API route that is not open to lapsed agencies when the caller is an agency
 * user whose agency is not in good standing. Staff and network users are not gated by an agency's
 * subscription. Runs after the session is resolved (registered after it).
 */
export function registerSubscriptionGate(app: FastifyInstance, db: Db, policy: BillingPolicy): void {
  if (!policy.billingEnabled) return;
  app.addHook('onRequest', async (request) => {
    const actor = request.actor;
    if (!actor || actor.userType !== 'agency') return;
    if (request.routeOptions.config.subscriptionGate === 'open') return;
    const inGoodStanding =
      actor.agencyUuid !== null && (await agencyInGoodStanding(db, actor.agencyUuid, policy));
    if (!inGoodStanding) throw new AppError('payment_required', SUBSCRIPTION_REQUIRED_MESSAGE);
  });
}

import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { CheckoutSessionRequest, CustomerPortalResponse } from '#shared/contracts/subscription.ts';
import {
  BILLING_OFF_MESSAGE,
  billedEveryLabel,
  CHECKOUT_ROLES_MESSAGE,
  grantsAccess,
} from '#shared/domain/subscription.ts';
import type { Db } from '#server/db/client.ts';
import {
  checkoutSessions,
  stripeCustomers,
  subscriptionPrices,
  subscriptionProducts,
} from '#server/db/schema/billing.ts';
import { agencies, subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import { isAdminActor, type Actor } from '#server/policies/actor.ts';
import { agencySubscriptions, type BillingPolicy } from '#server/policies/subscription-gate.ts';
import type { Billing } from './stripe-client.ts';
import { isResourceMissing, type StripeDeadline } from './stripe-errors.ts';
import { findSubscriberInScope, requirePrimaryUser } from './subscriber-service.ts';

/** Refuses when this server has no Stripe keys (billing off). */
export function requireBilling(billing: Billing | null): Billing {
  if (!billing) throw new AppError('conflict', BILLING_OFF_MESSAGE);
  return billing;
}

/**
 * A return address of a checkout or portal: it must be on this site (PUBLIC_URL), so Stripe never
 * sends a customer to someone else's page.
 */
function siteUrl(publicUrl: string, url: string, field: string): URL {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(publicUrl).origin) {
    throw new AppError('bad_request', `${field} must be an address of this site.`, {
      [field]: `Must start with ${new URL(publicUrl).origin}`,
    });
  }
  return parsed;
}

/**
 * The agency's Stripe customer, created on first use. The idempotency key is the agency's, so two
 * simultaneous first checkouts get the same customer. `replacing` is a stored customer Stripe no
 * longer knows (deleted in its dashboard): its row is dropped and a new customer made under a key
 * of its own, since Stripe would answer the agency's first key with the deleted customer again.
 */
async function customerOf(
  db: Db,
  stripe: Stripe,
  deadline: StripeDeadline,
  agencyUuid: string,
  replacing?: string,
): Promise<string> {
  if (replacing) {
    await db
      .delete(stripeCustomers)
      .where(and(eq(stripeCustomers.agencyUuid, agencyUuid), eq(stripeCustomers.customerId, replacing)));
  }
  const [known] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.agencyUuid, agencyUuid));
  if (known) return known.customerId;
  const [agency] = await db
    .select({ name: agencies.name, displayName: subscribers.displayName, subscriberUuid: subscribers.uuid })
    .from(agencies)
    .innerJoin(subscribers, eq(subscribers.agencyUuid, agencies.uuid))
    .where(eq(agencies.uuid, agencyUuid));
  if (!agency) throw new AppError('not_found', 'This agency has no subscriber.');
  const customer = await deadline.within(
    stripe.customers.create(
      {
        name: agency.displayName || agency.name,
        metadata: { agencyUuid, subscriberUuid: agency.subscriberUuid },
      },
      {
        idempotencyKey: replacing
          ? `customer:${agencyUuid}:replacing:${replacing}`
          : `customer:${agencyUuid}`,
      },
    ),
  );
  await db.insert(stripeCustomers).values({ agencyUuid, customerId: customer.id }).onConflictDoNothing();
  const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.agencyUuid, agencyUuid));
  return row!.customerId;
}

/**
 * Stripe refused the price of a checkout (archived or deleted in its dashboard since the last sync):
 * it is no longer offered here either, and the user is asked to choose another.
 */
function isPriceGone(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && /^line_items\b/.test(error.param ?? '');
}

const PRICE_GONE = () =>
  new AppError('not_found', 'This price is not on offer.', { priceId: 'Choose a price on offer' });

/** The Manage answer for a customer deleted in Stripe: its row is gone, checkout makes a new one. */
export const CUSTOMER_GONE_MESSAGE =
  "Your agency's billing account is no longer at Stripe. Choose a subscription to subscribe again.";

/**
 * POST /api/stripe/create-checkout-session: a Checkout Session in subscription mode for the caller's
 * agency and the chosen price. The browser returns to /success or /cancel on this site. A retried
 * request (same requestId) answers the same session (Stripe idempotency key).
 */
export async function createCheckoutSession(
  db: Db,
  billingOrNull: Billing | null,
  actor: Actor,
  input: CheckoutSessionRequest,
  publicUrl: string,
  policy: BillingPolicy,
  deadline: StripeDeadline,
): Promise<{ checkoutSessionUrl: string }> {
  const { stripe } = requireBilling(billingOrNull);
  if (actor.userType !== 'agency' || !actor.agencyUuid) {
    throw new AppError('forbidden', "Only an agency's own users can subscribe it.");
  }
  await requireCheckoutRole(db, actor, actor.agencyUuid);
  const success = siteUrl(publicUrl, input.successUrl, 'successUrl');
  const cancel = siteUrl(publicUrl, input.cancelUrl, 'cancelUrl');
  const [price] = await db
    .select({ stripePriceId: subscriptionPrices.stripePriceId })
    .from(subscriptionPrices)
    .innerJoin(subscriptionProducts, eq(subscriptionProducts.uuid, subscriptionPrices.productUuid))
    .where(
      and(
        eq(subscriptionPrices.uuid, input.priceId),
        eq(subscriptionPrices.active, true),
        eq(subscriptionProducts.active, true),
        isNotNull(subscriptionPrices.stripePriceId),
      ),
    );
  if (!price?.stripePriceId) throw PRICE_GONE();
  const stripePriceId = price.stripePriceId;
  const now = policy.now?.() ?? new Date();
  const subscribed = await agencySubscriptions(db, actor.agencyUuid, policy);
  if (subscribed.some((s) => grantsAccess(s, now, policy.graceDays))) {
    throw new AppError(
      'conflict',
      'Your agency already has a subscription in good standing; use Manage to change it.',
    );
  }
  const agencyUuid = actor.agencyUuid;
  const metadata = { agencyUuid, userUuid: actor.userId };
  const returnPath = `${cancel.pathname}${cancel.search}`;
  // The customer is part of the key: a retry after a customer was replaced is a new session.
  const createSession = (customer: string) =>
    deadline.within(
      stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          client_reference_id: agencyUuid,
          line_items: [{ price: stripePriceId, quantity: 1 }],
          success_url: `${success.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${cancel.origin}/cancel?returnTo=${encodeURIComponent(returnPath)}`,
          metadata,
          subscription_data: { metadata },
        },
        { idempotencyKey: `checkout:${agencyUuid}:${input.requestId}:${customer}` },
      ),
    );
  const start = async (): Promise<Stripe.Checkout.Session> => {
    const customer = await customerOf(db, stripe, deadline, agencyUuid);
    return createSession(customer)
      .catch(async (error: unknown) => {
        // A customer deleted in Stripe: a new one, so the agency can pay again.
        if (!isResourceMissing(error, 'customer')) throw error;
        return createSession(await customerOf(db, stripe, deadline, agencyUuid, customer));
      })
      .catch(async (error: unknown) => {
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new AppError(
            'conflict',
            'This checkout was already started with other details; start again.',
          );
        }
        if (isPriceGone(error)) {
          await db
            .update(subscriptionPrices)
            .set({ active: false, updatedAt: new Date() })
            .where(eq(subscriptionPrices.stripePriceId, stripePriceId));
          throw PRICE_GONE();
        }
        throw error;
      });
  };
  return {
    checkoutSessionUrl: await oneCheckoutAtATime(db, stripe, deadline, agencyUuid, input.priceId, start),
  };
}

/** How long a claimed checkout may take to get its Stripe session before another request may take over. */
const CLAIM_TIMEOUT_SECONDS = 30;
/** How long a second request waits for the first one's session, polling. */
const CLAIM_WAIT_MS = 10_000;
const CLAIM_POLL_MS = 200;

const checkoutInOtherWindow = () =>
  new AppError(
    'conflict',
    'A checkout for your agency is already open in another window. Finish or close it there, then try again.',
  );

/**
 * One open Checkout per agency (decision 040): two tabs, or two clicks at the same moment, must not
 * start two sessions that could each be paid. The agency's `checkout_sessions` row is claimed with
 * one statement (its primary key is the lock; no transaction is held across the Stripe call, which
 * on the embedded database would stall every other request). The request that claims it creates the
 * session; the others wait for it and answer the same session for the same price. A session Stripe
 * no longer has open (paid, expired) or a choice of another price replaces the stored one; an open
 * session of another price is expired at Stripe first, so it cannot be paid as well.
 */
async function oneCheckoutAtATime(
  db: Db,
  stripe: Stripe,
  stripeDeadline: StripeDeadline,
  agencyUuid: string,
  priceUuid: string,
  start: () => Promise<Stripe.Checkout.Session>,
): Promise<string> {
  // A claim is told apart by its time, taken here in milliseconds: PostgreSQL's own clock has
  // microseconds, which a JavaScript Date read back would not match.
  const claim = (claimedAt = new Date()) =>
    db
      .insert(checkoutSessions)
      .values({ agencyUuid, priceUuid, claimedAt })
      .onConflictDoUpdate({
        target: checkoutSessions.agencyUuid,
        set: { priceUuid, sessionId: null, url: null, expiresAt: null, claimedAt },
        setWhere: sql`(${checkoutSessions.url} is null and ${checkoutSessions.claimedAt} < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
          or ${checkoutSessions.expiresAt} < now()`,
      })
      .returning({ claimedAt: checkoutSessions.claimedAt });

  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const [claimed] = await claim();
    if (claimed) return createClaimed(db, agencyUuid, claimed.claimedAt, start);
    const [held] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.agencyUuid, agencyUuid));
    if (held?.sessionId && held.url) {
      const open = await stillPayable(stripe, stripeDeadline, held.sessionId);
      if (open && held.priceUuid === priceUuid) return held.url;
      if (open) {
        // Another price: the open session must not stay payable beside the new one.
        const expired = await stripeDeadline.within(stripe.checkout.sessions.expire(held.sessionId)).then(
          () => true,
          () => false,
        );
        if (!expired) throw checkoutInOtherWindow();
      }
      // Take the stored session's place, unless another request just did.
      const [taken] = await db
        .update(checkoutSessions)
        .set({ priceUuid, sessionId: null, url: null, expiresAt: null, claimedAt: new Date() })
        .where(
          and(eq(checkoutSessions.agencyUuid, agencyUuid), eq(checkoutSessions.sessionId, held.sessionId)),
        )
        .returning({ claimedAt: checkoutSessions.claimedAt });
      if (taken) return createClaimed(db, agencyUuid, taken.claimedAt, start);
      continue;
    }
    if (Date.now() > deadline) throw checkoutInOtherWindow();
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

/** Whether a stored session can still be paid: open at Stripe, for a customer Stripe still has. */
async function stillPayable(stripe: Stripe, deadline: StripeDeadline, sessionId: string): Promise<boolean> {
  try {
    const session = await deadline.within(stripe.checkout.sessions.retrieve(sessionId));
    if (session.status !== 'open' || session.url === null) return false;
    const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (!customerId) return true;
    const customer = await deadline.within(stripe.customers.retrieve(customerId));
    return customer.deleted !== true;
  } catch (error) {
    // Only Stripe's own "no such session/customer" means it cannot be paid; an unreachable Stripe
    // is the user's 503, and the stored session stays in place.
    if (isResourceMissing(error)) return false;
    throw error;
  }
}

/** Creates the session of a claim and records it; a failed creation gives the claim up. */
async function createClaimed(
  db: Db,
  agencyUuid: string,
  claimedAt: Date,
  start: () => Promise<Stripe.Checkout.Session>,
): Promise<string> {
  const ours = and(eq(checkoutSessions.agencyUuid, agencyUuid), eq(checkoutSessions.claimedAt, claimedAt));
  let session: Stripe.Checkout.Session;
  try {
    session = await start();
  } catch (error) {
    await db.delete(checkoutSessions).where(and(ours, isNull(checkoutSessions.sessionId)));
    throw error;
  }
  if (!session.url) throw new AppError('bad_gateway', 'Stripe did not answer a checkout address.');
  await db
    .update(checkoutSessions)
    .set({
      sessionId: session.id,
      url: session.url,
      expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null,
    })
    .where(ours);
  return session.url;
}

/**
 * Who may start a checkout (decision 040): the subscriber's primary user and the agency's
 * administrators (owners count as administrators), since a checkout commits the agency to a charge.
 */
async function requireCheckoutRole(db: Db, actor: Actor, agencyUuid: string): Promise<void> {
  if (isAdminActor(actor)) return;
  const [subscriber] = await db
    .select({ primaryUserUuid: subscribers.primaryUserUuid })
    .from(subscribers)
    .where(eq(subscribers.agencyUuid, agencyUuid));
  if (subscriber?.primaryUserUuid !== actor.userId) throw new AppError('forbidden', CHECKOUT_ROLES_MESSAGE);
}

/**
 * POST /api/subscription/by-subscriber: the subscriber's subscribed prices and a Stripe Customer
 * Portal session to manage them (the primary user only).
 */
export async function openCustomerPortal(
  db: Db,
  billingOrNull: Billing | null,
  actor: Actor,
  input: { subscriberUuid: string; successUrl: string; cancelUrl: string; requestId: string },
  publicUrl: string,
  deadline: StripeDeadline,
): Promise<CustomerPortalResponse> {
  const subscriber = await findSubscriberInScope(db, actor, input.subscriberUuid);
  requirePrimaryUser(actor, subscriber);
  const { stripe } = requireBilling(billingOrNull);
  const success = siteUrl(publicUrl, input.successUrl, 'successUrl');
  siteUrl(publicUrl, input.cancelUrl, 'cancelUrl');
  const [customer] = await db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.agencyUuid, subscriber.agencyUuid));
  if (!customer) {
    throw new AppError('conflict', 'This agency has not subscribed online yet: choose a subscription first.');
  }
  const portal = await deadline
    .within(
      stripe.billingPortal.sessions.create(
        { customer: customer.customerId, return_url: success.toString() },
        { idempotencyKey: `portal:${subscriber.uuid}:${input.requestId}` },
      ),
    )
    .catch(async (error: unknown) => {
      if (!isResourceMissing(error, 'customer')) throw error;
      // Deleted in Stripe: forget it, so the next checkout makes the agency a new customer.
      await db
        .delete(stripeCustomers)
        .where(
          and(
            eq(stripeCustomers.agencyUuid, subscriber.agencyUuid),
            eq(stripeCustomers.customerId, customer.customerId),
          ),
        );
      throw new AppError('conflict', CUSTOMER_GONE_MESSAGE);
    });
  const rows = await db
    .select({
      uuid: subscriptionPrices.uuid,
      amount: subscriptionPrices.amount,
      interval: subscriptionPrices.interval,
      intervalCount: subscriptionPrices.intervalCount,
      metadata: subscriptionPrices.metadata,
      productName: subscriptionProducts.name,
      status: subscriptions.status,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPrices, eq(subscriptionPrices.stripePriceId, subscriptions.stripePriceId))
    .innerJoin(subscriptionProducts, eq(subscriptionProducts.uuid, subscriptionPrices.productUuid))
    .where(eq(subscriptions.agencyUuid, subscriber.agencyUuid))
    .orderBy(desc(subscriptions.createdAt));
  return {
    prices: rows.map((r) => ({
      id: r.uuid,
      amount: Number(r.amount),
      billedEvery: billedEveryLabel(r.interval, r.intervalCount),
      metadata: r.metadata,
      productName: r.productName,
      status: r.status,
      customerPortal: portal.url,
    })),
    customerPortal: portal.url,
  };
}

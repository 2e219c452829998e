import { and, desc, eq, isNotNull } from 'drizzle-orm';
import Stripe from 'stripe';
import type { CheckoutSessionRequest, CustomerPortalResponse } from '#shared/contracts/subscription.ts';
import { ACTIVE_STATUS, BILLING_OFF_MESSAGE, billedEveryLabel } from '#shared/domain/subscription.ts';
import type { Db } from '#server/db/client.ts';
import { stripeCustomers, subscriptionPrices, subscriptionProducts } from '#server/db/schema/billing.ts';
import { agencies, subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Billing } from './stripe-client.ts';
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
 * simultaneous first checkouts get the same customer.
 */
async function customerOf(db: Db, stripe: Stripe, agencyUuid: string): Promise<string> {
  const [known] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.agencyUuid, agencyUuid));
  if (known) return known.customerId;
  const [agency] = await db
    .select({ name: agencies.name, displayName: subscribers.displayName, subscriberUuid: subscribers.uuid })
    .from(agencies)
    .innerJoin(subscribers, eq(subscribers.agencyUuid, agencies.uuid))
    .where(eq(agencies.uuid, agencyUuid));
  if (!agency) throw new AppError('not_found', 'This agency has no subscriber.');
  const customer = await stripe.customers.create(
    {
      name: agency.displayName || agency.name,
      metadata: { agencyUuid, subscriberUuid: agency.subscriberUuid },
    },
    { idempotencyKey: `customer:${agencyUuid}` },
  );
  await db.insert(stripeCustomers).values({ agencyUuid, customerId: customer.id }).onConflictDoNothing();
  const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.agencyUuid, agencyUuid));
  return row!.customerId;
}

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
): Promise<{ checkoutSessionUrl: string }> {
  const { stripe } = requireBilling(billingOrNull);
  if (actor.userType !== 'agency' || !actor.agencyUuid) {
    throw new AppError('forbidden', "Only an agency's own users can subscribe it.");
  }
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
  if (!price?.stripePriceId) {
    throw new AppError('not_found', 'This price is not on offer.', { priceId: 'Choose a price on offer' });
  }
  const [latest] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.agencyUuid, actor.agencyUuid))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (latest?.status === ACTIVE_STATUS) {
    throw new AppError(
      'conflict',
      'Your agency already has an active subscription; use Manage to change it.',
    );
  }

  const customer = await customerOf(db, stripe, actor.agencyUuid);
  const metadata = { agencyUuid: actor.agencyUuid, userUuid: actor.userId };
  const returnPath = `${cancel.pathname}${cancel.search}`;
  const session = await stripe.checkout.sessions
    .create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: actor.agencyUuid,
        line_items: [{ price: price.stripePriceId, quantity: 1 }],
        success_url: `${success.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${cancel.origin}/cancel?returnTo=${encodeURIComponent(returnPath)}`,
        metadata,
        subscription_data: { metadata },
      },
      { idempotencyKey: `checkout:${actor.agencyUuid}:${input.requestId}` },
    )
    .catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new AppError('conflict', 'This checkout was already started with other details; start again.');
      }
      throw error;
    });
  if (!session.url) throw new AppError('bad_gateway', 'Stripe did not answer a checkout address.');
  return { checkoutSessionUrl: session.url };
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
  const portal = await stripe.billingPortal.sessions.create(
    { customer: customer.customerId, return_url: success.toString() },
    { idempotencyKey: `portal:${subscriber.uuid}:${input.requestId}` },
  );
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

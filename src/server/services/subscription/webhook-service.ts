import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { PAST_DUE_STATUS, subscriptionStatusOf } from '#shared/domain/subscription.ts';
import type { Db } from '#server/db/client.ts';
import {
  stripeCustomers,
  stripeEvents,
  subscriptionPrices,
  subscriptionProducts,
} from '#server/db/schema/billing.ts';
import { subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Billing } from './stripe-client.ts';

/** The events that change a subscriber's subscription (issue 19). Others are acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** Verifies the signature of a webhook body (the raw bytes Stripe sent) and parses the event. */
export function verifyEvent(billing: Billing, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!signature) throw new AppError('bad_request', 'The Stripe-Signature header is missing.');
  try {
    return billing.stripe.webhooks.constructEvent(rawBody, signature, billing.webhookSecret);
  } catch {
    throw new AppError('bad_request', 'The webhook signature is not valid.');
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The subscription an event is about, whatever its object. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return object.id as string;
  if (event.type === 'checkout.session.completed') {
    return idOf(object.subscription as string | { id: string } | null);
  }
  if (event.type.startsWith('invoice.')) {
    // Since API version 2025-03-31 the invoice names it under parent.subscription_details.
    const parent = object.parent as {
      subscription_details?: { subscription?: string | { id: string } };
    } | null;
    return (
      idOf(parent?.subscription_details?.subscription) ??
      idOf(object.subscription as string | { id: string } | null | undefined)
    );
  }
  return null;
}

/** The agency a Stripe subscription belongs to: its metadata (set at checkout), else its customer. */
async function agencyOf(db: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = subscription.metadata?.agencyUuid;
  const customerId = idOf(subscription.customer);
  if (customerId) {
    const [known] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, customerId));
    if (known) return known.agencyUuid;
  }
  return fromMetadata ?? null;
}

export type WebhookOutcome = 'handled' | 'replay' | 'ignored';

/**
 * Handles one verified event, once: an event id already stored is a no-op. Events may come in any
 * order, so none is trusted for the state: the subscription is re-read from Stripe and the row made
 * equal to it, with an audit row, in one transaction with the event's id.
 */
export async function handleStripeEvent(
  db: Db,
  billing: Billing,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  const [seen] = await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, event.id));
  if (seen) return 'replay';
  const objectId = (event.data.object as { id?: string }).id ?? '';
  const subscriptionId = (HANDLED_EVENTS as readonly string[]).includes(event.type)
    ? subscriptionIdOf(event)
    : null;
  const current = subscriptionId ? await billing.stripe.subscriptions.retrieve(subscriptionId) : null;

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type, objectId })
      .onConflictDoNothing()
      .returning({ eventId: stripeEvents.eventId });
    if (inserted.length === 0) return 'replay';
    if (!current) return 'ignored';

    const agencyUuid = await agencyOf(tx, current);
    const [subscriber] = agencyUuid
      ? await tx.select().from(subscribers).where(eq(subscribers.agencyUuid, agencyUuid))
      : [];
    if (!subscriber) {
      log.warn({ eventId: event.id, subscriptionId: current.id }, 'Stripe subscription of no known agency');
      return 'ignored';
    }
    const customerId = idOf(current.customer);
    if (customerId) {
      await tx
        .insert(stripeCustomers)
        .values({ agencyUuid: subscriber.agencyUuid, customerId })
        .onConflictDoNothing();
    }
    const item = current.items.data[0];
    const stripePriceId = item?.price.id ?? null;
    const [product] = stripePriceId
      ? await tx
          .select({ name: subscriptionProducts.name })
          .from(subscriptionPrices)
          .innerJoin(subscriptionProducts, eq(subscriptionProducts.uuid, subscriptionPrices.productUuid))
          .where(eq(subscriptionPrices.stripePriceId, stripePriceId))
      : [];
    const periodEnd = item?.current_period_end;
    const [before] = await tx
      .select({
        status: subscriptions.status,
        planName: subscriptions.planName,
        pastDueSince: subscriptions.pastDueSince,
      })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, current.id));
    const status = subscriptionStatusOf(current.status);
    const values = {
      planName: product?.name ?? item?.price.nickname ?? 'Subscription',
      status,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      stripePriceId,
      // The grace period counts from the first event that found the subscription past due.
      pastDueSince:
        status !== PAST_DUE_STATUS ? null : (before?.pastDueSince ?? new Date(event.created * 1000)),
    };
    await tx
      .insert(subscriptions)
      .values({
        agencyUuid: subscriber.agencyUuid,
        subscriberUuid: subscriber.uuid,
        stripeSubscriptionId: current.id,
        ...values,
      })
      .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values });
    await recordAudit(tx, {
      agencyUuid: subscriber.agencyUuid,
      actorUserId: null,
      action: `stripe.${event.type}`,
      entity: 'subscription',
      entityId: current.id,
      before: before ? { status: before.status, planName: before.planName } : null,
      after: { planName: values.planName, status: values.status, eventId: event.id },
    });
    return 'handled';
  });
}

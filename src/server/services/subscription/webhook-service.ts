import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
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
import { isResourceMissing, type StripeDeadline } from './stripe-errors.ts';

/** The events that change a subscriber's subscription. Others are acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** What every event we read must hold; anything else in a validly signed body is refused (400). */
const eventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/** A reference to a Stripe object: its id, or the object itself when expanded. */
const reference = z.union([z.string().min(1).max(255), z.looseObject({ id: z.string().min(1).max(255) })]);

/** Where each handled event names its subscription. */
const subscriptionObject = z.looseObject({ id: z.string().min(1).max(255) });
const checkoutObject = z.looseObject({ subscription: reference.nullish() });
// Since API version 2025-03-31 the invoice names it under parent.subscription_details.
const invoiceObject = z.looseObject({
  parent: z
    .looseObject({ subscription_details: z.looseObject({ subscription: reference.nullish() }).nullish() })
    .nullish(),
  subscription: reference.nullish(),
});

/** The fields of a refused body, named as paths ('data.object.id'), for the 400's error shape. */
function refused(message: string, error: z.ZodError, prefix: string[] = []): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[[...prefix, ...issue.path.map(String)].join('.') || 'body'] ??= issue.message;
  return new AppError('bad_request', message, fields);
}

/**
 * Verifies the signature of a webhook body (the raw bytes Stripe sent), then reads it: a body that
 * is signed but is not an event we can read answers 400 naming what is wrong, never a 500.
 */
export function verifyEvent(billing: Billing, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!signature) throw new AppError('bad_request', 'The Stripe-Signature header is missing.');
  const verifier = billing.stripe.webhooks.signature;
  if (!verifier) throw new Error('The Stripe SDK has no webhook signature helper.');
  try {
    verifier.verifyHeader(rawBody, signature, billing.webhookSecret);
  } catch {
    throw new AppError('bad_request', 'The webhook signature is not valid.');
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The Stripe event is not valid JSON.');
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw refused('The Stripe event is not valid.', parsed.error);
  return parsed.data as unknown as Stripe.Event;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The subscription an event is about, whatever its object; 400 when the object does not say it readably. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  const read = <T>(schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(object);
    if (!parsed.success) {
      throw refused(`The ${event.type} event is not valid.`, parsed.error, ['data', 'object']);
    }
    return parsed.data;
  };
  if (event.type.startsWith('customer.subscription.')) return read(subscriptionObject).id;
  if (event.type === 'checkout.session.completed') return idOf(read(checkoutObject).subscription);
  if (event.type.startsWith('invoice.')) {
    const invoice = read(invoiceObject);
    return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
  }
  return null;
}

/**
 * The agency a Stripe subscription belongs to: its customer's, else its metadata (set at checkout).
 * Metadata that is not an agency id is refused (400) rather than looked up.
 */
async function agencyOf(db: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const customerId = idOf(subscription.customer);
  if (customerId) {
    const [known] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, customerId));
    if (known) return known.agencyUuid;
  }
  const fromMetadata: unknown = subscription.metadata?.agencyUuid;
  if (fromMetadata === undefined) return null;
  if (!z.guid().safeParse(fromMetadata).success) {
    throw new AppError('bad_request', "The subscription's metadata agencyUuid is not an agency id.", {
      'metadata.agencyUuid': 'Must be a uuid',
    });
  }
  return fromMetadata as string;
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
  deadline: StripeDeadline,
): Promise<WebhookOutcome> {
  const [seen] = await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, event.id));
  if (seen) return 'replay';
  const { id } = event.data.object as { id?: unknown };
  const objectId = typeof id === 'string' ? id : '';
  const subscriptionId = (HANDLED_EVENTS as readonly string[]).includes(event.type)
    ? subscriptionIdOf(event)
    : null;
  const current = subscriptionId
    ? await deadline.within(billing.stripe.subscriptions.retrieve(subscriptionId)).catch((error: unknown) => {
        // Stripe does not know it (deleted, or another account's): acknowledged, so it is not resent.
        if (!isResourceMissing(error)) throw error;
        log.warn(
          { eventId: event.id, type: event.type, subscriptionId },
          'Stripe event about an unknown subscription',
        );
        return null;
      })
    : null;

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

import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** An agency network: the group an agency belongs to. */
export const networks = pgTable('networks', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An independent agency; every tenant-owned row carries its uuid. */
export const agencies = pgTable(
  'agencies',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    name: text('name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agencies_network_idx').on(t.networkUuid, t.name)],
);

/**
 * The subscriber is the agency that pays for the product (or is let in without paying, when
 * `bypassExternalSubscriber` is set).
 */
export const subscribers = pgTable(
  'subscribers',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    displayName: text('display_name').notNull(),
    primaryUserUuid: uuid('primary_user_uuid'),
    bypassExternalSubscriber: boolean('bypass_external_subscriber').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscribers_agency_uidx').on(t.agencyUuid),
    uniqueIndex('subscribers_uuid_uidx').on(t.uuid),
  ],
);

/** A subscription of a subscriber to a plan; `status` uses the billing provider's words ('Active', ...). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    subscriberUuid: uuid('subscriber_uuid').notNull(),
    planName: text('plan_name').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** When Stripe first reported the subscription past due; the grace period counts from here. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** The Stripe subscription this row mirrors (null for subscriptions not billed through Stripe). */
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripePriceId: text('stripe_price_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_pk_uidx').on(t.agencyUuid, t.uuid),
    index('subscriptions_subscriber_idx').on(t.agencyUuid, t.subscriberUuid, t.createdAt.desc()),
    uniqueIndex('subscriptions_stripe_uidx').on(t.stripeSubscriptionId),
  ],
);

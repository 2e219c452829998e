import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './tenancy.ts';

/**
 * A subscription product (spec part 2 §3 "Subscription product"): kept in the database so the
 * subscription choice page works without Stripe; synced from Stripe when billing is on
 * (`stripe_product_id` is then the Stripe product's id).
 */
export const subscriptionProducts = pgTable('subscription_products', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  stripeProductId: text('stripe_product_id').unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A recurring price of a product. `amount` is exact dollars (numeric); `interval` and
 * `interval_count` are Stripe's recurring interval ('month', 'year', ...).
 */
export const subscriptionPrices = pgTable(
  'subscription_prices',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    productUuid: uuid('product_uuid')
      .notNull()
      .references(() => subscriptionProducts.uuid, { onDelete: 'cascade' }),
    stripePriceId: text('stripe_price_id').unique(),
    name: text('name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('usd'),
    interval: text('interval').notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_prices_product_idx').on(t.productUuid)],
);

/** The Stripe customer of a subscriber's agency, created at its first checkout. */
export const stripeCustomers = pgTable('stripe_customers', {
  agencyUuid: uuid('agency_uuid')
    .primaryKey()
    .references(() => agencies.uuid),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each Stripe event handled, once (docs/decisions/012): a replayed event id is a no-op.
 */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** The Stripe object the event was about (subscription, session or invoice id). */
  objectId: text('object_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The agency's one open Stripe Checkout (decision 040). The primary key is the lock: a second
 * checkout of the same agency, in another tab or at the same moment, finds this row and answers its
 * session instead of starting a second one that could bill the agency twice. A row without `url`
 * is a claim whose session is being created.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  agencyUuid: uuid('agency_uuid')
    .primaryKey()
    .references(() => agencies.uuid),
  priceUuid: uuid('price_uuid').notNull(),
  sessionId: text('session_id'),
  url: text('url'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

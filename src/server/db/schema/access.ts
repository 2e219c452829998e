import { boolean, date, pgTable, primaryKey, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';

/** A product feature: what a subscriber can hold (by `external_id`) and a user can be granted (by `key`). */
export const productFeatures = pgTable('product_features', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  externalId: text('external_id').unique(),
  isLive: boolean('is_live').notNull().default(false),
});

/** The features a subscriber (agency) holds, by the feature's external id. */
export const subscriberFeatures = pgTable(
  'subscriber_features',
  {
    agencyUuid: uuid('agency_uuid').notNull(),
    externalId: text('external_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyUuid, t.externalId] })],
);

/** A user's access record to one product component: granted, or denied with `deny_access`. */
export const accessRecords = pgTable(
  'access_records',
  {
    userId: uuid('user_id').notNull(),
    productComponentKey: text('product_component_key').notNull(),
    denyAccess: boolean('deny_access').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productComponentKey] })],
);

/** Upload-portal permissions of a user (e.g. 'clarity:access:basic'); no rows: no portal account. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: uuid('user_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/** A feature flag: its default, optionally tied to a product feature. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  featureId: uuid('feature_id').references(() => productFeatures.id),
  isLive: boolean('is_live').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A flag's value for one user, network or agency; the most specific target wins (user > agency > network). */
export const featureFlagTargets = pgTable(
  'feature_flag_targets',
  {
    flagKey: text('flag_key')
      .notNull()
      .references(() => featureFlags.key, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['user', 'network', 'agency'] }).notNull(),
    targetUuid: uuid('target_uuid').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.flagKey, t.targetType, t.targetUuid] }),
    index('feature_flag_targets_target_idx').on(t.targetUuid),
  ],
);

/** Product news shown in the header's What's new widget. */
export const whatsNewEntries = pgTable('whats_new_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  publishedOn: date('published_on', { mode: 'string' }).notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
});

/**
 * The collaboration mode of one session: kept on the server so report data and exports are masked
 * whatever the browser sends. Ends with the session.
 */
export const collaborationModes = pgTable('collaboration_modes', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  carrierUuids: uuid('carrier_uuids').array().notNull(),
  shareType: text('share_type', { enum: ['names', 'all'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

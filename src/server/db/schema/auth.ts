import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies, networks } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * People who sign in. The first block of columns is the sign-in library's user model; the rest are
 * the product's user fields (spec part 1 §3 User). `userType` is 'internal', 'network' or 'agency'.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),

    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    userType: text('user_type').notNull().default('agency'),
    networkUuid: uuid('network_uuid').references(() => networks.uuid),
    agencyUuid: uuid('agency_uuid').references(() => agencies.uuid),
    isOwner: boolean('is_owner').notNull().default(false),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    enableMfaOptions: boolean('enable_mfa_options').notNull().default(false),
    allowEmailMfa: boolean('allow_email_mfa').notNull().default(false),
    allowAuthenticatorMfa: boolean('allow_authenticator_mfa').notNull().default(false),
    allowSmsMfa: boolean('allow_sms_mfa').notNull().default(false),
    allowOptOutMfa: boolean('allow_opt_out_mfa').notNull().default(false),
  },
  (t) => [index('users_agency_idx').on(t.agencyUuid), index('users_network_idx').on(t.networkUuid)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Set when staff revoke the user's sessions: the next call answers 401 with refreshTokenRevoked. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Rate-limit counters live in the database so every app server shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Consecutive failed passwords per e-mail address, shared by every app server: ten in a row lock the
 * address until `locked_until`; a successful sign-in clears the row.
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what, when: one row per write of user-entered data (before and after as JSON). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyUuid: uuid('agency_uuid'),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_agency_idx').on(t.agencyUuid, t.at)],
);

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
    // Profile (spec part 2 §3 User): street address and a US phone number in parts.
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('United States'),
    countryCode: text('country_code').notNull().default(''),
    areaCode: text('area_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
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
    /** Password accepted, second factor still owed: the session opens only the MFA sign-in calls. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
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

/**
 * The user's multi-factor choice (spec part 1 §4 MFA): 'any' (authenticator app), 'email' or
 * 'opt_out'. No row means the user has not chosen. The authenticator secret is stored encrypted and
 * counts as set up once a code confirmed it; `totpLastStep` stops a code being used twice.
 */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  factor: text('factor').notNull(),
  totpSecret: text('totp_secret'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  enrolledAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-time recovery codes for authenticator users, stored as hashes; a used code keeps `usedAt`. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Sign-in codes sent by e-mail, stored as hashes: single use, expiring ten minutes after sending. */
export const mfaEmailCodes = pgTable(
  'mfa_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_email_codes_user_idx').on(t.userId)],
);

/** Wrong second-factor codes, one row each, shared by every server: five in five minutes throttle. */
export const mfaFailures = pgTable(
  'mfa_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_failures_user_idx').on(t.userId, t.failedAt)],
);

/**
 * An invitation to join an agency (spec part 2 §4 Registration). The token is stored as a hash; it
 * works once (`usedAt`) and until `expiresAt`. `userId` names an existing account without a password
 * that the registration completes; otherwise registration creates the user.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    willBePrimaryUser: boolean('will_be_primary_user').notNull().default(false),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('invitations_agency_idx').on(t.agencyUuid), index('invitations_email_idx').on(t.email)],
);

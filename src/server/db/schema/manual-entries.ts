import { money } from './columns.ts';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './tenancy.ts';
import { carriers, linesOfBusiness } from './dimensions.ts';

/**
 * Production an agency typed in by hand for a carrier that sends no data (spec part 2 §3 "Carrier
 * entry record"): one year-to-date snapshot per agency x carrier x sub-code x broad line x year x
 * month (DESIGN §6). `services/manual-entry` derives the monthly `production_facts` (source 'manual')
 * from consecutive snapshots. `version` counts saves, so a stale edit is refused rather than
 * overwriting someone else's; `last_request_id` makes a retried submission answer as the first did.
 */
export const manualEntries = pgTable(
  'manual_entries',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    networkUuid: uuid('network_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    agencyCodeUuid: uuid('agency_code_uuid').notNull(),
    lineUuid: uuid('line_uuid')
      .notNull()
      .references(() => linesOfBusiness.uuid),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    writtenPremium: money('written_premium').notNull(),
    newBusiness: money('new_business').notNull(),
    mover: money('mover').notNull(),
    incurredLoss: money('incurred_loss').notNull(),
    earnedPremium: money('earned_premium').notNull(),
    lossRatio: numeric('loss_ratio', { precision: 14, scale: 5 }).notNull(),
    radio: text('radio', { enum: ['incurredLossEarnedPremium', 'lossRatio'] }).notNull(),
    version: integer('version').notNull().default(1),
    lastRequestId: uuid('last_request_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.uuid] }),
    uniqueIndex('manual_entries_uuid_uidx').on(t.uuid),
    uniqueIndex('manual_entries_key_uidx').on(
      t.agencyUuid,
      t.carrierUuid,
      t.agencyCodeUuid,
      t.lineUuid,
      t.year,
      t.month,
    ),
    index('manual_entries_network_idx').on(t.networkUuid),
  ],
);

/**
 * A request to add a carrier to the catalogue (spec part 2 §3 "New carrier request"). It is kept
 * whatever happens to its forwarding, so staff can list every request.
 */
export const carrierRequests = pgTable(
  'carrier_requests',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    agencyUuid: uuid('agency_uuid'),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    carrierName: text('carrier_name').notNull(),
    carrierType: text('carrier_type').notNull(),
    carrierWebsite: text('carrier_website').notNull(),
    additionalInfo: text('additional_info').notNull().default(''),
    /** 'received', then 'forwarded' (ticket or e-mail sent) or 'failed'. */
    status: text('status').notNull().default('received'),
    forwardedTo: text('forwarded_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carrier_requests_created_idx').on(t.createdAt)],
);

/**
 * Every e-mail the product sends. With SMTP configured (`SMTP_URL`) a row records what was sent;
 * without it the row is the message itself (the development outbox), which internal staff can read.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** 'smtp' when handed to the SMTP server, 'outbox' when only stored here. */
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { EMBED_PROVIDERS } from '#shared/domain/reports.ts';
import { agencies, networks } from './tenancy.ts';

/**
 * A BI dashboard assigned to a report key (docs/decisions/010) for a whole network, or for one agency
 * in it (`agency_uuid`), which then takes the place of the network's for that agency.
 */
export const reportAssignments = pgTable(
  'report_assignments',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    agencyUuid: uuid('agency_uuid').references(() => agencies.uuid),
    reportKey: text('report_key').notNull(),
    provider: text('provider', { enum: EMBED_PROVIDERS }).notNull(),
    /** The provider's report, workbook or dashboard id. */
    externalId: text('external_id').notNull(),
    /** Power BI workspace (group) id; '' for the other providers. */
    workspaceId: text('workspace_id').notNull().default(''),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull().default({}),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('report_assignments_level_report_key')
      .on(t.networkUuid, t.agencyUuid, t.reportKey)
      .nullsNotDistinct(),
    index('report_assignments_agency_idx').on(t.agencyUuid),
  ],
);

/** A request for access to a report, sent from its teaser; forwarded like a new carrier request. */
export const reportAccessRequests = pgTable(
  'report_access_requests',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    agencyUuid: uuid('agency_uuid'),
    networkUuid: uuid('network_uuid'),
    userId: uuid('user_id').notNull(),
    reportKey: text('report_key').notNull(),
    message: text('message').notNull().default(''),
    /** 'received', then 'forwarded' (ticket or e-mail sent) or 'failed'. */
    status: text('status').notNull().default('received'),
    forwardedTo: text('forwarded_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_access_requests_created_idx').on(t.createdAt)],
);

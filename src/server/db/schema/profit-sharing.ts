import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgreementLines, AgreementTermsDto } from '#shared/contracts/profit-sharing.ts';
import { PROFIT_SHARE_MEASURES } from '#shared/domain/profit-sharing.ts';
import { carriers } from './dimensions.ts';
import { agencies, networks } from './tenancy.ts';

/**
 * A carrier's profit-sharing (contingent) agreement for a year: an agency's (`agency_uuid`), or its
 * network's when `agency_uuid` is NULL (measured on the network's aggregate). `lines` are the lines it
 * covers; `terms` its grid, gates and kicker as the API takes them (percents and dollars), validated by
 * the shared contract on every write; `policies_in_force` the count the agency typed in (the facts carry
 * none). The projection is computed on every read (`shared/domain/profit-sharing.ts`), never stored.
 * `version` counts saves: an edit made on a stale copy is refused.
 */
export const profitShareAgreements = pgTable(
  'profit_share_agreements',
  {
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    agencyUuid: uuid('agency_uuid').references(() => agencies.uuid),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    year: integer('year').notNull(),
    name: text('name').notNull(),
    measure: text('measure', { enum: PROFIT_SHARE_MEASURES }).notNull(),
    lines: json('lines').$type<AgreementLines>().notNull(),
    terms: json('terms').$type<AgreementTermsDto>().notNull(),
    policiesInForce: integer('policies_in_force'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.networkUuid, t.uuid] }),
    // Found by its id alone in the API's paths; unique by its random default (a unique index would have to
    // hold network_uuid to be distributed by network, docs/scale-out.md).
    index('profit_share_agreements_uuid_idx').on(t.uuid),
    // One agreement of a name per carrier, year and holder (the network's own: the zero uuid).
    uniqueIndex('profit_share_agreements_name_uidx').on(
      t.networkUuid,
      sql`coalesce(${t.agencyUuid}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.carrierUuid,
      t.year,
      sql`lower(${t.name})`,
    ),
  ],
);

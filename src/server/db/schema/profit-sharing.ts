import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgreementLines, AgreementTermsDto } from '#shared/contracts/profit-sharing.ts';
import { ALLOCATION_METHODS, PROFIT_SHARE_MEASURES } from '#shared/domain/profit-sharing.ts';
import { carriers, linesOfBusiness } from './dimensions.ts';
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
    // A network's agreements of a year (its pages, the ranking, the carriers its figures are read for).
    index('profit_share_agreements_network_year_idx').on(t.networkUuid, t.year),
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

/**
 * A contingent check a network received from a carrier for a year, under one of the network's own
 * agreements (its carrier and year are the agreement's). `amount` is exact (numeric, dollars and cents);
 * `received_on` the day it arrived: its month is where the allocations count in the scorecard
 * (decision 067). `version` counts saves of the check and of its allocation: a stale edit is refused.
 */
export const profitShareChecks = pgTable(
  'profit_share_checks',
  {
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    agreementUuid: uuid('agreement_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    year: integer('year').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    receivedOn: date('received_on').notNull(),
    memo: text('memo').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.networkUuid, t.uuid] }),
    index('profit_share_checks_uuid_idx').on(t.uuid),
    index('profit_share_checks_network_year_idx').on(t.networkUuid, t.year),
    foreignKey({
      name: 'profit_share_checks_agreement_fk',
      columns: [t.networkUuid, t.agreementUuid],
      foreignColumns: [profitShareAgreements.networkUuid, profitShareAgreements.uuid],
    }),
  ],
);

/**
 * A check's share for one member agency: `amount` exact (the shares of a check add up to it to the
 * cent), how it was shared (`method`), by whom and when; `line_uuid` the broad line it counts on in the
 * scorecard (decision 067). A new allocation replaces all the rows of the check.
 */
export const profitShareCheckAllocations = pgTable(
  'profit_share_check_allocations',
  {
    networkUuid: uuid('network_uuid').notNull(),
    checkUuid: uuid('check_uuid').notNull(),
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    lineUuid: uuid('line_uuid').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    method: text('method', { enum: ALLOCATION_METHODS }).notNull(),
    allocatedBy: uuid('allocated_by'),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'profit_share_check_allocations_pk',
      columns: [t.networkUuid, t.checkUuid, t.agencyUuid],
    }),
    foreignKey({
      name: 'profit_share_check_allocations_check_fk',
      columns: [t.networkUuid, t.checkUuid],
      foreignColumns: [profitShareChecks.networkUuid, profitShareChecks.uuid],
    }).onDelete('cascade'),
    foreignKey({
      name: 'profit_share_check_allocations_line_fk',
      columns: [t.lineUuid],
      foreignColumns: [linesOfBusiness.uuid],
    }),
    // The scorecard of one agency reads its allocations.
    index('profit_share_check_allocations_agency_idx').on(t.agencyUuid),
  ],
);

import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies, networks } from './tenancy.ts';
import { carriers } from './dimensions.ts';
import { IMPORT_AMOUNTS } from '#shared/domain/import-matching.ts';

/**
 * One uploaded carrier file and what became of it: 'staged' (read, not yet written),
 * 'committed' (its facts loaded), 'undone' (what it replaced restored), 'discarded' (dropped unloaded
 * by a person) or 'expired' (left unloaded too long). Who, when, the file's name and SHA-256, its row
 * counts and totals.
 */
export const imports = pgTable(
  'imports',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    /** The one agency an agency administrator's upload may touch; null for a network's upload. */
    agencyUuid: uuid('agency_uuid'),
    kind: text('kind', { enum: ['production', 'commission'] }).notNull(),
    status: text('status', { enum: ['staged', 'committed', 'undone', 'discarded', 'expired'] })
      .notNull()
      .default('staged'),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The carrier chosen for the whole file, or null when the file names its carrier per row. */
    carrierUuid: uuid('carrier_uuid').references(() => carriers.uuid),
    /** The last month the file covers (first day); rows without a month column belong to it. */
    coversThrough: date('covers_through', { mode: 'string' }).notNull(),
    /** What was detected: format, encoding, delimiter, sheet, header row number. */
    detected: jsonb('detected').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    headerFingerprint: text('header_fingerprint').notNull(),
    /** field -> header name, once the columns are mapped. */
    columns: jsonb('columns').$type<Record<string, string>>(),
    /** 'monthly', or 'ytd': the amounts are year to date through the row's month (decision 013). */
    amounts: text('amounts', { enum: IMPORT_AMOUNTS }).notNull().default('monthly'),
    rowCount: integer('row_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    rowsLoaded: integer('rows_loaded'),
    rowsSkipped: integer('rows_skipped'),
    /** Rows with errors left out of the load by an explicit choice at commit. */
    rowsExcluded: integer('rows_excluded'),
    /**
     * A full restatement replaces every line of the agency x carrier (x agency code) x months it names;
     * otherwise a file replaces only the lines it has figures for.
     */
    restatement: boolean('restatement').notNull().default(false),
    totals: jsonb('totals'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedBy: uuid('committed_by'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    undoneBy: uuid('undone_by'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** Who discarded an unloaded upload (null when it expired), and when. */
    discardedBy: uuid('discarded_by'),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
  },
  (t) => [index('imports_network_idx').on(t.networkUuid, t.createdAt)],
);

/**
 * A network's column mapping for a file layout, keyed by the header's fingerprint so next month's
 * file from the same portal maps itself.
 */
export const importProfiles = pgTable(
  'import_profiles',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    kind: text('kind', { enum: ['production', 'commission'] }).notNull(),
    name: text('name').notNull(),
    headerFingerprint: text('header_fingerprint').notNull(),
    columns: jsonb('columns').$type<Record<string, string>>().notNull(),
    amounts: text('amounts', { enum: IMPORT_AMOUNTS }).notNull().default('monthly'),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_profiles_fingerprint_uidx').on(t.networkUuid, t.kind, t.headerFingerprint),
    uniqueIndex('import_profiles_name_uidx').on(t.networkUuid, t.name),
  ],
);

/**
 * A remembered mapping of a file's value (normalised) to a carrier, a standard type or an agency code
 * (an agency code's value is scoped to its carrier), or to the Miscellaneous bucket: rows that are not
 * carrier business, skipped on load. Remembered when an upload is loaded, never before (decision 045).
 * Its owner is an agency (made in that agency's own upload: it applies to that agency's files only)
 * or the network (agency_uuid null: made in a network's upload by a network user or staff). An exact
 * match of the value beats it unless `overrides_exact`, which only a network user or staff can set.
 */
export const importValueMappings = pgTable(
  'import_value_mappings',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    networkUuid: uuid('network_uuid')
      .notNull()
      .references(() => networks.uuid),
    /** The agency whose files the mapping applies to; null: every file of the network. */
    agencyUuid: uuid('agency_uuid').references(() => agencies.uuid),
    dimension: text('dimension', { enum: ['carrier', 'line', 'agencyCode'] }).notNull(),
    /** The carrier an agency code belongs to; '' for carriers and lines. */
    scopeKey: text('scope_key').notNull().default(''),
    sourceValue: text('source_value').notNull(),
    targetUuid: uuid('target_uuid'),
    miscellaneous: boolean('miscellaneous').notNull().default(false),
    /** Applies even where the value matches a code or name exactly (set explicitly by a network user). */
    overridesExact: boolean('overrides_exact').notNull().default(false),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('import_value_mappings_value_uq')
      .on(t.networkUuid, t.agencyUuid, t.dimension, t.scopeKey, t.sourceValue)
      .nullsNotDistinct(),
  ],
);

/**
 * The matches chosen for one upload's values while it is staged: they apply to that upload only, and
 * become remembered mappings (of its agency, or of the network) when it is loaded.
 */
export const importValueChoices = pgTable(
  'import_value_choices',
  {
    importUuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: ['carrier', 'line', 'agencyCode'] }).notNull(),
    scopeKey: text('scope_key').notNull().default(''),
    sourceValue: text('source_value').notNull(),
    targetUuid: uuid('target_uuid'),
    miscellaneous: boolean('miscellaneous').notNull().default(false),
    overridesExact: boolean('overrides_exact').notNull().default(false),
    chosenBy: uuid('chosen_by').notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importUuid, t.dimension, t.scopeKey, t.sourceValue] })],
);

// The typed rows of a staged file are kept in a table per upload, created and dropped by the import
// services (`staged-rows.ts`, decision 037), outside this schema; migration 0023 dropped the shared
// `import_rows` table they replace.

/** Why a staged row could not be read: which row, which column, why. */
export const importRowErrors = pgTable(
  'import_row_errors',
  {
    importUuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    column: text('column').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('import_row_errors_import_idx').on(t.importUuid, t.rowNumber)],
);

/**
 * What a commit replaced: the agency x carrier x agency code x line x month cells it owns (line null:
 * every line, a full restatement's), and the rows that were there before (restored by undo), and the
 * reported months it added.
 */
export const importScopes = pgTable(
  'import_scopes',
  {
    importUuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid),
    agencyUuid: uuid('agency_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid').notNull(),
    agencyCodeUuid: uuid('agency_code_uuid'),
    lineUuid: uuid('line_uuid'),
    month: date('month', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('import_scopes_import_idx').on(t.importUuid),
    index('import_scopes_cell_idx').on(t.agencyUuid, t.carrierUuid, t.month),
  ],
);

export const importReplacedFacts = pgTable(
  'import_replaced_facts',
  {
    importUuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid),
    /** The whole fact row as it was (production_facts or commission_facts columns, without id). */
    fact: jsonb('fact').notNull(),
  },
  (t) => [index('import_replaced_facts_import_idx').on(t.importUuid)],
);

export const importAddedMonths = pgTable(
  'import_added_months',
  {
    importUuid: uuid('import_uuid')
      .notNull()
      .references(() => imports.uuid),
    agencyUuid: uuid('agency_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
  },
  (t) => [index('import_added_months_import_idx').on(t.importUuid)],
);

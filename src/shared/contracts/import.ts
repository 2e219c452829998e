import { z } from 'zod';
import { ALL_IMPORT_FIELDS, IMPORT_AMOUNTS } from '#shared/domain/import-matching.ts';
import { DATE_ORDERS, DECIMAL_SEPARATORS } from '#shared/domain/import-values.ts';

/**
 * Uploading carrier files: upload, map columns, map values, preview, commit, undo.
 * The file itself is sent as the raw body (application/octet-stream) of POST /api/imports.
 */

export const importKindSchema = z.enum(['production', 'commission']);
export const importFieldSchema = z.enum(ALL_IMPORT_FIELDS);
export const importAmountsSchema = z.enum(IMPORT_AMOUNTS);
export const dateOrderSchema = z.enum(DATE_ORDERS);
export const decimalSeparatorSchema = z.enum(DECIMAL_SEPARATORS);

/** Rows left out of a file as report furniture: header rows repeated on each page, and total rows. */
const skippedRowsSchema = z.object({ repeatedHeaders: z.number().int(), totals: z.number().int() });

/** A file's name as the browser gives it; no path. */
export const FILE_NAME_MAX = 255;
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const importUploadQuerySchema = z.object({
  networkUuid: z.string().uuid().optional(),
  kind: importKindSchema,
  /** The carrier of the whole file; absent when the file names its carrier per row ("from the file"). */
  carrierUuid: z.string().uuid().optional(),
  /** The last year and month the file covers, 'YYYY-MM'. */
  coversThrough: z.string().regex(YEAR_MONTH, 'Choose the last year and month the file covers.'),
  fileName: z
    .string()
    .trim()
    .min(1, 'Name the file.')
    .max(FILE_NAME_MAX, `At most ${FILE_NAME_MAX} characters`)
    .refine((n) => !/[/\\]/.test(n), 'A file name has no folders.'),
  sheet: z.string().trim().min(1).max(100).optional(),
});
export type ImportUploadQuery = z.infer<typeof importUploadQuerySchema>;

/** The uploads list's largest page. */
export const IMPORT_PAGE_SIZE_MAX = 200;
/** How long an upload may stay unloaded before it expires (its staged rows and file are dropped). */
export const UPLOAD_EXPIRY_DAYS = 7;

const pageNumber = (field: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${field} must be a whole number`)
    .refine((v) => Number(v) >= 1 && Number(v) <= max, `${field} must be between 1 and ${max}`)
    .transform(Number);

export const importListQuerySchema = z.object({
  networkUuid: z.string().uuid().optional(),
  page: pageNumber('page', 100_000).default(1),
  pageSize: pageNumber('pageSize', IMPORT_PAGE_SIZE_MAX).default(IMPORT_PAGE_SIZE_MAX),
});
export const importParamsSchema = z.object({ uploadUuid: z.string().uuid() });

const totalsSchema = z.object({
  writtenPremium: z.string().nullable(),
  newWrittenPremium: z.string().nullable(),
  earned: z.string().nullable(),
  incurred: z.string().nullable(),
  baseCommission: z.string().nullable(),
  additionalCommission: z.string().nullable(),
});

/** Whether the upload is previewed (and later committed) as a full restatement of what it covers. */
export const importPreviewQuerySchema = z.object({
  restatement: z.enum(['true', 'false']).default('false'),
});

/** Figures loaded now that a commit would replace (or, a restatement's, remove), by agency and line. */
const replacedSchema = totalsSchema.extend({
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  lineUuid: z.string().uuid(),
  lineName: z.string(),
  /** true: the file has no figure for these cells, so the commit removes them (a restatement only). */
  removed: z.boolean(),
  /** How many stored figures (fact rows) this is. */
  figures: z.number().int(),
});

export const importPreviewSchema = z.object({
  rowCount: z.number().int(),
  /** The rows a commit loads as things stand: none while a row has an error and none is excluded. */
  rowsToLoad: z.number().int(),
  rowsMiscellaneous: z.number().int(),
  errorCount: z.number().int(),
  /** Distinct rows with at least one error: what "exclude rows with errors" leaves out. */
  rowsWithErrors: z.number().int(),
  /** The rows a commit that excludes the rows with errors loads (the totals below are theirs). */
  rowsWithoutErrors: z.number().int(),
  restatement: z.boolean(),
  replaced: z.array(replacedSchema),
  /** A committed upload of the same scope and kind whose file had the same content (SHA-256). */
  alreadyLoaded: z
    .object({ uploadUuid: z.string().uuid(), fileName: z.string(), committedAt: z.string() })
    .nullable(),
  errors: z.array(z.object({ rowNumber: z.number().int(), column: z.string(), reason: z.string() })),
  byCarrier: z.array(totalsSchema.extend({ carrierUuid: z.string().uuid(), name: z.string() })),
  byAgency: z.array(totalsSchema.extend({ agencyUuid: z.string().uuid(), name: z.string() })),
  byMonth: z.array(totalsSchema.extend({ month: z.string() })),
  total: totalsSchema,
  /** Rows of the file that are not data (repeated headers, totals), left out and counted. */
  skipped: skippedRowsSchema.optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

const columnMappingSchema = z.partialRecord(importFieldSchema, z.string().min(1).max(200));

export const importRecordSchema = z.object({
  uploadUuid: z.string().uuid(),
  networkUuid: z.string().uuid(),
  agencyUuid: z.string().uuid().nullable(),
  kind: importKindSchema,
  status: z.enum(['staged', 'committed', 'undone', 'discarded', 'expired']),
  fileName: z.string(),
  fileHash: z.string(),
  fileSize: z.number().int(),
  carrierUuid: z.string().uuid().nullable(),
  coversThrough: z.string(),
  detected: z.object({
    format: z.enum(['csv', 'xlsx']),
    encoding: z.string().nullable(),
    delimiter: z.string().nullable(),
    sheet: z.string().nullable(),
    headerRowNumber: z.number().int(),
    /** Once the rows are read: the date order and decimal separator they were read with (declared or detected). */
    dateOrder: dateOrderSchema.nullable().optional(),
    decimalSeparator: decimalSeparatorSchema.nullable().optional(),
    /** The whole file was declared one month (the month it covers), with no Month column. */
    oneMonth: z.boolean().optional(),
    skipped: skippedRowsSchema.optional(),
    /** Once the rows are read: the months (YYYY-MM) they may be dated, first and last (decision 049). */
    months: z.object({ from: z.string(), through: z.string() }).optional(),
  }),
  header: z.array(z.string()),
  columns: columnMappingSchema.nullable(),
  /** What the amounts are: 'monthly', or 'ytd' (year to date through the row's month). */
  amounts: importAmountsSchema,
  /** The network's profile for this header when it has one, else suggestions from the header's names. */
  proposed: z.object({
    profileName: z.string().nullable(),
    columns: columnMappingSchema,
    amounts: importAmountsSchema,
  }),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  rowsLoaded: z.number().int().nullable(),
  rowsSkipped: z.number().int().nullable(),
  /** Rows with errors left out by choice at commit. */
  rowsExcluded: z.number().int().nullable(),
  restatement: z.boolean(),
  total: totalsSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  discardedAt: z.string().nullable(),
  /** When an unloaded upload expires (null once loaded, discarded or expired). */
  expiresAt: z.string().nullable(),
});
export type ImportRecordResponse = z.infer<typeof importRecordSchema>;

export const importListSchema = z.object({
  imports: z.array(importRecordSchema),
  /** How many uploads the list has (every page). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportList = z.infer<typeof importListSchema>;

/**
 * POST /api/imports/:uuid/commit. A file with rows in error loads only when the caller excludes
 * them explicitly, naming how many (the preview's rowsWithErrors): a different count is refused. No
 * body (null): an ordinary commit, nothing excluded.
 */
export const importCommitRequestSchema = z
  .object({
    restatement: z.boolean().default(false),
    excludeRowsWithErrors: z.number().int().min(1).max(100_000_000).optional(),
  })
  .nullable();
export type ImportCommitRequest = z.input<typeof importCommitRequestSchema>;

export const importColumnsRequestSchema = z.object({
  columns: columnMappingSchema,
  /** Year-to-date amounts are turned into each month's figures when loaded. */
  amounts: importAmountsSchema.default('monthly'),
  /** The name the mapping is remembered under for this header; null: do not remember it. */
  profileName: z.string().trim().min(1).max(100).nullable().optional(),
  /** How the file writes dates and amounts; when absent, detected from the file, or asked for. */
  dateOrder: dateOrderSchema.optional(),
  decimalSeparator: decimalSeparatorSchema.optional(),
  /** Every row belongs to the month the file covers: no Month column. */
  oneMonth: z.boolean().default(false),
});

const dimensionSchema = z.enum(['carrier', 'line', 'agencyCode']);

export const importCandidatesQuerySchema = z.object({
  dimension: dimensionSchema,
  /** For agency codes: the carrier they are codes at. */
  carrierUuid: z.string().uuid().optional(),
});

/** Everything a value may be matched to (the value step's search beyond the suggestions). */
export const importCandidatesSchema = z.object({
  candidates: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
});
export type ImportCandidates = z.infer<typeof importCandidatesSchema>;

export const importValuesSchema = z.object({
  values: z.array(
    z.object({
      dimension: dimensionSchema,
      carrierUuid: z.string().uuid().nullable(),
      value: z.string(),
      rows: z.number().int(),
      targetUuid: z.string().uuid().nullable(),
      /** The match's name (carrier, standard type, or agency code with its agency). */
      targetName: z.string().nullable(),
      miscellaneous: z.boolean(),
      /** chosen: for this upload, remembered when it is loaded; remembered: by an earlier loaded upload. */
      how: z.enum(['chosen', 'remembered', 'exact', 'unmapped']),
      /** The match was chosen over an exact match of the value, explicitly, by a network user or staff. */
      overridesExact: z.boolean(),
      /** confidence: 0..1; only a suggestion at PREFILL_CONFIDENCE or more is taken without a choice. */
      suggestions: z.array(
        z.object({ id: z.string().uuid(), name: z.string(), score: z.number(), confidence: z.number() }),
      ),
    }),
  ),
});
export type ImportValues = z.infer<typeof importValuesSchema>;

export const importValueMappingsRequestSchema = z.object({
  mappings: z
    .array(
      z.object({
        dimension: dimensionSchema,
        carrierUuid: z.string().uuid().nullable(),
        value: z.string().min(1).max(500),
        targetUuid: z.string().uuid().nullable(),
        miscellaneous: z.boolean(),
        /** Map the value away from its exact match (network users and staff only). */
        overridesExact: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(5000),
});

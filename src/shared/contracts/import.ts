import { z } from 'zod';
import { ALL_IMPORT_FIELDS, IMPORT_AMOUNTS } from '#shared/domain/import-matching.ts';
import { DATE_ORDERS, DECIMAL_SEPARATORS } from '#shared/domain/import-values.ts';

/**
 * Uploading carrier files (issue 20): upload, map columns, map values, preview, commit, undo.
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

export const importListQuerySchema = z.object({ networkUuid: z.string().uuid().optional() });
export const importParamsSchema = z.object({ uploadUuid: z.string().uuid() });

const totalsSchema = z.object({
  writtenPremium: z.string().nullable(),
  newWrittenPremium: z.string().nullable(),
  earned: z.string().nullable(),
  incurred: z.string().nullable(),
  baseCommission: z.string().nullable(),
  additionalCommission: z.string().nullable(),
});

export const importPreviewSchema = z.object({
  rowCount: z.number().int(),
  rowsToLoad: z.number().int(),
  rowsMiscellaneous: z.number().int(),
  errorCount: z.number().int(),
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
  status: z.enum(['staged', 'committed', 'undone']),
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
  total: totalsSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type ImportRecordResponse = z.infer<typeof importRecordSchema>;

export const importListSchema = z.object({ imports: z.array(importRecordSchema) });

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

import { queryOptions } from '@tanstack/react-query';
import {
  importCandidatesSchema,
  importListSchema,
  importPreviewSchema,
  importRecordSchema,
  importValuesSchema,
  type ImportCommitRequest,
  type ImportRecordResponse,
  type ImportUploadQuery,
  type ImportValues,
} from '#shared/contracts/import.ts';
import { CARRIER_SEARCH_MIN, carrierSearchResponseSchema } from '#shared/contracts/manual-entry.ts';
import type { ImportAmounts, ImportField } from '#shared/domain/import-matching.ts';
import type { DateOrder, DecimalSeparator } from '#shared/domain/import-values.ts';
import { apiRequest, apiUpload } from '#client/lib/api-client.ts';

/** The network the calls are for: staff name it, everyone else is bound to their own on the server. */
const networkParams = (networkUuid: string | undefined): Record<string, string> =>
  networkUuid ? { networkUuid } : {};

export const importsKey = ['imports'] as const;

/** The uploads list's page size (spec part 2 §9: tables page at 25 rows). */
export const UPLOAD_LIST_PAGE_SIZE = 25;

/**
 * GET /api/imports: a page of the network's uploads (an agency administrator's: the agency's),
 * newest first; the server pages, so a network with thousands of uploads lists them all.
 */
export const importListQuery = (networkUuid: string | undefined, page: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...importsKey, 'list', networkUuid ?? null, page],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/imports?${new URLSearchParams({
          ...networkParams(networkUuid),
          page: String(page),
          pageSize: String(UPLOAD_LIST_PAGE_SIZE),
        }).toString()}`,
        importListSchema,
        { signal },
      ),
    enabled,
  });

/** GET /api/imports/:uuid/values: the file's carriers, policy types and agency codes to match. */
export const importValuesQuery = (uploadUuid: string) =>
  queryOptions({
    queryKey: [...importsKey, uploadUuid, 'values'],
    queryFn: ({ signal }) => apiRequest(`/api/imports/${uploadUuid}/values`, importValuesSchema, { signal }),
    staleTime: 0,
  });

/**
 * GET /api/imports/:uuid/candidates: everything a value may be matched to (every carrier, every
 * standard type, or the agency codes at a carrier), fetched when a match list is first opened.
 */
export const importCandidatesQuery = (
  uploadUuid: string,
  value: Pick<ImportValues['values'][number], 'dimension' | 'carrierUuid'>,
  enabled: boolean,
) =>
  queryOptions({
    queryKey: [...importsKey, uploadUuid, 'candidates', value.dimension, value.carrierUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/imports/${uploadUuid}/candidates?${new URLSearchParams({
          dimension: value.dimension,
          ...(value.carrierUuid ? { carrierUuid: value.carrierUuid } : {}),
        }).toString()}`,
        importCandidatesSchema,
        { signal },
      ),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/imports/:uuid/preview: what committing would write, the rows that stop it, the figures it
 * replaces (a restatement: removes) and an earlier load of the same file.
 */
export const importPreviewQuery = (uploadUuid: string, restatement = false) =>
  queryOptions({
    queryKey: [...importsKey, uploadUuid, 'preview', restatement],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/imports/${uploadUuid}/preview${restatement ? '?restatement=true' : ''}`,
        importPreviewSchema,
        { signal },
      ),
    staleTime: 0,
  });

export type UploadChoice = Omit<ImportUploadQuery, 'fileName' | 'networkUuid'>;

/** POST /api/imports with one file's bytes; the server detects its format, reads its header and stages it. */
export function uploadFile(
  networkUuid: string | undefined,
  choice: UploadChoice,
  file: File,
  progress: { onProgress: (fraction: number) => void; onSent: () => void },
): Promise<ImportRecordResponse> {
  const params = new URLSearchParams({
    ...networkParams(networkUuid),
    kind: choice.kind,
    coversThrough: choice.coversThrough,
    fileName: file.name,
    ...(choice.carrierUuid ? { carrierUuid: choice.carrierUuid } : {}),
    ...(choice.sheet ? { sheet: choice.sheet } : {}),
  });
  return apiUpload(`/api/imports?${params.toString()}`, importRecordSchema, { file, ...progress });
}

/** PUT /api/imports/:uuid/columns: the columns mapped to fields; the rows are read with them. */
export function mapColumns(
  uploadUuid: string,
  columns: Partial<Record<ImportField, string>>,
  amounts: ImportAmounts,
  /** The profile's name; undefined: a name from the kind of file; null: do not remember the mapping. */
  profileName: string | null | undefined,
  /** How the file writes dates and amounts (undefined: detected from the file), and whether it is one month. */
  reading: { dateOrder?: DateOrder; decimalSeparator?: DecimalSeparator; oneMonth: boolean },
): Promise<ImportRecordResponse> {
  return apiRequest(`/api/imports/${uploadUuid}/columns`, importRecordSchema, {
    method: 'PUT',
    body: { columns, amounts, ...reading, ...(profileName === undefined ? {} : { profileName }) },
  });
}

export type ValueMapping = {
  dimension: ImportValues['values'][number]['dimension'];
  carrierUuid: string | null;
  value: string;
  targetUuid: string | null;
  miscellaneous: boolean;
};

/** PUT /api/imports/:uuid/values: the network remembers these matches (or the Miscellaneous bucket). */
export function mapValues(uploadUuid: string, mappings: readonly ValueMapping[]): Promise<ImportValues> {
  return apiRequest(`/api/imports/${uploadUuid}/values`, importValuesSchema, {
    method: 'PUT',
    body: { mappings },
  });
}

/** POST /api/imports/:uuid/commit: loads the figures in one transaction. */
export function commitUpload(
  uploadUuid: string,
  choice: NonNullable<ImportCommitRequest> = {},
): Promise<ImportRecordResponse> {
  return apiRequest(`/api/imports/${uploadUuid}/commit`, importRecordSchema, {
    method: 'POST',
    body: choice,
  });
}

/** POST /api/imports/:uuid/discard: drops an upload that was not loaded. */
export function discardUpload(uploadUuid: string): Promise<ImportRecordResponse> {
  return apiRequest(`/api/imports/${uploadUuid}/discard`, importRecordSchema, { method: 'POST' });
}

/** POST /api/imports/:uuid/undo: removes what the upload loaded and restores what it replaced. */
export function undoUpload(uploadUuid: string): Promise<ImportRecordResponse> {
  return apiRequest(`/api/imports/${uploadUuid}/undo`, importRecordSchema, { method: 'POST' });
}

/** GET /api/carriers/?search=: carriers whose name contains the search (at least 3 characters). */
export const carrierSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['carriers', 'search', search],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/carriers/?${new URLSearchParams({ search, companyType: 'BILLING' }).toString()}`,
        carrierSearchResponseSchema,
        { signal },
      ),
    enabled: search.trim().length >= CARRIER_SEARCH_MIN,
    staleTime: 10 * 60 * 1000,
  });

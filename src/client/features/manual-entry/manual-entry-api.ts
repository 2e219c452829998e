import { queryOptions } from '@tanstack/react-query';
import {
  carrierEntryListSchema,
  carrierEntrySavedSchema,
  carrierSearchResponseSchema,
  subCodeResponseSchema,
  type CarrierEntryRequest,
} from '#shared/contracts/manual-entry.ts';
import { onboardedCarriersResponseSchema } from '#shared/contracts/collaboration.ts';
import { apiRequest, apiSend } from '#client/lib/api-client.ts';

const withLevel = (levelUuid: string | undefined, params: Record<string, string> = {}) =>
  new URLSearchParams({ ...params, ...(levelUuid ? { levelUuid } : {}) }).toString();

export const carrierEntriesKey = ['carrierentry'] as const;

export const carrierEntriesQuery = (levelUuid: string | undefined, year: number) =>
  queryOptions({
    queryKey: [...carrierEntriesKey, levelUuid ?? null, year],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/carrierentry/fetch?${withLevel(levelUuid, { year: String(year) })}`,
        carrierEntryListSchema,
        { signal },
      ),
    enabled: !!levelUuid,
  });

export const carrierSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['carriers', 'search', search],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/carriers/?${new URLSearchParams({ search, companyType: 'BILLING' }).toString()}`,
        carrierSearchResponseSchema,
        { signal },
      ),
    staleTime: 10 * 60 * 1000,
  });

export const subCodesQuery = (levelUuid: string | undefined, carrierUuid: string | null) =>
  queryOptions({
    queryKey: ['subcodes', levelUuid ?? null, carrierUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/subcodes/fetch?${withLevel(levelUuid, { carrierUuid: carrierUuid ?? '' })}`,
        subCodeResponseSchema,
        { signal },
      ),
    enabled: !!levelUuid && !!carrierUuid,
  });

/** GET /api/carriers/onboarded: carriers whose feeds already bring the level's data. */
export const onboardedCarriersQuery = (levelUuid: string | undefined) =>
  queryOptions({
    queryKey: ['carriers', 'onboarded', levelUuid ?? null],
    queryFn: ({ signal }) =>
      apiRequest(`/api/carriers/onboarded?${withLevel(levelUuid)}`, onboardedCarriersResponseSchema, {
        signal,
      }),
    enabled: !!levelUuid,
    staleTime: 10 * 60 * 1000,
  });

export async function saveCarrierEntry(levelUuid: string | undefined, body: CarrierEntryRequest) {
  const saved = await apiRequest(`/api/carrierentry/new?${withLevel(levelUuid)}`, carrierEntrySavedSchema, {
    method: 'POST',
    body,
  });
  return saved.recordset[0]!;
}

export async function deleteCarrierEntry(levelUuid: string | undefined, importUuid: string): Promise<void> {
  await apiSend(`/api/carrierentry/delete/${importUuid}?${withLevel(levelUuid)}`, { method: 'POST' });
}

/** Deletes entries one call at a time (spec part 2 §4 "Delete flow"). */
export async function deleteCarrierEntries(levelUuid: string | undefined, importUuids: readonly string[]) {
  for (const uuid of importUuids) await deleteCarrierEntry(levelUuid, uuid);
}

import { queryOptions } from '@tanstack/react-query';
import {
  allocationSchema,
  checkDetailSchema,
  checksResponseSchema,
  importChecksResponseSchema,
  type AllocationInputBody,
  type CreateCheckInput,
} from '#shared/contracts/profit-sharing-checks.ts';
import { apiDownload, apiRequest } from '#client/lib/api-client.ts';

/** The network's contingent checks through /api/profit-sharing/checks* (decision 067). */

const search = (levelUuid: string | undefined, year: number | undefined) => {
  const params = new URLSearchParams();
  if (levelUuid) params.set('levelUuid', levelUuid);
  if (year) params.set('year', String(year));
  return params.toString();
};

export const checksQuery = (levelUuid: string | undefined, year: number | undefined) =>
  queryOptions({
    queryKey: ['profit-sharing', 'checks', levelUuid ?? '', year ?? 'current'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/profit-sharing/checks?${search(levelUuid, year)}`, checksResponseSchema, { signal }),
  });

export const checkQuery = (checkUuid: string) =>
  queryOptions({
    queryKey: ['profit-sharing', 'check', checkUuid],
    queryFn: ({ signal }) =>
      apiRequest(`/api/profit-sharing/checks/${encodeURIComponent(checkUuid)}`, checkDetailSchema, {
        signal,
      }),
  });

export const createCheck = (body: CreateCheckInput) =>
  apiRequest('/api/profit-sharing/checks', checkDetailSchema, { method: 'POST', body });

export const previewAllocation = (checkUuid: string, body: AllocationInputBody) =>
  apiRequest(
    `/api/profit-sharing/checks/${encodeURIComponent(checkUuid)}/allocation/preview`,
    allocationSchema,
    { method: 'POST', body },
  );

export const saveAllocation = (checkUuid: string, body: AllocationInputBody & { version: number }) =>
  apiRequest(`/api/profit-sharing/checks/${encodeURIComponent(checkUuid)}/allocation`, checkDetailSchema, {
    method: 'PUT',
    body,
  });

export const importChecks = (levelUuid: string | undefined, csv: string) =>
  apiRequest('/api/profit-sharing/checks/import', importChecksResponseSchema, {
    method: 'POST',
    body: { ...(levelUuid ? { levelUuid } : {}), csv },
  });

/** GET /api/profit-sharing/checks/template: the bulk template to fill. */
export async function downloadChecksTemplate(): Promise<{ blob: Blob; filename: string }> {
  const { blob, contentDisposition } = await apiDownload('/api/profit-sharing/checks/template', {
    accept: 'text/csv',
  });
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return { blob, filename: match?.[1] ?? 'contingent-checks-template.csv' };
}

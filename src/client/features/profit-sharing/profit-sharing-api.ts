import { queryOptions } from '@tanstack/react-query';
import { planCarriersResponseSchema } from '#shared/contracts/growth-measurement.ts';
import {
  agreementDetailSchema,
  agreementsResponseSchema,
  copyAgreementsResponseSchema,
  MEMBER_PAGE_SIZE,
  type CreateAgreementBody,
  type SaveAgreementBody,
} from '#shared/contracts/profit-sharing.ts';
import { apiDownload, apiRequest, apiSend } from '#client/lib/api-client.ts';

const search = (levelUuid: string | undefined, year: number | undefined) => {
  const params = new URLSearchParams();
  if (levelUuid) params.set('levelUuid', levelUuid);
  if (year) params.set('year', String(year));
  return params.toString();
};

/** The level's agreements; at a network, `page` of its ranking of member agreements, `pageSize` rows. */
export const agreementsQuery = (
  levelUuid: string | undefined,
  year: number | undefined,
  ranking: { page: number; pageSize: number } = { page: 1, pageSize: MEMBER_PAGE_SIZE },
) =>
  queryOptions({
    queryKey: [
      'profit-sharing',
      'agreements',
      levelUuid ?? '',
      year ?? 'current',
      ranking.page,
      ranking.pageSize,
    ],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(search(levelUuid, year));
      params.set('page', String(ranking.page));
      params.set('pageSize', String(ranking.pageSize));
      return apiRequest(`/api/profit-sharing/agreements?${params.toString()}`, agreementsResponseSchema, {
        signal,
      });
    },
  });

export const agreementQuery = (agreementUuid: string) =>
  queryOptions({
    queryKey: ['profit-sharing', 'agreement', agreementUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/profit-sharing/agreements/${encodeURIComponent(agreementUuid)}`,
        agreementDetailSchema,
        {
          signal,
        },
      ),
  });

/** The carrier catalogue changes with releases, not during a session. */
export const agreementCarriersQuery = queryOptions({
  queryKey: ['profit-sharing', 'carriers'],
  queryFn: ({ signal }) => apiRequest('/api/profit-sharing/carriers', planCarriersResponseSchema, { signal }),
  staleTime: 10 * 60 * 1000,
});

export const createAgreement = (body: CreateAgreementBody) =>
  apiRequest('/api/profit-sharing/agreements', agreementDetailSchema, { method: 'POST', body });

export const saveAgreement = (agreementUuid: string, body: SaveAgreementBody) =>
  apiRequest(`/api/profit-sharing/agreements/${encodeURIComponent(agreementUuid)}`, agreementDetailSchema, {
    method: 'PUT',
    body,
  });

export const deleteAgreement = (agreementUuid: string, version: number) =>
  apiSend(`/api/profit-sharing/agreements/${encodeURIComponent(agreementUuid)}?version=${version}`, {
    method: 'DELETE',
  });

export const copyAgreements = (levelUuid: string | undefined, year: number) =>
  apiRequest('/api/profit-sharing/agreements/copy', copyAgreementsResponseSchema, {
    method: 'POST',
    body: { ...(levelUuid ? { levelUuid } : {}), year },
  });

/** GET /api/profit-sharing/agreements/export: the projections as CSV, and the file name the server chose. */
export async function downloadAgreementsCsv(
  levelUuid: string | undefined,
  year: number,
): Promise<{ blob: Blob; filename: string }> {
  const { blob, contentDisposition } = await apiDownload(
    `/api/profit-sharing/agreements/export?${search(levelUuid, year)}`,
    { accept: 'text/csv' },
  );
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return { blob, filename: match?.[1] ?? `Profit_Sharing_${year}.csv` };
}

import { queryOptions } from '@tanstack/react-query';
import {
  scorecardByAgencyResponseSchema,
  scorecardByCarrierResponseSchema,
  scorecardStatsResponseSchema,
} from '#shared/contracts/scorecards.ts';
import { apiDownload, apiRequest } from '#client/lib/api-client.ts';

export const scorecardByAgencyQuery = (search: string) =>
  queryOptions({
    queryKey: ['scorecards', 'by-agency', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/scorecards/by-agency?${search}`, scorecardByAgencyResponseSchema, { signal }),
  });

export const scorecardByCarrierQuery = (search: string) =>
  queryOptions({
    queryKey: ['scorecards', 'by-carrier', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/scorecards/by-carrier?${search}`, scorecardByCarrierResponseSchema, { signal }),
  });

export const scorecardStatsQuery = (search: string) =>
  queryOptions({
    queryKey: ['scorecards', 'stats', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/scorecards/stats?${search}`, scorecardStatsResponseSchema, { signal }),
  });

/** GET /api/scorecards/export: the table as CSV, and the file name the server chose. */
export async function downloadScorecardCsv(search: string): Promise<{ blob: Blob; filename: string }> {
  const { blob, contentDisposition } = await apiDownload(`/api/scorecards/export?${search}`, {
    accept: 'text/csv',
  });
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return { blob, filename: match?.[1] ?? 'Invoice_Revenue.csv' };
}

import { queryOptions, type Query } from '@tanstack/react-query';
import { byAgencyResponseSchema, byCarrierResponseSchema } from '#shared/contracts/production.ts';
import { apiDownload, apiRequest } from '#client/lib/api-client.ts';
import {
  attachmentFilename,
  productionSearchParams,
  type ProductionRequest,
  type ProductionView,
} from './production-model.ts';

/**
 * A report answered in the last moments (the boot's prefetch, decision 056) is not asked again when
 * the page mounts; an older or invalidated one is. A change of the report's parameters asks as usual.
 */
const JUST_ANSWERED_MS = 10_000;
const refetchOnMount = (query: Pick<Query, 'state'>) =>
  query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ANSWERED_MS;

export const byCarrierQuery = (request: ProductionRequest) => {
  const search = productionSearchParams(request).toString();
  return queryOptions({
    queryKey: ['core-production', 'by-carrier', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/core-production/by-carrier?${search}`, byCarrierResponseSchema, { signal }),
    refetchOnMount,
  });
};

export const byAgencyQuery = (request: ProductionRequest) => {
  const search = productionSearchParams(request).toString();
  return queryOptions({
    queryKey: ['core-production', 'by-agency', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/core-production/by-agency?${search}`, byAgencyResponseSchema, { signal }),
    refetchOnMount,
  });
};

/** GET /api/core-production/agency/export: the CSV and the file name the server chose. */
export async function downloadProductionCsv(
  request: ProductionRequest,
  view: ProductionView,
  displayText: string,
): Promise<{ blob: Blob; filename: string }> {
  const params = productionSearchParams(request);
  params.set('displayText', displayText);
  params.set('view', view);
  const { blob, contentDisposition } = await apiDownload(`/api/core-production/agency/export?${params}`, {
    accept: 'text/csv',
  });
  const fallback = `Carrier_Production_${displayText.replace(/\s+/g, '_')}.csv`;
  return { blob, filename: attachmentFilename(contentDisposition, fallback) };
}

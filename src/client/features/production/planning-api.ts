import { queryOptions } from '@tanstack/react-query';
import { networkSummaryResponseSchema } from '#shared/contracts/planning.ts';
import { byAgencyCodeResponseSchema } from '#shared/contracts/production.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { productionSearchParams, type ProductionRequest } from './production-model.ts';

/** The planning tool's calls beyond Carrier Production's (spec part 2 §7). */

export const byAgencyCodeQuery = (request: ProductionRequest) => {
  const search = productionSearchParams(request).toString();
  return queryOptions({
    queryKey: ['core-production', 'by-agencyCode', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/core-production/by-agencyCode?${search}`, byAgencyCodeResponseSchema, { signal }),
  });
};

/** The network's figures per policy type, and the level's (kept 60 minutes by the server). */
export const networkSummaryQuery = (request: Pick<ProductionRequest, 'levelUuid' | 'timeframe'>) => {
  const search = new URLSearchParams({
    levelUuid: request.levelUuid,
    startDate: request.timeframe.startDate,
    endDate: request.timeframe.endDate,
  }).toString();
  return queryOptions({
    queryKey: ['core-production', 'network-summary', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/core-production/network/summary?${search}`, networkSummaryResponseSchema, { signal }),
    staleTime: 60 * 60 * 1000,
  });
};

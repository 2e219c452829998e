import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { networkSummaryResponseSchema } from '#shared/contracts/planning.ts';
import { byAgencyCodeResponseSchema, type AgencyCodeSortKey } from '#shared/contracts/production.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { productionSearchParams, type ProductionRequest } from './production-model.ts';

/** The planning tool's calls beyond Carrier Production's (spec part 2 §7). */

/** What the planning table asks of the agency codes beyond the report's filters (decision 026). */
export type AgencyCodeOptions = {
  page?: number;
  pageSize?: number;
  sort?: AgencyCodeSortKey;
  direction?: 'asc' | 'desc';
  search?: string;
  carrierUuid?: string;
};

/** The query string of a by-agency-code request (also its CSV export's). */
export function agencyCodeSearchParams(request: ProductionRequest, options: AgencyCodeOptions) {
  const params = productionSearchParams(request);
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

export const byAgencyCodeQuery = (request: ProductionRequest, options: AgencyCodeOptions) => {
  const search = agencyCodeSearchParams(request, options).toString();
  return queryOptions({
    queryKey: ['core-production', 'by-agencyCode', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/core-production/by-agencyCode?${search}`, byAgencyCodeResponseSchema, { signal }),
    placeholderData: keepPreviousData,
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

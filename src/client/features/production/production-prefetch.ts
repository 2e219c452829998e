import type { QueryClient } from '@tanstack/react-query';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { standardTypesQuery } from '#client/components/report/standard-types-query.ts';
import { byAgencyQuery, byCarrierQuery } from './production-api.ts';
import type { ProductionRequest } from './production-model.ts';
import { readProductionState } from './production-params.ts';

/**
 * Starts the report Carrier Production will ask for at `params` and `levelUuid`, before its code has
 * loaded (decision 056): the same query, so the page finds it in flight or answered.
 */
export function prefetchProductionReport(
  client: QueryClient,
  params: URLSearchParams,
  levelUuid: string,
): Promise<unknown> {
  const { timeframe, view, line, standardTypes, composite } = readProductionState(
    params,
    calendarDateIn(BUSINESS_TIME_ZONE),
  );
  const request: ProductionRequest = { levelUuid, timeframe, line, standardTypes, composite };
  return Promise.all([
    view === 'agencies'
      ? client.prefetchQuery(byAgencyQuery(request))
      : client.prefetchQuery(byCarrierQuery(request)),
    client.prefetchQuery(standardTypesQuery),
  ]);
}

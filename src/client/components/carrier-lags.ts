import { queryOptions, useQuery } from '@tanstack/react-query';
import { carrierLagsResponseSchema } from '#shared/contracts/carrier-lags.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * Each carrier's usual reporting lag at the level (decision 070); it changes with arrivals, not by
 * the minute.
 */
export const carrierLagsQuery = (levelUuid: string | undefined) =>
  queryOptions({
    queryKey: ['carrier-lags', levelUuid ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/network-intelligence/carrier-lags${levelUuid ? `?levelUuid=${encodeURIComponent(levelUuid)}` : ''}`,
        carrierLagsResponseSchema,
        { signal },
      ),
    staleTime: 10 * 60 * 1000,
  });

/**
 * The month a carrier's date badge compares its last month with: the latest month the carrier's
 * report is due for by its usual lag (the monthly close's rule), else, while the lags load or for a
 * carrier without any, `fallback` (the latest reporting month, which is the default lag's answer).
 */
export function useExpectedLatestMonth(
  levelUuid: string | undefined,
  fallback: YearMonth,
): (carrierUuid: string | undefined) => YearMonth {
  const { data } = useQuery({ ...carrierLagsQuery(levelUuid), enabled: !!levelUuid });
  const byCarrier = new Map(data?.carriers.map((c) => [c.carrierUuid, c.expectedLatestMonth as YearMonth]));
  return (carrierUuid) => (carrierUuid && byCarrier.get(carrierUuid)) || fallback;
}

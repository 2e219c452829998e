import { queryOptions } from '@tanstack/react-query';
import {
  benchmarkSettingsSchema,
  benchmarksResponseSchema,
  type SaveSettingsBody,
} from '#shared/contracts/benchmarks.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const search = (levelUuid: string | undefined, timeframe: Timeframe) => {
  const params = new URLSearchParams({ startDate: timeframe.startDate, endDate: timeframe.endDate });
  if (levelUuid) params.set('levelUuid', levelUuid);
  return params.toString();
};

export const benchmarksQuery = (levelUuid: string | undefined, timeframe: Timeframe) =>
  queryOptions({
    queryKey: ['network-intelligence', 'benchmarks', levelUuid ?? '', timeframe.code],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/network-intelligence/benchmarks?${search(levelUuid, timeframe)}`,
        benchmarksResponseSchema,
        {
          signal,
        },
      ),
  });

export const saveSettings = (body: SaveSettingsBody) =>
  apiRequest('/api/network-intelligence/settings', benchmarkSettingsSchema, { method: 'PUT', body });

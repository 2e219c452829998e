import { queryOptions } from '@tanstack/react-query';
import { warningsResponseSchema } from '#shared/contracts/benchmarks.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const warningsQuery = (levelUuid: string | undefined, timeframe: Timeframe) =>
  queryOptions({
    queryKey: ['network-intelligence', 'warnings', levelUuid ?? '', timeframe.code],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ startDate: timeframe.startDate, endDate: timeframe.endDate });
      if (levelUuid) params.set('levelUuid', levelUuid);
      return apiRequest(`/api/network-intelligence/warnings?${params.toString()}`, warningsResponseSchema, {
        signal,
      });
    },
  });

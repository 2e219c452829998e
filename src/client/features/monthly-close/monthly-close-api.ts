import { queryOptions } from '@tanstack/react-query';
import { healthResponseSchema } from '#shared/contracts/reporting-health.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const healthQuery = (levelUuid: string | undefined, month: string | undefined) =>
  queryOptions({
    queryKey: ['monthly-close', levelUuid ?? '', month ?? 'latest'],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (levelUuid) params.set('levelUuid', levelUuid);
      if (month) params.set('month', month);
      return apiRequest(`/api/network-intelligence/health?${params.toString()}`, healthResponseSchema, {
        signal,
      });
    },
  });

import { queryOptions } from '@tanstack/react-query';
import { byMonthResponseSchema } from '#shared/contracts/performance-charts.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/core-production/by-month with Carrier Production's query string (`search`). */
export const byMonthQuery = (search: string) =>
  queryOptions({
    queryKey: ['core-production', 'by-month', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/core-production/by-month?${search}`, byMonthResponseSchema, { signal }),
  });

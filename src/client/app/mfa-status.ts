import { queryOptions } from '@tanstack/react-query';
import { mfaStatusSchema, type MfaStatus } from '#shared/contracts/mfa.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';

/**
 * GET /api/mfa/status. A failure other than a lost session counts as 'unknown' (spec part 1 §8):
 * the user is treated as not having chosen yet.
 */
export const mfaStatusQuery = queryOptions({
  queryKey: ['mfa-status'],
  queryFn: async ({ signal }): Promise<MfaStatus | 'unknown'> => {
    try {
      return (await apiRequest('/api/mfa/status', mfaStatusSchema, { signal })).status;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw error;
      return 'unknown';
    }
  },
  retry: false,
  staleTime: Infinity,
});

/** Whether the user has made their multi-factor choice. */
export const hasChosenMfa = (status: MfaStatus | 'unknown') =>
  status !== 'not_enrolled' && status !== 'unknown';

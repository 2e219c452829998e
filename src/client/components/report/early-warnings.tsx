import { Stack, Text } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { warningsResponseSchema, type Warning } from '#shared/contracts/benchmarks.ts';
import { formatPercent } from '#shared/domain/number-format.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * The early warnings' shared parts (the network's /early-warning page and an agency's landing
 * panel): the query, the link to Carrier Production filtered to the carrier, and the reasons.
 */
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

/** Carrier Production of the warning's agency, for its period, filtered to its carrier (by name). */
export function carrierProductionLink(warning: Warning, timeframe: Timeframe): string {
  const params = new URLSearchParams({ level: warning.agencyUuid, timeframe: timeframe.code });
  if (warning.carrierUuid) params.set('q', warning.name);
  else params.set('line', warning.key);
  return `/production?${params.toString()}`;
}

/** Why a row warns, in words. */
export function WarningReasons({ warning, threshold }: { warning: Warning; threshold: number }) {
  return (
    <Stack gap={2}>
      {warning.reasons.includes('lossRatio') && (
        <Text size="sm" fw={600} c="red.9">
          Loss ratio over {formatPercent(threshold)} and rising
        </Text>
      )}
      {warning.reasons.includes('growth') && (
        <Text size="sm" fw={600} c="gray.8">
          Growth below the network&apos;s first quartile
        </Text>
      )}
    </Stack>
  );
}

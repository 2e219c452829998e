import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ByAgencyResponse, ByCarrierResponse } from '#shared/contracts/production.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerError } from '#client/lib/session-alerts.ts';
import { byMonthQuery } from './performance-charts-api.ts';

// The charting library loads with the charts, after the page's frame and filters have painted.
const PerformanceChartsGrid = lazy(async () => ({
  default: (await import('./performance-charts-grid.tsx')).PerformanceChartsGrid,
}));

export const PAGE_TITLE = 'Performance Charts';

type Options<T> = UseQueryOptions<T, Error, T, string[]>;

/**
 * /dataviz, Performance Charts (issue 17, spec part 1 §2: users with the cpr permission): Carrier
 * Production's figures drawn, for the timeframe, line and carrier filters the shell composes in
 * (`filters`, with Carrier Production's controls), on its calls and the month-by-month one.
 */
export function PerformanceChartsPage({
  filters,
  search,
  byCarrier,
  byAgency,
  ranksAgencies,
  lineNames,
  period,
  subtitle,
}: {
  filters: ReactNode;
  /** Carrier Production's query string for the level and filters; null while the level loads. */
  search: string | null;
  byCarrier: Options<ByCarrierResponse>;
  byAgency: Options<ByAgencyResponse>;
  /** A network level: its agencies are ranked (by-agency is asked for then only). */
  ranksAgencies: boolean;
  lineNames: ReadonlyMap<string, string>;
  period: string;
  /** The period and line the charts show, in words. */
  subtitle: string;
}) {
  const ready = search !== null;
  const byMonth = useQuery({ ...byMonthQuery(search ?? ''), enabled: ready });
  const carriers = useQuery({ ...byCarrier, enabled: ready });
  const agencies = useQuery({ ...byAgency, enabled: ready && ranksAgencies });

  const error = byMonth.error ?? carriers.error ?? agencies.error;
  useEffect(() => {
    if (!error) return;
    // A 401 is the session's business (the session-expired modal).
    if (error instanceof ApiError && error.status === 401) return;
    showServerError({ message: 'Error loading Performance Charts', hasContinue: true, hasLogout: false });
  }, [error]);

  return (
    <Stack gap="md" maw={1600}>
      <Title order={1}>{PAGE_TITLE}</Title>
      <Paper withBorder p="md">
        {filters}
      </Paper>
      <Text size="sm" c="dimmed" aria-live="polite">
        {subtitle}
      </Text>
      <Suspense
        fallback={
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={340} radius="sm" />
            ))}
          </SimpleGrid>
        }
      >
        <PerformanceChartsGrid
          byMonth={byMonth.data}
          byCarrier={carriers.data}
          byAgency={ranksAgencies ? agencies.data : null}
          lineNames={lineNames}
          period={period}
        />
      </Suspense>
    </Stack>
  );
}

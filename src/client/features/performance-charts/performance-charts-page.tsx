import { useEffect, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ByAgencyResponse, ByCarrierResponse } from '#shared/contracts/production.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerError } from '#client/lib/session-alerts.ts';
import { loadChartsDrawing } from './chart-card.tsx';
import { byMonthQuery } from './performance-charts-api.ts';
import { PerformanceChartsGrid } from './performance-charts-grid.tsx';

export const PAGE_TITLE = 'Performance Charts';

type Options<T> = UseQueryOptions<T, Error, T, string[]>;

/**
 * /dataviz, Performance Charts (spec part 1 §2: users with the cpr permission): Carrier
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

  // The charting library: asked for once the page has rendered, while its data loads.
  useEffect(() => {
    loadChartsDrawing().catch((error: unknown) => console.error('The charts could not be loaded.', error));
  }, []);

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
      <PerformanceChartsGrid
        byMonth={byMonth.data}
        byCarrier={carriers.data}
        byAgency={ranksAgencies ? agencies.data : null}
        lineNames={lineNames}
        period={period}
      />
    </Stack>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { Link } from 'react-router';
import { warningsResponseSchema, type Warning, type WarningsQuery } from '#shared/contracts/benchmarks.ts';
import { formatMoney, formatPercent } from '#shared/domain/number-format.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { Table } from '#client/components/table.tsx';
import { ComputingLoader } from './computing-loader.tsx';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * The early warnings' shared parts (the network's /early-warning page and an agency's landing
 * panel): the query, the link to Carrier Production filtered to the carrier, the reasons and the
 * table.
 */
/** The URL parameter that opens the Early Warning page in an order (Monthly Close: the largest books first). */
export const WARNINGS_ORDER_PARAM = 'order';

export const warningsQuery = (
  levelUuid: string | undefined,
  timeframe: Timeframe,
  {
    page,
    pageSize,
    search,
    reason,
    order,
    perAgency,
  }: Pick<WarningsQuery, 'page' | 'pageSize' | 'search' | 'reason' | 'order' | 'perAgency'> = {},
) =>
  queryOptions({
    queryKey: [
      'network-intelligence',
      'warnings',
      levelUuid ?? '',
      timeframe.code,
      page ?? '1',
      pageSize ?? '',
      search ?? '',
      reason ?? '',
      order ?? 'agency',
      perAgency ?? 'false',
    ],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ startDate: timeframe.startDate, endDate: timeframe.endDate });
      if (levelUuid) params.set('levelUuid', levelUuid);
      if (page) params.set('page', page);
      if (pageSize) params.set('pageSize', pageSize);
      if (search) params.set('search', search);
      if (reason) params.set('reason', reason);
      if (order && order !== 'agency') params.set('order', order);
      if (perAgency === 'true') params.set('perAgency', perAgency);
      return apiRequest(`/api/network-intelligence/warnings?${params.toString()}`, warningsResponseSchema, {
        signal,
      });
    },
  });

/**
 * What a warnings panel shows until its answer is there: the error, or a loader; null once answered
 * (the panel then draws the answer).
 */
export function warningsPending(
  query: { isError: boolean; error: Error | null; data?: unknown },
  period: string,
): ReactNode {
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Early warnings could not be loaded">
        {query.error?.message}
      </Alert>
    );
  }
  if (query.data === undefined) return <ComputingLoader label="Loading early warnings" period={period} />;
  return null;
}

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

const pct = (v: number | null) => (v === null ? '—' : formatPercent(v));
const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

/**
 * The warnings' table: each carrier or line linked to its Carrier Production, why it warns, and its
 * loss ratio, growth and written premium beside the prior period's (the network's first quartile
 * for growth). With `agencyColumn` (the network's page, which lists every member agency) each row is
 * headed by its agency and the table scrolls within its own box under a sticky header; without it
 * (an agency's own panel) each row is headed by its carrier or line.
 */
export function WarningsTable({
  label,
  warnings,
  threshold,
  timeframe,
  agencyColumn = false,
  onFollow,
}: {
  /** The table's accessible name. */
  label: string;
  warnings: readonly Warning[];
  /** The network's loss ratio threshold, a fraction. */
  threshold: number;
  timeframe: Timeframe;
  agencyColumn?: boolean;
  /** Called as a carrier's link is followed (a page whose state does not follow the URL alone). */
  onFollow?: ((warning: Warning) => void) | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={agencyColumn ? 980 : 760} mah={agencyColumn ? 640 : undefined}>
      <Table striped highlightOnHover={agencyColumn} stickyHeader={agencyColumn} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {agencyColumn && <Table.Th scope="col">Agency</Table.Th>}
            <Table.Th scope="col">Carrier or line</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
            <Table.Th scope="col" ta="right">
              Loss ratio (prior)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Growth (network first quartile)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Written premium (prior)
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {warnings.map((w) => {
            const link = (
              <Anchor
                component={Link}
                to={carrierProductionLink(w, timeframe)}
                onClick={onFollow && (() => onFollow(w))}
              >
                {w.dimension === 'line' ? `${w.name} lines` : w.name}
              </Anchor>
            );
            return (
              <Table.Tr key={`${w.agencyUuid} ${w.dimension} ${w.key}`}>
                <Table.Th scope="row" fw={400}>
                  {agencyColumn ? w.agencyName : link}
                  {agencyColumn && !!w.others && (
                    <Text size="xs" c="dimmed">
                      and {w.others.toLocaleString('en-US')} more {w.others === 1 ? 'warning' : 'warnings'}
                    </Text>
                  )}
                </Table.Th>
                {agencyColumn && <Table.Td>{link}</Table.Td>}
                <Table.Td>
                  <WarningReasons warning={w} threshold={threshold} />
                </Table.Td>
                <Table.Td ta="right" nowrap>
                  {pct(w.lossRatio)} ({pct(w.priorLossRatio)})
                </Table.Td>
                <Table.Td ta="right" nowrap>
                  {pct(w.growth)} ({pct(w.growthFirstQuartile)})
                </Table.Td>
                <Table.Td ta="right" nowrap>
                  {money(w.writtenPremium)} ({money(w.priorWrittenPremium)})
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

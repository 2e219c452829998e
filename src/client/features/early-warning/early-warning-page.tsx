import { useState } from 'react';
import { Alert, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { WarningOrder, WarningsQuery } from '#shared/contracts/benchmarks.ts';
import { formatPercent } from '#shared/domain/number-format.ts';
import { useLevel } from '#client/app/level.ts';
import { ComputingLoader } from '#client/components/report/computing-loader.tsx';
import { PageHeader } from '#client/components/report/page-header.tsx';
import { TimeframeSelector } from '#client/components/report/timeframe-selector.tsx';
import { useTimeframe } from '#client/components/report/url-timeframe.ts';
import {
  WARNINGS_ORDER_PARAM,
  WarningsTable,
  warningsQuery,
} from '#client/components/report/early-warnings.tsx';
import { PageLinks } from '#client/components/table-pager.tsx';

const SEARCH_DEBOUNCE_MS = 250;
const ORDERS = [
  { value: 'agency', label: 'Agency name' },
  { value: 'premium', label: 'Largest written premium first' },
];
const REASONS = [
  { value: '', label: 'Every warning' },
  { value: 'lossRatio', label: 'Loss ratio high and rising' },
  { value: 'growth', label: 'Growth below the first quartile' },
];

/**
 * /early-warning: the member agencies whose loss ratio for a carrier or line is above the network's
 * threshold and rising, or whose written premium growth is below the network's first quartile, with
 * the figures and a link to the agency's Carrier Production filtered to the carrier. The server
 * pages them by agency name (or the largest written premium first), 25 at a time; a person searches
 * agency names or lists one reason alone.
 */
export function EarlyWarningPage() {
  const levelUuid = useLevel();
  const [timeframe, setTimeframe, today] = useTimeframe();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [reason, setReason] = useState<WarningsQuery['reason'] | ''>('');
  const [params] = useSearchParams();
  const [order, setOrder] = useState<WarningOrder>(() =>
    params.get(WARNINGS_ORDER_PARAM) === 'premium' ? 'premium' : 'agency',
  );
  const [paging, setPaging] = useState({ page: 1, of: '' });
  const filters = `${levelUuid ?? ''}|${timeframe.code}|${debouncedSearch}|${reason}|${order}`;
  // Any other choice starts again at the first page.
  const page = paging.of === filters ? paging.page : 1;
  const query = useQuery({
    ...warningsQuery(levelUuid, timeframe, {
      page: String(page),
      search: debouncedSearch || undefined,
      reason: reason || undefined,
      order,
    }),
    enabled: !!levelUuid,
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const first = answer ? (answer.page - 1) * answer.pageSize + 1 : 0;
  const filtered = debouncedSearch !== '' || reason !== '';
  return (
    <Stack gap="md">
      <PageHeader
        title="Early Warning"
        description={
          <>
            Carriers and lines whose loss ratio is above{' '}
            {answer ? formatPercent(answer.settings.lossRatioThreshold) : 'the threshold'} and rising on the
            prior period, or whose growth is below the network&apos;s first quartile.
          </>
        }
      />
      <Paper withBorder p="md">
        <TimeframeSelector timeframe={timeframe} today={today} onChange={setTimeframe} />
      </Paper>
      <Group align="end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search agencies"
          placeholder="Agency name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <NativeSelect
          label="Show"
          data={REASONS}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as WarningsQuery['reason'] | '')}
          w={280}
        />
        <NativeSelect
          label="Order"
          data={ORDERS}
          value={order}
          onChange={(event) => setOrder(event.currentTarget.value as WarningOrder)}
          w={280}
        />
      </Group>
      {query.isError ? (
        <Alert color="red" title="Early warnings could not be loaded">
          {query.error.message}
        </Alert>
      ) : !answer ? (
        <ComputingLoader label="Loading early warnings" period={timeframe.displayText} />
      ) : answer.total === 0 ? (
        <Text>{filtered ? 'No warning matches these choices.' : 'No warning for this timeframe.'}</Text>
      ) : (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text size="sm" aria-live="polite">
              {first.toLocaleString('en-US')}–{(first + answer.warnings.length - 1).toLocaleString('en-US')}{' '}
              of {answer.total.toLocaleString('en-US')} warnings at {answer.agencies.toLocaleString('en-US')}{' '}
              {answer.agencies === 1 ? 'agency' : 'agencies'}
            </Text>
            <WarningsTable
              label="Early warnings"
              warnings={answer.warnings}
              threshold={answer.settings.lossRatioThreshold}
              timeframe={timeframe}
              agencyColumn
            />
            {pages > 1 && (
              <PageLinks
                total={pages}
                page={answer.page}
                onChange={(next) => setPaging({ page: next, of: filters })}
              />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

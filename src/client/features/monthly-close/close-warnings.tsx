import { useState } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPercent } from '#shared/domain/number-format.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { resolveTimeframe } from '#shared/domain/timeframe.ts';
import { LEVEL_PARAM } from '#client/app/level.ts';
import {
  WARNINGS_ORDER_PARAM,
  WarningsTable,
  warningsPending,
  warningsQuery,
} from '#client/components/report/early-warnings.tsx';

/** The panel lists the first agencies; the Early Warning page has every warning. */
export const CLOSE_WARNINGS_SHOWN = 5;

/**
 * The network's early warnings beside its monthly close, so one page says who needs a call and which
 * reports are missing: the first warnings of the year to date (the Early Warning page's first
 * period) of the agencies with the largest written premium, one row each (its largest warning and how
 * many more it has), with their count and a link to the page that lists, searches and pages them all.
 */
export function CloseWarnings({ levelUuid }: { levelUuid: string }) {
  const [timeframe] = useState(() => resolveTimeframe(null, calendarDateIn(BUSINESS_TIME_ZONE)));
  const query = useQuery(
    warningsQuery(levelUuid, timeframe, {
      order: 'premium',
      perAgency: 'true',
      pageSize: String(CLOSE_WARNINGS_SHOWN),
    }),
  );
  const answer = query.data;
  const all = `/early-warning?${new URLSearchParams({ [LEVEL_PARAM]: levelUuid, [WARNINGS_ORDER_PARAM]: 'premium' }).toString()}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="close-warnings">
      <Stack gap="xs">
        <Title order={2} size="h4" id="close-warnings">
          Agencies to call
        </Title>
        {!answer ? (
          warningsPending(query, timeframe.displayText)
        ) : answer.total === 0 ? (
          <Text size="sm">
            No early warning for {timeframe.displayText}: no member agency has a loss ratio above{' '}
            {formatPercent(answer.settings.lossRatioThreshold)} and rising, or growth below the network&apos;s
            first quartile.
          </Text>
        ) : (
          <>
            <Text size="sm">
              {timeframe.displayText}: {answer.total.toLocaleString('en-US')} early{' '}
              {answer.total === 1 ? 'warning' : 'warnings'} at {answer.agencies.toLocaleString('en-US')}{' '}
              {answer.agencies === 1 ? 'agency' : 'agencies'}, whose loss ratio is above{' '}
              {formatPercent(answer.settings.lossRatioThreshold)} and rising, or whose growth is below the
              network&apos;s first quartile. The agencies with the largest written premium first, each with
              its largest warning.
            </Text>
            <WarningsTable
              label="Agencies to call"
              warnings={answer.warnings}
              threshold={answer.settings.lossRatioThreshold}
              timeframe={timeframe}
              agencyColumn
            />
            <Anchor component={Link} to={all} size="sm" w="fit-content">
              {answer.total > CLOSE_WARNINGS_SHOWN
                ? `See all ${answer.total.toLocaleString('en-US')} early warnings`
                : 'Open Early Warning'}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Warning } from '#shared/contracts/benchmarks.ts';
import { formatPercent } from '#shared/domain/number-format.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { WarningsTable, warningsPending, warningsQuery } from '#client/components/report/early-warnings.tsx';

/** The panel shows the first warnings and opens the rest on demand, so the report stays in view. */
export const WARNINGS_SHOWN = 5;

/**
 * An agency's own early warnings on its landing page (Carrier Production): the network's rule
 * (GET /api/network-intelligence/warnings at the agency, which the server limits to the caller's
 * agency) for the page's timeframe, the largest written premium first, each with its figures and a
 * link filtering the page to its carrier (or line).
 */
export function AgencyWarningsPanel({
  levelUuid,
  timeframe,
  onFollow,
}: {
  levelUuid: string;
  timeframe: Timeframe;
  /** The page's own state follows the link (its search box is typed state, not only the URL). */
  onFollow: (warning: Warning) => void;
}) {
  // The largest carriers and lines first: the first five are the ones that weigh most.
  const query = useQuery(warningsQuery(levelUuid, timeframe, { order: 'premium' }));
  const [showAll, setShowAll] = useState(false);
  const answer = query.data;
  const count = answer?.warnings.length ?? 0;
  const shown = answer ? (showAll ? answer.warnings : answer.warnings.slice(0, WARNINGS_SHOWN)) : [];
  const threshold = answer ? formatPercent(answer.settings.lossRatioThreshold) : 'the threshold';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="agency-warnings-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="agency-warnings-title">
          Early warnings
        </Title>
        {!answer ? (
          warningsPending(query, timeframe.displayText)
        ) : answer.warnings.length === 0 ? (
          <Text size="sm">
            No early warning for {timeframe.displayText}: no carrier or line has a loss ratio above{' '}
            {threshold} and rising, or growth below the network&apos;s first quartile.
          </Text>
        ) : (
          <>
            <Text size="sm">
              {timeframe.displayText}: carriers and lines whose loss ratio is above {threshold} and rising on
              the prior year, or whose growth is below the network&apos;s first quartile. The largest written
              premium first.
            </Text>
            <WarningsTable
              label="Your early warnings"
              warnings={shown}
              threshold={answer.settings.lossRatioThreshold}
              timeframe={timeframe}
              onFollow={onFollow}
            />
            {count > WARNINGS_SHOWN && (
              <Button variant="subtle" size="compact-sm" onClick={() => setShowAll(!showAll)} w="fit-content">
                {showAll ? `Show the first ${WARNINGS_SHOWN} only` : `Show all ${count} early warnings`}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

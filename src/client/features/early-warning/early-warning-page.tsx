import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPercent } from '#shared/domain/number-format.ts';
import { useLevel } from '#client/app/level.ts';
import { PageHeader } from '#client/components/report/page-header.tsx';
import { TimeframeChoice, useTimeframe } from '#client/components/report/timeframe-choice.tsx';
import { WarningsTable, warningsQuery } from '#client/components/report/early-warnings.tsx';

/**
 * /early-warning: the member agencies whose loss ratio for a carrier or line is above the network's
 * threshold and rising, or whose written premium growth is below the network's first quartile, with
 * the figures and a link to the agency's Carrier Production filtered to the carrier.
 */
export function EarlyWarningPage() {
  const levelUuid = useLevel();
  const [timeframe, setTimeframe, choices] = useTimeframe();
  const query = useQuery({ ...warningsQuery(levelUuid, timeframe), enabled: !!levelUuid });
  const answer = query.data;
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
      >
        <TimeframeChoice timeframe={timeframe} choices={choices} onChange={setTimeframe} />
      </PageHeader>
      {query.isError ? (
        <Alert color="red" title="Early warnings could not be loaded">
          {query.error.message}
        </Alert>
      ) : !answer ? (
        <Loader aria-label="Loading early warnings" />
      ) : answer.warnings.length === 0 ? (
        <Text>No warning for this timeframe.</Text>
      ) : (
        <Paper withBorder p="md">
          <WarningsTable
            label="Early warnings"
            warnings={answer.warnings}
            threshold={answer.settings.lossRatioThreshold}
            timeframe={timeframe}
            agencyColumn
          />
        </Paper>
      )}
    </Stack>
  );
}

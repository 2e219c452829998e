import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney, formatPercent } from '#shared/domain/number-format.ts';
import { useLevel } from '#client/app/level.ts';
import { TimeframeChoice, useTimeframe } from '#client/components/report/timeframe-choice.tsx';
import {
  carrierProductionLink,
  WarningReasons,
  warningsQuery,
} from '#client/components/report/early-warnings.tsx';

const pct = (v: number | null) => (v === null ? '—' : formatPercent(v));

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
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Early Warning
          </Title>
          <Text c="dimmed" size="sm">
            Carriers and lines whose loss ratio is above{' '}
            {answer ? formatPercent(answer.settings.lossRatioThreshold) : 'the threshold'} and rising on the
            prior period, or whose growth is below the network&apos;s first quartile.
          </Text>
        </div>
        <TimeframeChoice timeframe={timeframe} choices={choices} onChange={setTimeframe} />
      </Group>
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
          <Table.ScrollContainer minWidth={980} mah={640}>
            <Table striped highlightOnHover stickyHeader aria-label="Early warnings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Agency</Table.Th>
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
                {answer.warnings.map((w) => (
                  <Table.Tr key={`${w.agencyUuid} ${w.dimension} ${w.key}`}>
                    <Table.Th scope="row" fw={400}>
                      {w.agencyName}
                    </Table.Th>
                    <Table.Td>
                      <Anchor component={Link} to={carrierProductionLink(w, timeframe)}>
                        {w.dimension === 'line' ? `${w.name} lines` : w.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <WarningReasons warning={w} threshold={answer.settings.lossRatioThreshold} />
                    </Table.Td>
                    <Table.Td ta="right" nowrap>
                      {pct(w.lossRatio)} ({pct(w.priorLossRatio)})
                    </Table.Td>
                    <Table.Td ta="right" nowrap>
                      {pct(w.growth)} ({pct(w.growthFirstQuartile)})
                    </Table.Td>
                    <Table.Td ta="right" nowrap>
                      {w.writtenPremium === null ? '—' : formatMoney(w.writtenPremium)} (
                      {w.priorWrittenPremium === null ? '—' : formatMoney(w.priorWrittenPremium)})
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

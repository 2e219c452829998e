import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import {
  saveSettingsBodySchema,
  type BenchmarkRow,
  type BenchmarkSettings,
  type BenchmarksResponse,
  type MemberFigures,
  type SaveSettingsBody,
} from '#shared/contracts/benchmarks.ts';
import {
  BENCHMARK_METRICS,
  BENCHMARK_METRIC_LABELS,
  sizeBandLabel,
  type BenchmarkMetric,
} from '#shared/domain/benchmarks.ts';
import { formatMoney, formatPercent } from '#shared/domain/number-format.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { useLevel } from '#client/app/level.ts';
import { ComputingLoader } from '#client/components/report/computing-loader.tsx';
import { PageHeader } from '#client/components/report/page-header.tsx';
import { TimeframeSelector } from '#client/components/report/timeframe-selector.tsx';
import { useTimeframe } from '#client/components/report/url-timeframe.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { checkedBy, showServerFieldErrors } from '#client/lib/form-contract.ts';
import { benchmarksQuery, saveSettings } from './benchmarks-api.ts';
import {
  asMillions,
  bandLabels,
  distributionText,
  parseLimits,
  percentOrDash,
  rankText,
} from './benchmarks-model.ts';
import { BoxChart } from './box-chart.tsx';

const DIMENSION_TITLES = { total: 'Whole book', line: 'By line', carrier: 'By carrier' } as const;

/** An agency's rows: a box chart per figure, under each carrier, line and the whole book. */
function AgencyBenchmarks({ answer }: { answer: BenchmarksResponse }) {
  if (answer.rows.length === 0) {
    return <Text>Your agency has no production in this timeframe: choose another one.</Text>;
  }
  return (
    <Stack gap="lg">
      {(['total', 'line', 'carrier'] as const).map((dimension) => {
        const rows = answer.rows.filter((r) => r.dimension === dimension);
        if (rows.length === 0) return null;
        return (
          <Stack gap="sm" key={dimension} component="section" aria-labelledby={`benchmarks-${dimension}`}>
            <Title order={2} size="h4" id={`benchmarks-${dimension}`}>
              {DIMENSION_TITLES[dimension]}
            </Title>
            {rows.map((row) => (
              <Paper key={row.key} withBorder p="md" component="article" aria-label={row.name}>
                <Title order={3} size="h5" mb="xs">
                  {row.name}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
                  {row.figures.map((figure) => (
                    <Stack gap={2} key={figure.metric}>
                      <BoxChart figure={figure} />
                      <Text size="xs" c="dimmed">
                        Median {formatPercent(figure.median)} · {rankText(figure)}
                      </Text>
                    </Stack>
                  ))}
                </SimpleGrid>
              </Paper>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

const figureOf = (row: BenchmarkRow, metric: BenchmarkMetric) => row.figures.find((f) => f.metric === metric);

/** The network's distributions: per carrier, line and in total, each figure's median and quartiles. */
function DistributionTable({ rows }: { rows: BenchmarkRow[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="distributions">
      <Title order={2} size="h4" id="distributions" mb="sm">
        The network&apos;s distribution
      </Title>
      <Table.ScrollContainer
        minWidth={900}
        tabIndex={0}
        role="region"
        aria-label="The network's distribution table"
      >
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Carrier or line</Table.Th>
              {BENCHMARK_METRICS.map((m) => (
                <Table.Th scope="col" key={m} ta="right">
                  {BENCHMARK_METRIC_LABELS[m]}: median (first to third quartile), agencies
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.dimension}:${row.key}`}>
                <Table.Th scope="row" fw={row.dimension === 'total' ? 700 : 400}>
                  {row.dimension === 'line' ? `${row.name} lines` : row.name}
                </Table.Th>
                {BENCHMARK_METRICS.map((m) => {
                  const f = figureOf(row, m);
                  return (
                    <Table.Td key={m} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {f ? distributionText(f) : '—'}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The network's member agencies with their figures over their whole book; each opens its benchmarks. */
function MemberTable({
  members,
  settings,
  timeframe,
}: {
  members: MemberFigures[];
  settings: BenchmarkSettings;
  timeframe: Timeframe;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="members">
      <Title order={2} size="h4" id="members" mb="sm">
        Member agencies
      </Title>
      {members.length === 0 ? (
        <Text size="sm">No member agency has production in this timeframe.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900} mah={560}>
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Agency</Table.Th>
                <Table.Th scope="col">Size band</Table.Th>
                <Table.Th scope="col" ta="right">
                  Written premium
                </Table.Th>
                {BENCHMARK_METRICS.map((m) => (
                  <Table.Th scope="col" key={m} ta="right">
                    {BENCHMARK_METRIC_LABELS[m]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((m) => (
                <Table.Tr key={m.agencyUuid}>
                  <Table.Th scope="row" fw={400}>
                    <Anchor
                      component={Link}
                      to={`/benchmarks?level=${m.agencyUuid}&timeframe=${timeframe.code}`}
                    >
                      {m.agencyName}
                    </Anchor>
                  </Table.Th>
                  <Table.Td nowrap>{sizeBandLabel(m.band, settings.sizeBandLimits)}</Table.Td>
                  <Table.Td ta="right">
                    {m.writtenPremium === null ? '—' : formatMoney(m.writtenPremium)}
                  </Table.Td>
                  {BENCHMARK_METRICS.map((metric) => (
                    <Table.Td key={metric} ta="right">
                      {percentOrDash(m[metric])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The settings form's fields as typed: the limits in millions, the threshold in percent. */
type SettingsForm = { sizeBandLimits: string; lossRatioThreshold: string };

/** The typed fields read into the settings the server takes, and checked by its contract. */
const settingsFormSchema = z
  .object({ sizeBandLimits: z.string(), lossRatioThreshold: z.string() })
  .transform((form, context) => {
    const sizeBandLimits = parseLimits(form.sizeBandLimits);
    const lossRatioThreshold = form.lossRatioThreshold.trim() === '' ? NaN : Number(form.lossRatioThreshold);
    if (sizeBandLimits === null) {
      context.addIssue({
        code: 'custom',
        path: ['sizeBandLimits'],
        message: 'Type the limits as numbers of millions, e.g. 1, 5, 20.',
      });
    }
    if (Number.isNaN(lossRatioThreshold)) {
      context.addIssue({
        code: 'custom',
        path: ['lossRatioThreshold'],
        message: 'Type a loss ratio in percent, e.g. 55.',
      });
    }
    if (sizeBandLimits === null || Number.isNaN(lossRatioThreshold)) return z.NEVER;
    return checkedBy(saveSettingsBodySchema, { sizeBandLimits, lossRatioThreshold }, context);
  });

/** The network's size bands and early-warning threshold, editable by its users. */
function SettingsForm({
  settings,
  levelUuid,
}: {
  settings: BenchmarkSettings;
  levelUuid: string | undefined;
}) {
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SettingsForm, unknown, SaveSettingsBody>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      sizeBandLimits: asMillions(settings.sizeBandLimits),
      lossRatioThreshold: String(settings.lossRatioThreshold),
    },
  });
  const limits = useWatch({ control, name: 'sizeBandLimits' });
  const save = useMutation({
    mutationFn: (body: SaveSettingsBody) => saveSettings({ ...body, levelUuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['network-intelligence'] }),
    onError: (failure) => showServerFieldErrors(failure, setError, ['sizeBandLimits', 'lossRatioThreshold']),
  });
  const message = save.isError
    ? {
        tone: 'red' as const,
        text: save.error instanceof ApiError ? save.error.message : 'The save failed. Try again.',
      }
    : save.isSuccess
      ? { tone: 'green' as const, text: 'Settings saved.' }
      : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings">
      <Title order={2} size="h4" id="settings" mb="xs">
        Size bands and early warning
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Agencies are compared with those of their size band, by written premium over the 12 months ending with
        the timeframe. Early warning flags a loss ratio above the threshold that is rising.
      </Text>
      <form noValidate onSubmit={(event) => void handleSubmit((body) => save.mutate(body))(event)}>
        <Group align="flex-start">
          <TextInput
            label="Band limits ($ millions, ascending)"
            description={`Bands: ${bandLabels(parseLimits(limits) ?? settings.sizeBandLimits)}`}
            {...register('sizeBandLimits')}
            error={errors.sizeBandLimits?.message}
            w={360}
          />
          <TextInput
            label="Warning loss ratio (%)"
            {...register('lossRatioThreshold')}
            error={errors.lossRatioThreshold?.message}
            w={200}
          />
          <Button type="submit" mt={24} loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </form>
      {message && (
        <Alert mt="sm" color={message.tone} role={message.tone === 'red' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * /benchmarks: at an agency, its growth, new business share, loss ratio and commission rate per
 * carrier and line against the network's quartiles and its rank in its size band (no other agency
 * named); at a network, the distributions, the member agencies and the settings.
 */
export function BenchmarksPage() {
  const levelUuid = useLevel();
  const [timeframe, setTimeframe, today] = useTimeframe();
  const query = useQuery({ ...benchmarksQuery(levelUuid, timeframe), enabled: !!levelUuid });
  const answer = query.data;
  return (
    <Stack gap="md">
      <PageHeader
        title="Benchmarks"
        description={
          answer?.level === 'network'
            ? "How the network's agencies compare, per carrier and line."
            : 'Your figures against the network: the box spans its middle half of agencies, the line is its median, the marker is you.'
        }
      >
        {answer?.band && (
          <Badge size="lg" variant="light">
            Size band: {answer.band.label}
          </Badge>
        )}
      </PageHeader>
      <Paper withBorder p="md">
        <TimeframeSelector timeframe={timeframe} today={today} onChange={setTimeframe} />
      </Paper>
      {query.isError ? (
        <Alert color="red" title="Benchmarks could not be loaded">
          {query.error.message}
        </Alert>
      ) : !answer ? (
        <ComputingLoader label="Loading benchmarks" period={timeframe.displayText} />
      ) : answer.level === 'agency' ? (
        <AgencyBenchmarks answer={answer} />
      ) : (
        <>
          <DistributionTable rows={answer.rows} />
          <MemberTable members={answer.members ?? []} settings={answer.settings} timeframe={timeframe} />
          <SettingsForm
            key={answer.settings.sizeBandLimits.join()}
            settings={answer.settings}
            levelUuid={levelUuid}
          />
        </>
      )}
    </Stack>
  );
}

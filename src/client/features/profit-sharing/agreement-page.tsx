import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { agreementTerms, type AgreementDetail } from '#shared/contracts/profit-sharing.ts';
import { toCents } from '#shared/domain/growth-plan.ts';
import {
  formatCents,
  NO_WHAT_IF,
  projectAgreement,
  type Evaluation,
  type GateResult,
  type ProfitShareAgreementTerms,
} from '#shared/domain/profit-sharing.ts';
import { ChartPanel } from '#client/components/chart-panel.tsx';
import { formatPercent } from '#client/components/figures.tsx';
import { DecimalInput } from '#client/components/decimal-input.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { agreementQuery, deleteAgreement } from './profit-sharing-api.ts';
import { StatusBadge } from './profit-sharing-parts.tsx';

const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
const bp = (value: number | null) => (value === null ? '—' : formatPercent(value / 100));
/** A rate or limit of the agreement as entered: up to two decimals (3.15 %). */
const rate = (value: number | null) =>
  value === null ? '—' : `${(value / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

const GATE_NAMES: Record<GateResult['gate'], string> = {
  minimumPremium: 'Minimum premium',
  maximumLossRatio: 'Loss ratio',
  minimumGrowth: 'Minimum growth',
};

function gateText(gate: GateResult, years: number): string {
  const reason = gate.reason ? ` (${gate.reason})` : '';
  switch (gate.gate) {
    case 'minimumPremium':
      return `${money(gate.figure)} against at least ${money(gate.threshold)}${reason}`;
    case 'maximumLossRatio':
      return `${bp(gate.figure)} over ${years} ${years === 1 ? 'year' : 'years'}, must be under ${rate(gate.threshold)}${reason}`;
    case 'minimumGrowth':
      return `${bp(gate.figure)} growth against at least ${rate(gate.threshold)}${reason}`;
  }
}

const axisLabel = (terms: ProfitShareAgreementTerms, minimum: number | null) => {
  if (minimum === null) return 'Any';
  if (terms.grid.axis === 'growth') return `Growth ≥ ${rate(minimum)}`;
  if (terms.grid.axis === 'policiesInForce') return `≥ ${minimum.toLocaleString('en-US')} policies`;
  return `Premium ≥ ${money(minimum)}`;
};

/** The grid with the cell of the year so far and the projected cell marked. */
function GridTable({
  terms,
  yearToDate,
  yearEnd,
}: {
  terms: ProfitShareAgreementTerms;
  yearToDate: Evaluation;
  yearEnd: Evaluation;
}) {
  const marks = (row: number, col: number) =>
    [
      yearToDate.cell?.row === row && yearToDate.cell.col === col ? 'so far' : null,
      yearEnd.cell?.row === row && yearEnd.cell.col === col ? 'projected' : null,
    ].filter(Boolean);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder withColumnBorders aria-label="Bonus grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Loss ratio</Table.Th>
            {terms.grid.minimums.map((minimum, col) => (
              <Table.Th key={col} ta="right">
                {axisLabel(terms, minimum)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {terms.grid.lossRatioUnderBp.map((limit, row) => (
            <Table.Tr key={row}>
              <Table.Th scope="row">{limit === null ? 'Any' : `Under ${rate(limit)}`}</Table.Th>
              {terms.grid.minimums.map((_, col) => {
                const cellRate = terms.grid.rates[row]?.[col] ?? null;
                const marked = marks(row, col);
                return (
                  <Table.Td
                    key={col}
                    ta="right"
                    style={
                      marked.length > 0
                        ? {
                            outline: '3px solid #124f93',
                            outlineOffset: -3,
                            fontWeight: 700,
                            background: '#e7f0fa',
                          }
                        : undefined
                    }
                  >
                    {cellRate === null ? 'No bonus' : rate(cellRate)}
                    {marked.length > 0 && (
                      <Text size="xs" c="#124f93" fw={600}>
                        {marked.join(' and ')}
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const WIDTH = 720;
const HEIGHT = 260;
const LEFT = 56;
const RIGHT = 16;
const TOP = 12;
const BOTTOM = 30;
const LOSS_COLOUR = '#b02525';
const GROWTH_COLOUR = '#124f93';
const BAND_COLOUR = '#868e96';

/** Loss ratio and growth to date, month by month, against the grid's loss-ratio limits. */
function YearChart({ detail, terms }: { detail: AgreementDetail; terms: ProfitShareAgreementTerms }) {
  const months = detail.months;
  const limits = terms.grid.lossRatioUnderBp.filter((l): l is number => l !== null).map((l) => l / 100);
  const values = months.flatMap((m) => [m.lossRatio, m.growth]).filter((v): v is number => v !== null);
  const max = Math.max(10, ...values, ...limits) * 1.1;
  const min = Math.min(0, ...values) * 1.1;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (index: number) => LEFT + (months.length <= 1 ? 0 : (index / (months.length - 1)) * plotWidth);
  const y = (value: number) => TOP + plotHeight - ((value - min) / (max - min)) * plotHeight;
  const path = (pick: (m: (typeof months)[number]) => number | null) =>
    months
      .map((m, i) => ({ i, v: pick(m) }))
      .filter((p): p is { i: number; v: number } => p.v !== null)
      .map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p.i)},${y(p.v)}`)
      .join(' ');
  const description = months
    .map(
      (m) =>
        `${m.month}: loss ratio ${m.lossRatio === null ? 'not reported' : formatPercent(m.lossRatio)}, growth ${m.growth === null ? 'not computable' : formatPercent(m.growth)}`,
    )
    .join('; ');
  const legend = (
    <>
      <Group gap={6}>
        <Box w={18} h={0} style={{ borderTop: `3px solid ${LOSS_COLOUR}` }} aria-hidden="true" />
        <Text size="sm">Loss ratio to date</Text>
      </Group>
      <Group gap={6}>
        <Box w={18} h={0} style={{ borderTop: `3px solid ${GROWTH_COLOUR}` }} aria-hidden="true" />
        <Text size="sm">Growth to date</Text>
      </Group>
      {limits.length > 0 && (
        <Group gap={6}>
          <Box w={18} h={0} style={{ borderTop: `2px dashed ${BAND_COLOUR}` }} aria-hidden="true" />
          <Text size="sm">Loss-ratio bands</Text>
        </Group>
      )}
    </>
  );
  return (
    <ChartPanel
      title={`${detail.agreement.year} so far`}
      legend={legend}
      width={WIDTH}
      height={HEIGHT}
      description={description}
      placeholder={
        months.length === 0 ? <Text size="sm">No month of this year has been reported yet.</Text> : undefined
      }
    >
      {[min, 0, max / 2, max].map((tick) => (
        <g key={tick}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} stroke="#e9ecef" />
          <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={12} fill="#343a40">
            {formatPercent(tick)}
          </text>
        </g>
      ))}
      {limits.map((limit) => (
        <line
          key={limit}
          x1={LEFT}
          x2={WIDTH - RIGHT}
          y1={y(limit)}
          y2={y(limit)}
          stroke={BAND_COLOUR}
          strokeDasharray="6 4"
        />
      ))}
      <path d={path((m) => m.lossRatio)} fill="none" stroke={LOSS_COLOUR} strokeWidth={3} />
      <path d={path((m) => m.growth)} fill="none" stroke={GROWTH_COLOUR} strokeWidth={3} />
      {months.map((m, i) => (
        <text key={m.month} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize={12} fill="#343a40">
          {m.month.slice(5)}
        </text>
      ))}
    </ChartPanel>
  );
}

/** What-if inputs: they recompute the projection in the browser, with the same rules as the server. */
function WhatIfs({
  value,
  onChange,
  capCents,
}: {
  value: typeof NO_WHAT_IF;
  onChange: (value: typeof NO_WHAT_IF) => void;
  capCents: number | null;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="what-if">
      <Title order={2} size="h4" id="what-if" mb="sm">
        What if
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <DecimalInput
          label="Extra new business ($)"
          value={value.extraNewBusinessCents / 100}
          thousands
          onChange={(dollars) => onChange({ ...value, extraNewBusinessCents: toCents(Math.max(0, dollars)) })}
        />
        <DecimalInput
          label="A large loss ($)"
          description={
            capCents === null ? undefined : `Counts up to ${formatCents(capCents)} (the agreement's cap)`
          }
          value={value.largeLossCents / 100}
          thousands
          onChange={(dollars) => onChange({ ...value, largeLossCents: toCents(Math.max(0, dollars)) })}
        />
        <div>
          <Text size="sm" fw={500} id="rate-change-label">
            Rate change on the rest of the year: {formatPercent(value.rateChangeBp / 100)}
          </Text>
          <Slider
            aria-labelledby="rate-change-label"
            thumbLabel="Rate change on the rest of the year"
            min={-20}
            max={20}
            step={0.5}
            value={value.rateChangeBp / 100}
            onChange={(percent) => onChange({ ...value, rateChangeBp: Math.round(percent * 100) })}
            label={(percent) => `${percent}%`}
            mt="xs"
          />
        </div>
      </SimpleGrid>
    </Paper>
  );
}

function Distances({ evaluation, terms }: { evaluation: Evaluation; terms: ProfitShareAgreementTerms }) {
  if (evaluation.betterCells.length === 0)
    return <Text size="sm">The projection is at the best band of the grid.</Text>;
  return (
    <List spacing={4} size="sm">
      {evaluation.betterCells.map((cell) => {
        const needs = [
          cell.writtenPremiumCents !== null
            ? `${formatCents(cell.writtenPremiumCents)} more written premium`
            : null,
          cell.premiumCents !== null ? `${formatCents(cell.premiumCents)} more premium` : null,
          cell.policies !== null ? `${cell.policies} more policies in force` : null,
          cell.lossRatioPointsBp !== null
            ? `a loss ratio ${(cell.lossRatioPointsBp / 100).toFixed(2)} points lower`
            : null,
        ].filter(Boolean);
        const limit = terms.grid.lossRatioUnderBp[cell.row];
        return (
          <List.Item key={`${cell.row}-${cell.col}`}>
            {rate(cell.rateBp)} (
            {limit === null ? 'any loss ratio' : `loss ratio under ${rate(limit ?? null)}`},{' '}
            {axisLabel(terms, terms.grid.minimums[cell.col] ?? null).toLowerCase()}):{' '}
            {formatCents(cell.payoutCents)}
            {needs.length > 0 ? ` with ${needs.join(' and ')}` : ''},{' '}
            {formatCents(cell.payoutCents - evaluation.basePayoutCents)} more
          </List.Item>
        );
      })}
    </List>
  );
}

function EvaluationPanel({
  title,
  evaluation,
  years,
}: {
  title: string;
  evaluation: Evaluation;
  years: number;
}) {
  const f = evaluation.figures;
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Text fw={700} size="xl">
        {formatCents(evaluation.payoutCents)}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {evaluation.cell
          ? `${rate(evaluation.cell.rateBp)} of ${money(f.measureCents)}`
          : 'No cell of the grid applies'}
        {evaluation.kicker?.reached ? ` plus a ${formatCents(evaluation.kicker.payoutCents)} kicker` : ''}
      </Text>
      <Table withRowBorders={false} fz="sm">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Written premium</Table.Td>
            <Table.Td ta="right">{money(f.writtenPremiumCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Prior written premium</Table.Td>
            <Table.Td ta="right">{money(f.priorWrittenPremiumCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Growth</Table.Td>
            <Table.Td ta="right">{bp(evaluation.growthBp)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>New business</Table.Td>
            <Table.Td ta="right">{money(f.newBusinessCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Loss ratio</Table.Td>
            <Table.Td ta="right">{bp(evaluation.lossRatioBp)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {evaluation.gates.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Eligibility
          </Text>
          <List size="sm" spacing={2}>
            {evaluation.gates.map((gate) => (
              <List.Item key={gate.gate}>
                <Text span fw={600} c={gate.passes ? '#237032' : '#b02525'}>
                  {gate.passes ? 'Passes' : 'Fails'}
                </Text>{' '}
                {GATE_NAMES[gate.gate]}: {gateText(gate, years)}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {evaluation.kicker && !evaluation.kicker.reached && (
        <Text size="sm" mt="xs">
          Kicker: {formatCents(evaluation.kicker.shortCents)} more new business this year reaches it.
        </Text>
      )}
    </Paper>
  );
}

/** /profit-sharing/:agreementUuid: one agreement, its grid, gates, projection and what-ifs. */
export function AgreementPage() {
  const { agreementUuid = '' } = useParams();
  const query = useQuery(agreementQuery(agreementUuid));
  const [whatIf, setWhatIf] = useState(NO_WHAT_IF);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: ({ agreementUuid, version }: { agreementUuid: string; version: number; year: number }) =>
      deleteAgreement(agreementUuid, version),
    onSuccess: async (_, { year }) => {
      await queryClient.invalidateQueries({ queryKey: ['profit-sharing'] });
      await navigate(`/profit-sharing?year=${year}`);
    },
  });
  const detail = query.data;
  const terms = useMemo(
    () => (detail ? agreementTerms(detail.agreement.measure, detail.agreement.terms) : null),
    [detail],
  );
  const projection = useMemo(
    () => (detail?.actuals && terms ? projectAgreement(terms, detail.actuals, whatIf) : null),
    [detail, terms, whatIf],
  );

  if (query.isError) {
    return (
      <Alert color="red" title="This agreement could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  if (!detail || !terms) return <Loader aria-label="Loading the agreement" />;
  const { agreement } = detail;
  const years = agreement.terms.gates.lossRatioYears;

  const confirmRemove = () => {
    if (!window.confirm(`Delete the agreement "${agreement.name}"?`)) return;
    remove.mutate({
      agreementUuid: agreement.agreementUuid,
      version: agreement.version,
      year: agreement.year,
    });
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/profit-sharing?year=${agreement.year}`} size="sm">
        Back to Profit Sharing
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {agreement.carrierName}: {agreement.name}
          </Title>
          <Text c="dimmed" size="sm">
            {agreement.holderName} · {agreement.year} ·{' '}
            {agreement.lines.standardTypes.length > 0
              ? `${agreement.lines.broadLines[0]}: ${agreement.lines.standardTypes.join(', ')}`
              : agreement.lines.broadLines.length === 4
                ? 'P&C'
                : agreement.lines.broadLines.join(', ')}{' '}
            · a percentage of {agreement.measure === 'writtenPremium' ? 'written' : 'earned'} premium
            {detail.period ? ` · figures ${detail.period.startMonth} to ${detail.period.endMonth}` : ''}
          </Text>
        </div>
        <Group>
          <StatusBadge status={projection ? projection.status : 'noFigures'} />
          {agreement.canEdit && (
            <>
              <Button
                component={Link}
                to={`/profit-sharing/${agreement.agreementUuid}/edit`}
                variant="default"
              >
                Edit
              </Button>
              <Button color="red.9" variant="outline" loading={remove.isPending} onClick={confirmRemove}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Group>
      {remove.isError && (
        <Alert color="red" role="alert">
          {remove.error instanceof ApiError
            ? remove.error.message
            : 'The agreement could not be deleted. Try again.'}
        </Alert>
      )}
      {!projection ? (
        <Paper withBorder p="md">
          <Text>
            No month of {agreement.year} has been reported yet: the projection starts with January&apos;s
            figures.
          </Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <EvaluationPanel title="Projected to year end" evaluation={projection.yearEnd} years={years} />
            <EvaluationPanel title="On the year so far" evaluation={projection.yearToDate} years={years} />
          </SimpleGrid>
          <WhatIfs value={whatIf} onChange={setWhatIf} capCents={terms.gates.largeLossCapCents} />
          <Paper withBorder p="md" component="section" aria-labelledby="grid-title">
            <Title order={2} size="h4" id="grid-title" mb="sm">
              The grid
            </Title>
            <GridTable terms={terms} yearToDate={projection.yearToDate} yearEnd={projection.yearEnd} />
            <Title order={3} size="h5" mt="md" mb="xs">
              Better bands at year end
            </Title>
            <Distances evaluation={projection.yearEnd} terms={terms} />
          </Paper>
          <YearChart detail={detail} terms={terms} />
        </>
      )}
    </Stack>
  );
}

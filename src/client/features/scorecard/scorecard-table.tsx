import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import type { ScorecardCarrier, ScorecardFigures } from '#shared/contracts/scorecards.ts';
import {
  CORE_CARRIER_BADGE,
  NOT_MAPPED_TO_LOWEST_LOB,
  percentOf,
  SCORECARD_PAGE_SIZE,
  selectAllState,
  sumScorecardFigures,
  toCents,
  TOTALS_LABEL,
} from '#shared/domain/scorecard.ts';
import { ExpandAllBar, useExpandableRows } from '#client/components/expandable-rows.tsx';
import { Money, Percent } from '#client/components/figures.tsx';
import { usePaging } from '#client/components/table-pager.tsx';
import { FigureCell } from '#client/components/report/figure-cell.tsx';
import { nextSort, SortHeader } from '#client/components/report/sort-header.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { DEFAULT_SORT, sortCarriers, type SortKey, type SortState } from './scorecard-model.ts';

const COLUMN_COUNT = 10;

/** The selection summary bar (spec part 2 §2): how many are selected and their sums, with percents. */
function SelectionSummary({
  count,
  sums,
  totals,
}: {
  count: number;
  sums: ScorecardFigures;
  totals: ScorecardFigures;
}) {
  const cents = (v: number | null) => (v === null ? null : toCents(v));
  const items: { label: string; amount: number | null; percent: number | null }[] = [
    // The selection's share of the table's written premium; the commissions as percents of it.
    {
      label: 'Total Written Premium',
      amount: sums.writtenPremiumYTD,
      percent: percentOf(cents(sums.writtenPremiumYTD), cents(totals.writtenPremiumYTD)),
    },
    { label: 'Base Commission', amount: sums.baseCommissionYTD, percent: sums.baseCommissionPercent },
    {
      label: 'Additional Compensation',
      amount: sums.additionalCommissionYTD,
      percent: sums.additionalCommissionPercent,
    },
    { label: 'Total Commission', amount: sums.totalCommissionYTD, percent: sums.totalCommissionPercent },
  ];
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label="Selection summary"
      data-testid="selection-summary"
    >
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Selected
          </Text>
          <Text fw={700} data-testid="selected-count">
            {count} selected
          </Text>
        </Stack>
        {items.map((item) => (
          <Stack gap={0} key={item.label}>
            <Text size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text fw={700}>
              <Money value={count === 0 ? 0 : item.amount} /> (
              <Percent value={count === 0 ? null : item.percent} />)
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The figure cells of a row: Written Premium, then Base, Additional and Total, each amount and %. */
function FigureCells({ figures, incomplete }: { figures: ScorecardFigures; incomplete: boolean }) {
  const pairs: [number | null, number | null][] = [
    [figures.baseCommissionYTD, figures.baseCommissionPercent],
    [figures.additionalCommissionYTD, figures.additionalCommissionPercent],
    [figures.totalCommissionYTD, figures.totalCommissionPercent],
  ];
  return (
    <>
      <FigureCell incomplete={incomplete}>
        <Money value={figures.writtenPremiumYTD} />
      </FigureCell>
      {pairs.map(([amount, percent], i) => (
        <Fragment key={i}>
          <FigureCell incomplete={incomplete}>
            <Money value={amount} />
          </FigureCell>
          <FigureCell incomplete={incomplete} percent>
            <Percent value={percent} />
          </FigureCell>
        </Fragment>
      ))}
    </>
  );
}

function LinesOf({ carrier }: { carrier: ScorecardCarrier }) {
  const lowest = carrier.lines.filter((line) => line.isLowestLevel);
  if (lowest.length === 0) {
    return (
      <Text size="sm" fs="italic" py={4}>
        {NOT_MAPPED_TO_LOWEST_LOB}
      </Text>
    );
  }
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      fz="sm"
      aria-label={`Lines of business of ${carrier.carrierName}`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line of business</Table.Th>
          <Table.Th ta="right">Written Premium</Table.Th>
          <Table.Th ta="right">Base Commission</Table.Th>
          <Table.Th ta="right">%</Table.Th>
          <Table.Th ta="right">Additional Compensation</Table.Th>
          <Table.Th ta="right">%</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">%</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {carrier.lines.map((line) => (
          <Table.Tr key={line.code}>
            <Table.Td>{line.name}</Table.Td>
            <FigureCells figures={line} incomplete={carrier.haveMissingData} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The carrier table (spec part 2 §2, §4): a select-all checkbox (none, all, or partial and
 * indeterminate), rows that open to their lowest lines of business, an expand-all toggle, sortable
 * columns (written premium, highest first, by default), pages of 5 with the page-size choice, the
 * 'Totals:' row of every row shown, and the selection summary bar above it. The parent remounts it
 * (key) when the answer or the year changes, which clears the selection and the opened rows.
 */
export function ScorecardTable({
  rows,
  status,
}: {
  rows: readonly ScorecardCarrier[];
  status: 'loading' | 'error' | 'ready';
}) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const { expandAll, setExpandAll, isExpanded, toggleRow } = useExpandableRows();
  const sorted = useMemo(() => sortCarriers(rows, sort), [rows, sort]);
  const { shown, pager } = usePaging(sorted, { pageSize: SCORECARD_PAGE_SIZE });

  const selectedRows = useMemo(() => rows.filter((row) => selected.has(row.carrierUuid)), [rows, selected]);
  const state = selectAllState(selectedRows.length, rows.length);
  const totals = useMemo(() => sumScorecardFigures(rows), [rows]);
  const selectionSums = useMemo(() => sumScorecardFigures(selectedRows), [selectedRows]);

  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const onSort = (key: SortKey) => setSort((previous) => nextSort(previous, key, 'carrierName'));

  let body: ReactNode;
  if (status !== 'ready' || shown.length === 0) {
    body = (
      <TableStatusRow
        status={status === 'ready' ? 'empty' : status}
        colSpan={COLUMN_COUNT}
        loadingLabel="Loading the scorecard"
        errorText="The scorecard could not be loaded."
      />
    );
  } else {
    body = shown.map((row) => {
      const expanded = isExpanded(row.carrierUuid);
      return (
        <Fragment key={row.carrierUuid}>
          <Table.Tr data-testid="scorecard-row" bg={selected.has(row.carrierUuid) ? 'blue.0' : undefined}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${row.carrierName}`}
                checked={selected.has(row.carrierUuid)}
                onChange={() => setSelected((s) => toggle(s, row.carrierUuid))}
              />
            </Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                color="dark"
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Hide' : 'Show'} the lines of business of ${row.carrierName}`}
                onClick={() => toggleRow(row.carrierUuid)}
              >
                <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
              </ActionIcon>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {row.carrierName}
                </Text>
                {row.isCoreCarrier && (
                  // Whole, never cut to an ellipsis by a long carrier name: the name wraps instead.
                  <Badge
                    size="sm"
                    color="#1c5d99"
                    variant="filled"
                    style={{ flexShrink: 0, overflow: 'visible' }}
                  >
                    {CORE_CARRIER_BADGE}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <FigureCells figures={row} incomplete={row.haveMissingData} />
          </Table.Tr>
          {expanded && (
            <Table.Tr>
              <Table.Td />
              <Table.Td colSpan={COLUMN_COUNT - 1}>
                <LinesOf carrier={row} />
              </Table.Td>
            </Table.Tr>
          )}
        </Fragment>
      );
    });
  }

  return (
    <Stack gap="sm">
      <SelectionSummary count={selectedRows.length} sums={selectionSums} totals={totals} />
      <ExpandAllBar
        expandAll={expandAll}
        onExpandAll={setExpandAll}
        status={status === 'ready' ? `${rows.length} ${rows.length === 1 ? 'carrier' : 'carriers'}` : ''}
      />
      <Table.ScrollContainer minWidth={1000}>
        <Table highlightOnHover tabularNums verticalSpacing={6} horizontalSpacing="xs" aria-label="Carriers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all carriers"
                  checked={state === 1}
                  indeterminate={state === 2}
                  data-state={state}
                  disabled={rows.length === 0}
                  onChange={() =>
                    setSelected(state === 1 ? new Set() : new Set(rows.map((row) => row.carrierUuid)))
                  }
                />
              </Table.Th>
              <Table.Th w={40}>
                <span
                  style={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0,0,0,0)',
                  }}
                >
                  Lines
                </span>
              </Table.Th>
              <SortHeader sortKey="carrierName" label="Company" sort={sort} onSort={onSort} align="left" />
              <SortHeader
                sortKey="writtenPremiumYTD"
                label="Written Premium"
                sort={sort}
                onSort={onSort}
                align="right"
              />
              <SortHeader
                sortKey="baseCommissionYTD"
                label="Base Commission"
                sort={sort}
                onSort={onSort}
                align="right"
              />
              <Table.Th ta="right">%</Table.Th>
              <SortHeader
                sortKey="additionalCommissionYTD"
                label="Additional Compensation"
                sort={sort}
                onSort={onSort}
                align="right"
              />
              <Table.Th ta="right">%</Table.Th>
              <SortHeader
                sortKey="totalCommissionYTD"
                label="Total"
                sort={sort}
                onSort={onSort}
                align="right"
              />
              <Table.Th ta="right">%</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
          {status === 'ready' && rows.length > 0 && (
            <Table.Tfoot>
              <Table.Tr data-testid="scorecard-totals" fw={700}>
                <Table.Td />
                <Table.Td />
                <Table.Td>{TOTALS_LABEL}</Table.Td>
                <FigureCells figures={totals} incomplete={false} />
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      {status === 'ready' && pager}
    </Stack>
  );
}

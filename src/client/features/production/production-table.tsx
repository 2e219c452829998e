import { memo, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { INCOMPLETE_CARRIER_TOOLTIP } from '#shared/domain/incomplete-data.ts';
import { LossRatio, Money, Percent } from '#client/components/figures.tsx';
import { ExpandAllBar, useExpandableRows } from '#client/components/expandable-rows.tsx';
import { Hint } from '#client/components/hint.tsx';
import { FigureCell, GREYED } from '#client/components/report/figure-cell.tsx';
import { nextSort, SortHeader } from '#client/components/report/sort-header.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { Icon } from '#client/components/icons.tsx';
import { usePaging } from '#client/components/table-pager.tsx';
import {
  DEFAULT_SORT,
  sortRows,
  type Measures,
  type ProductionRow,
  type ProductionView,
  type SortKey,
  type SortState,
} from './production-model.ts';

type Column = { key: keyof Measures; label: string; kind: 'money' | 'change' | 'ratio' };

const COLUMNS: readonly Column[] = [
  { key: 'writtenPremium', label: 'Written Premium', kind: 'money' },
  { key: 'priorWrittenPremium', label: 'Prior WP', kind: 'money' },
  { key: 'writtenPremiumChange', label: 'WP % Change', kind: 'change' },
  { key: 'newBusiness', label: 'New Business', kind: 'money' },
  { key: 'priorNewBusiness', label: 'Prior NB', kind: 'money' },
  { key: 'newBusinessChange', label: 'NB % Change', kind: 'change' },
  { key: 'earned', label: 'Earned', kind: 'money' },
  { key: 'incurred', label: 'Incurred', kind: 'money' },
  { key: 'lossRatio', label: 'Loss Ratio', kind: 'ratio' },
  { key: 'priorLossRatio', label: 'Prior Loss Ratio', kind: 'ratio' },
];

function WarningMark() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      style={{ marginLeft: 4, verticalAlign: '-2px' }}
    >
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v4M12 17.5h.01" />
    </svg>
  );
}

/**
 * The figures of one row, greyed with their tooltip when the data is incomplete. Changes stay
 * readable there (decision 055): an analyst compares agencies by them, and the CSV carries them.
 */
function Figures({ measures, incomplete }: { measures: Measures; incomplete: boolean }) {
  return COLUMNS.map(({ key, kind }) => {
    const value = measures[key];
    let content: ReactNode;
    if (kind === 'money') content = <Money value={value} />;
    else if (kind === 'ratio') content = <LossRatio value={value} plain={incomplete} />;
    else content = <Percent value={value} />;
    return (
      <FigureCell key={key} incomplete={incomplete} percent={kind !== 'money'} keepPercent>
        {content}
      </FigureCell>
    );
  });
}

const Row = memo(function Row({
  row,
  expanded,
  onToggle,
}: {
  row: ProductionRow;
  expanded: boolean;
  onToggle: (id: string) => void;
}) {
  const name = row.incomplete ? (
    <Hint label={INCOMPLETE_CARRIER_TOOLTIP} width={260}>
      <Text component="span" inherit tabIndex={0} c={GREYED} style={{ whiteSpace: 'nowrap' }}>
        {row.label}
        <WarningMark />
      </Text>
    </Hint>
  ) : (
    row.label
  );
  return (
    <>
      <Table.Tr data-incomplete={row.incomplete || undefined}>
        <Table.Th scope="row" fw={500}>
          <Group gap={4} wrap="nowrap">
            {row.lines.length > 0 ? (
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size="sm"
                aria-label={`Lines of ${row.label}`}
                aria-expanded={expanded}
                onClick={() => onToggle(row.id)}
              >
                <Icon name={expanded ? 'chevron-down' : 'chevron-right'} size={16} />
              </ActionIcon>
            ) : (
              <span style={{ display: 'inline-block', width: 22 }} />
            )}
            {name}
          </Group>
        </Table.Th>
        <Figures measures={row.measures} incomplete={row.incomplete} />
      </Table.Tr>
      {expanded &&
        row.lines.map((line) => (
          <Table.Tr key={line.code} bg="gray.0" data-line-of={row.id}>
            <Table.Th scope="row" fw={400} pl={44}>
              {line.label}
            </Table.Th>
            <Figures measures={line.measures} incomplete={row.incomplete} />
          </Table.Tr>
        ))}
    </>
  );
});

/**
 * The production table: sortable columns (written premium, highest first, by default), rows that
 * open to their lines, an expand-all toggle, and pages of 25 when there are more than 25 rows. The
 * parent remounts it (key) when the data's identity changes, which clears the opened rows.
 */
export function ProductionTable({
  rows,
  view,
  status,
  busy,
}: {
  rows: ProductionRow[];
  view: ProductionView;
  status: 'loading' | 'error' | 'ready';
  busy: boolean;
}) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const { expandAll, setExpandAll, isExpanded, toggleRow: onToggle } = useExpandableRows();
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const { shown, pager } = usePaging(sorted);

  const onSort = (key: SortKey) => setSort((previous) => nextSort(previous, key, 'label'));

  const nameLabel = view === 'carriers' ? 'Carrier' : 'Agency';
  const columnCount = COLUMNS.length + 1;

  let body: ReactNode;
  if (status !== 'ready' || shown.length === 0) {
    body = (
      <TableStatusRow
        status={status === 'ready' ? 'empty' : status}
        colSpan={columnCount}
        loadingLabel="Loading carrier production"
        errorText="Carrier production could not be loaded."
      />
    );
  } else {
    body = shown.map((row) => (
      <Row key={row.id} row={row} expanded={isExpanded(row.id)} onToggle={onToggle} />
    ));
  }

  return (
    <Stack gap="sm">
      <ExpandAllBar
        expandAll={expandAll}
        onExpandAll={setExpandAll}
        disabled={busy}
        status={status === 'ready' ? `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}` : ''}
      />
      <Table.ScrollContainer minWidth={1260} maxHeight={800}>
        <Table stickyHeader highlightOnHover tabularNums verticalSpacing={6} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <SortHeader
                sortKey="label"
                label={nameLabel}
                sort={sort}
                onSort={onSort}
                align="left"
                minWidth={260}
              />
              {COLUMNS.map((column) => (
                <SortHeader
                  key={column.key}
                  sortKey={column.key}
                  label={column.label}
                  sort={sort}
                  onSort={onSort}
                  align="right"
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {status === 'ready' && pager}
    </Stack>
  );
}

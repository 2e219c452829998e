import { Table, UnstyledButton } from '@mantine/core';
import type { SortKey, SortState } from './production-model.ts';

/** A sortable column header: a button that sorts by its key, with the column's aria-sort. */
function ariaSort(sort: SortState, key: SortKey): 'ascending' | 'descending' | undefined {
  if (sort.key !== key) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

export function SortHeader({
  sortKey,
  label,
  sort,
  onSort,
  align,
  ariaLabel,
  rowSpan,
}: {
  sortKey: SortKey;
  label: string;
  sort: SortState;
  onSort: (key: SortKey) => void;
  align: 'left' | 'right';
  /** The button's name when the label alone is ambiguous (e.g. 'Current' under a column group). */
  ariaLabel?: string;
  rowSpan?: number;
}) {
  const direction = ariaSort(sort, sortKey);
  return (
    <Table.Th
      aria-sort={direction}
      ta={align}
      rowSpan={rowSpan}
      style={{ whiteSpace: 'nowrap', minWidth: sortKey === 'label' ? 260 : undefined }}
    >
      <UnstyledButton onClick={() => onSort(sortKey)} fw={600} fz="sm" aria-label={ariaLabel}>
        {label}
        <span aria-hidden="true">
          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

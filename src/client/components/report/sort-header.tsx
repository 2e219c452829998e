import { UnstyledButton } from '@mantine/core';
import { Table } from '#client/components/table.tsx';

/** A table's sort: the column's key and its direction. */
export type Sort<K extends string> = { key: K; direction: 'asc' | 'desc' };

/**
 * The sort after a click on a column: the same column turns its direction; another column starts
 * ascending when it is the name column (`ascendingKey`), descending (largest first) otherwise.
 */
export function nextSort<K extends string>(previous: Sort<K>, key: K, ascendingKey: K): Sort<K> {
  if (previous.key === key) return { key, direction: previous.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === ascendingKey ? 'asc' : 'desc' };
}

function ariaSort<K extends string>(sort: Sort<K>, key: K): 'ascending' | 'descending' | undefined {
  if (sort.key !== key) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * A sortable column header of a report's table: a button that sorts by its key, with aria-sort on
 * the sorted column only and an arrow beside its label.
 */
export function SortHeader<K extends string>({
  sortKey,
  label,
  sort,
  onSort,
  align,
  ariaLabel,
  rowSpan,
  colSpan,
  minWidth,
}: {
  sortKey: K;
  label: string;
  sort: Sort<K>;
  onSort: (key: K) => void;
  align: 'left' | 'right';
  /** The button's name when the label alone is ambiguous (e.g. 'Current' under a column group). */
  ariaLabel?: string;
  rowSpan?: number;
  colSpan?: number;
  minWidth?: number;
}) {
  const direction = ariaSort(sort, sortKey);
  return (
    <Table.Th
      aria-sort={direction}
      ta={align}
      rowSpan={rowSpan}
      colSpan={colSpan}
      style={{ whiteSpace: 'nowrap', minWidth }}
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

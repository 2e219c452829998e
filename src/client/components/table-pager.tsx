import { useState, type ReactNode } from 'react';
import { Group, Pagination } from '@mantine/core';
import { Select } from './select.tsx';

/** Spec part 2 §9: tables page at 25 rows and show pagination only above 25. */
export const PAGE_SIZE = 25;
/** The page-size choices: 5, 10, 20, 25, 50, 100 and all. */
const PAGE_SIZES = ['5', '10', '20', '25', '50', '100'];
const ALL = 'all';

/**
 * Pages of a table's rows: the rows of the current page, and the pager (rows per page and page
 * links) when there are more rows than the first page size (25 unless the table says otherwise,
 * e.g. the scorecard's 5). The page goes back to 1 whenever the rows change.
 */
export function usePaging<T>(
  rows: readonly T[],
  options: { pageSize?: number } = {},
): { shown: readonly T[]; pager: ReactNode } {
  const firstSize = options.pageSize ?? PAGE_SIZE;
  const [pageSize, setPageSize] = useState(String(firstSize));
  const [paging, setPaging] = useState({ rows, page: 1 });
  const page = paging.rows === rows ? paging.page : 1;
  const paginated = rows.length > firstSize;
  const size = pageSize === ALL ? Math.max(1, rows.length) : Number(pageSize);
  const pageCount = paginated ? Math.max(1, Math.ceil(rows.length / size)) : 1;
  const current = Math.min(page, pageCount);
  if (!paginated) return { shown: rows, pager: null };
  return {
    shown: rows.slice((current - 1) * size, current * size),
    pager: (
      <Group justify="space-between" wrap="wrap">
        <Select
          label="Rows per page"
          data={[...PAGE_SIZES, { value: ALL, label: 'All' }]}
          value={pageSize}
          onChange={(value) => {
            if (!value) return;
            setPageSize(value);
            setPaging({ rows, page: 1 });
          }}
          allowDeselect={false}
          w={130}
          size="sm"
        />
        <PageLinks total={pageCount} page={current} onChange={(next) => setPaging({ rows, page: next })} />
      </Group>
    ),
  };
}

/** The page links of a table, each named for assistive technology ('Page 3', 'Next page'). */
export function PageLinks({
  total,
  page,
  onChange,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  return (
    <nav aria-label="Table pages">
      <Pagination
        total={total}
        value={page}
        onChange={onChange}
        getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        getControlProps={(control) => ({
          'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
        })}
        withEdges
      />
    </nav>
  );
}

import { useState, type ReactNode } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { usePagination } from '@mantine/hooks';

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
        <NativeSelect
          label="Rows per page"
          data={[...PAGE_SIZES, { value: ALL, label: 'All' }]}
          value={pageSize}
          onChange={(event) => {
            setPageSize(event.currentTarget.value);
            setPaging({ rows, page: 1 });
          }}
          w={130}
          size="sm"
        />
        <PageLinks total={pageCount} page={current} onChange={(next) => setPaging({ rows, page: next })} />
      </Group>
    ),
  };
}

/** The controls at the edges of the page links: their names and what they show. */
const EDGES = {
  first: { label: 'First page', glyph: '\u00ab' },
  previous: { label: 'Previous page', glyph: '\u2039' },
  next: { label: 'Next page', glyph: '\u203a' },
  last: { label: 'Last page', glyph: '\u00bb' },
} as const;

/**
 * The page links of a table, each named for assistive technology ('Page 3', 'Next page'), the
 * current one marked `aria-current`: the first, previous, next and last pages, and the pages around
 * the current one with the first and last (Mantine's Pagination with its edges, drawn with Mantine's
 * buttons: its own brought 3 kB to every page with a table; decision 032).
 */
export function PageLinks({
  total,
  page,
  onChange,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { range } = usePagination({ total, page, onChange, siblings: 1, boundaries: 1 });
  const edge = (control: keyof typeof EDGES, to: number, disabled: boolean) => (
    <Button
      variant="default"
      size="compact-md"
      px={8}
      fw={400}
      aria-label={EDGES[control].label}
      disabled={disabled}
      onClick={() => onChange(to)}
    >
      <span aria-hidden="true">{EDGES[control].glyph}</span>
    </Button>
  );
  return (
    <nav aria-label="Table pages">
      <Group gap={8} wrap="wrap">
        {edge('first', 1, page <= 1)}
        {edge('previous', page - 1, page <= 1)}
        {range.map((item, index) =>
          item === 'dots' ? (
            <span key={`dots-${index}`} aria-hidden="true" style={{ minWidth: 24, textAlign: 'center' }}>
              &hellip;
            </span>
          ) : (
            <Button
              key={item}
              variant={item === page ? 'filled' : 'default'}
              size="compact-md"
              miw={32}
              px={8}
              fw={400}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => onChange(item)}
            >
              {item}
            </Button>
          ),
        )}
        {edge('next', page + 1, page >= total)}
        {edge('last', total, page >= total)}
      </Group>
    </nav>
  );
}

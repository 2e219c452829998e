import { Center, Loader } from '@mantine/core';
import { Table } from '#client/components/table.tsx';

export const NO_DATA_FOUND = 'No data found';

/**
 * The one row a report's table shows instead of its rows: a spinner while it loads, the error's
 * sentence when it failed, or 'No data found' (or the table's own words) when nothing is left.
 */
export function TableStatusRow({
  status,
  colSpan,
  loadingLabel,
  errorText,
  emptyText = NO_DATA_FOUND,
}: {
  status: 'loading' | 'error' | 'empty';
  colSpan: number;
  /** The spinner's name, e.g. 'Loading carrier production' (a table that is never loading has none). */
  loadingLabel?: string;
  errorText?: string;
  emptyText?: string;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan} ta="center" py="lg">
        {status === 'loading' ? (
          <Center aria-busy="true">
            <Loader role="status" aria-label={loadingLabel} />
          </Center>
        ) : status === 'error' ? (
          errorText
        ) : (
          emptyText
        )}
      </Table.Td>
    </Table.Tr>
  );
}

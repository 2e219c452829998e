import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Stack, Table, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ImportRecordResponse } from '#shared/contracts/import.ts';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { usePaging } from '#client/components/table-pager.tsx';

const STATUS: Record<
  ImportRecordResponse['status'],
  { label: string; color: string; variant: 'filled' | 'outline' }
> = {
  staged: { label: 'Not loaded', color: 'gray.7', variant: 'outline' },
  committed: { label: 'Loaded', color: 'blue.8', variant: 'filled' },
  undone: { label: 'Undone', color: 'gray.7', variant: 'outline' },
  discarded: { label: 'Discarded', color: 'gray.7', variant: 'outline' },
  expired: { label: 'Expired', color: 'gray.7', variant: 'outline' },
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

// The confirmation loads the first time it opens (docs/ARCHITECTURE.md, First load).
const UndoConfirmation = lazy(async () => ({
  default: (await import('./undo-confirmation.tsx')).UndoConfirmation,
}));

/** The network's uploads, newest first, with their status: continue a staged one, undo a loaded one. */
export function UploadList({
  list,
  onContinue,
  onUndone,
}: {
  list: UseQueryResult<{ imports: ImportRecordResponse[] }>;
  onContinue: (record: ImportRecordResponse) => void;
  onUndone: (record: ImportRecordResponse) => void;
}) {
  const [undoing, setUndoing] = useState<ImportRecordResponse | null>(null);
  const undoLoaded = useOpenedOnce(undoing !== null);
  const { shown, pager } = usePaging(list.data?.imports ?? []);
  return (
    <Stack gap="xs">
      <Title order={2}>Uploads</Title>
      {list.isError && (
        <Alert color="red" title="The uploads could not be listed">
          {list.error.message}
        </Alert>
      )}
      <Table striped withTableBorder aria-label="Uploads">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Covers through</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Written premium</Table.Th>
            <Table.Th>Uploaded by</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.isSuccess && shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>No uploads yet</Table.Td>
            </Table.Tr>
          )}
          {shown.map((r) => (
            <Table.Tr key={r.uploadUuid}>
              <Table.Td>{r.fileName}</Table.Td>
              <Table.Td>{r.kind === 'production' ? 'Production' : 'Commission'}</Table.Td>
              <Table.Td>{r.coversThrough}</Table.Td>
              <Table.Td>
                <Badge variant={STATUS[r.status].variant} color={STATUS[r.status].color}>
                  {STATUS[r.status].label}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{(r.rowsLoaded ?? r.rowCount).toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">
                {r.total?.writtenPremium ? usd.format(Number(r.total.writtenPremium)) : ''}
              </Table.Td>
              <Table.Td>{r.createdBy}</Table.Td>
              <Table.Td>{when(r.createdAt)}</Table.Td>
              <Table.Td>
                {r.status === 'staged' && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onContinue(r)}
                    aria-label={`Continue ${r.fileName}`}
                  >
                    Continue
                  </Button>
                )}
                {r.status === 'committed' && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setUndoing(r)}
                    aria-label={`Undo ${r.fileName}`}
                  >
                    Undo
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pager}
      <Suspense fallback={null}>
        {undoLoaded && (
          <UndoConfirmation record={undoing} onClose={() => setUndoing(null)} onUndone={onUndone} />
        )}
      </Suspense>
    </Stack>
  );
}

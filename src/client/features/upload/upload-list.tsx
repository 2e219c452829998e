import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ImportList, ImportRecordResponse } from '#shared/contracts/import.ts';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { PageLinks } from '#client/components/table-pager.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { discardUpload, importsKey } from './upload-api.ts';

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

// The confirmation loads the first time it opens (docs/first-load.md).
const UndoConfirmation = lazy(async () => ({
  default: (await import('./undo-confirmation.tsx')).UndoConfirmation,
}));

/**
 * The network's uploads, newest first, a page at a time (the server pages), with their status:
 * continue or discard an unloaded one (it expires on the date shown), undo a loaded one.
 */
export function UploadList({
  list,
  page,
  onPage,
  onContinue,
  onUndone,
}: {
  list: UseQueryResult<ImportList>;
  page: number;
  onPage: (page: number) => void;
  onContinue: (record: ImportRecordResponse) => void;
  onUndone: (record: ImportRecordResponse) => void;
}) {
  const [undoing, setUndoing] = useState<ImportRecordResponse | null>(null);
  const undoLoaded = useOpenedOnce(undoing !== null);
  const queryClient = useQueryClient();
  const [discardError, setDiscardError] = useState<string | null>(null);
  const discard = useMutation({
    mutationFn: (uploadUuid: string) => discardUpload(uploadUuid),
    onSuccess: async () => {
      setDiscardError(null);
      await queryClient.invalidateQueries({ queryKey: importsKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) setDiscardError(error.message);
    },
  });
  const shown = list.data?.imports ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <Stack gap="xs">
      <Title order={2}>Uploads</Title>
      {discardError && (
        <Alert color="red" title="Not discarded">
          {discardError}
        </Alert>
      )}
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
            <TableStatusRow status="empty" colSpan={9} emptyText="No uploads yet" />
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
                {r.expiresAt && (
                  <Text size="xs" c="dimmed">
                    Expires {when(r.expiresAt)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{(r.rowsLoaded ?? r.rowCount).toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">
                {r.total?.writtenPremium ? usd.format(Number(r.total.writtenPremium)) : ''}
              </Table.Td>
              <Table.Td>{r.createdBy}</Table.Td>
              <Table.Td nowrap>{when(r.createdAt)}</Table.Td>
              <Table.Td>
                {r.status === 'staged' && (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onContinue(r)}
                      aria-label={`Continue ${r.fileName}`}
                    >
                      Continue
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={discard.isPending && discard.variables === r.uploadUuid}
                      onClick={() => discard.mutate(r.uploadUuid)}
                      aria-label={`Discard ${r.fileName}`}
                    >
                      Discard
                    </Button>
                  </Group>
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
      {pages > 1 && <PageLinks total={pages} page={page} onChange={onPage} />}
      <Suspense fallback={null}>
        {undoLoaded && (
          <UndoConfirmation record={undoing} onClose={() => setUndoing(null)} onUndone={onUndone} />
        )}
      </Suspense>
    </Stack>
  );
}

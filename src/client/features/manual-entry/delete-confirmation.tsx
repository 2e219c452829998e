import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '#client/components/dialog.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import type { DeleteTarget } from './delete-button.tsx';
import { carrierEntriesKey, deleteCarrierEntries } from './manual-entry-api.ts';

export const DELETE_TITLE = 'Are you sure?';
const DETAILS_WARNING = 'You are about to permanently delete a Details entry.';

/** Spec part 2 §8 "Delete warnings". */
export function deleteWarning(kind: DeleteTarget['kind']): string[] {
  if (kind === 'line') {
    return [
      'You are about to permanently delete a Line of Business entry.',
      'Its Details entries will also be removed.',
    ];
  }
  if (kind === 'carrier') {
    return [
      'You are about to permanently delete a Carrier entry.',
      'Its Line of Business and Details entries will also be removed.',
    ];
  }
  return [DETAILS_WARNING];
}

/** The delete confirmation: one delete call per entry, then the entries reload. */
export function DeleteConfirmation({
  target,
  levelUuid,
  onClose,
  onDeleted,
}: {
  target: DeleteTarget | null;
  levelUuid: string | undefined;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (deleting) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteCarrierEntries(levelUuid, target.importUuids);
      onDeleted?.();
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : 'Delete failed.');
    } finally {
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: carrierEntriesKey });
      void queryClient.invalidateQueries({ queryKey: ['core-production'] });
    }
  };
  return (
    <Dialog opened={target !== null} onClose={close} title={DELETE_TITLE} closable={!deleting}>
      <Stack gap="sm">
        {target && deleteWarning(target.kind).map((line) => <Text key={line}>{line}</Text>)}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from '#client/components/dialog.tsx';
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
  const remove = useMutation({
    mutationFn: (importUuids: readonly string[]) => deleteCarrierEntries(levelUuid, importUuids),
    onSuccess: () => {
      onDeleted?.();
      onClose();
    },
    // Whatever was deleted before a failure is gone: the entries reload either way.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: carrierEntriesKey });
      void queryClient.invalidateQueries({ queryKey: ['core-production'] });
    },
  });
  const deleting = remove.isPending;
  const close = () => {
    if (deleting) return;
    remove.reset();
    onClose();
  };
  return (
    <Dialog opened={target !== null} onClose={close} title={DELETE_TITLE} closable={!deleting}>
      <Stack gap="sm">
        {target && deleteWarning(target.kind).map((line) => <Text key={line}>{line}</Text>)}
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button
            color="red.9"
            onClick={() => target && remove.mutate(target.importUuids)}
            loading={deleting}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

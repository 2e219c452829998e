import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyCollaboration, exitCollaboration } from './collaboration-state.ts';
import { DialogFrame, DialogHeader } from '#client/components/dialog.tsx';
import { RequestError } from './request-error.tsx';

/**
 * "Are you sure?" before leaving collaboration mode (spec part 2 §4). Confirming ends the mode on the
 * server, resets to no carriers with names hidden and reloads the report unmasked.
 */
export function ExitConfirmation({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <DialogFrame opened={opened} onClose={onClose}>
      <ExitConfirmationBody onClose={onClose} />
    </DialogFrame>
  );
}

/** Mounted while the confirmation is open, so a failure from a previous attempt is not shown again. */
function ExitConfirmationBody({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const exit = useMutation({
    mutationFn: exitCollaboration,
    onSuccess: () => {
      void applyCollaboration(queryClient, null);
      onClose();
    },
  });

  return (
    <>
      <DialogHeader title="Are you sure?" />
      <Modal.Body>
        <Stack gap="md">
          <Text>This exits collaboration mode. The report will show every carrier with its name again.</Text>
          <RequestError error={exit.error} title="Could not exit collaboration mode" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={exit.isPending}>
              Cancel
            </Button>
            <Button onClick={() => exit.mutate()} loading={exit.isPending}>
              Yes, exit collaboration mode
            </Button>
          </Group>
        </Stack>
      </Modal.Body>
    </>
  );
}

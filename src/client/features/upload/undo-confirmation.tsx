import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRecordResponse } from '#shared/contracts/import.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { importsKey, undoUpload } from './upload-api.ts';

/** The Undo confirmation of the uploads list (upload-list.tsx), loaded on its first opening. */
export function UndoConfirmation({
  record,
  onClose,
  onUndone,
}: {
  record: ImportRecordResponse | null;
  onClose: () => void;
  onUndone: (record: ImportRecordResponse) => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const undo = useMutation({
    mutationFn: (uploadUuid: string) => undoUpload(uploadUuid),
    onSuccess: async (undone) => {
      await queryClient.invalidateQueries({ queryKey: importsKey });
      setMessage(null);
      onUndone(undone);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) setMessage(error.message);
    },
  });
  return (
    <Dialog
      opened={record !== null}
      onClose={() => {
        setMessage(null);
        onClose();
      }}
      title="Undo this upload?"
    >
      <Stack>
        <Text size="sm">
          The figures {record?.fileName} loaded are removed, and the figures it replaced are restored.
        </Text>
        {message && (
          <Alert color="red" title="Not undone">
            {message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red.8"
            loading={undo.isPending}
            onClick={() => record && undo.mutate(record.uploadUuid)}
          >
            Undo upload
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

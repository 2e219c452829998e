import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { LazyDialog } from '#client/components/lazy-dialog.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeSessions, userAccessKey } from './admin-api.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

function sessionsText(count: number): string {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}

/** Signs a user out on every device, after asking "Are you sure?". */
export function RevokeSessions({
  userUuid,
  userName,
  activeSessions,
}: {
  userUuid: string;
  userName: string | null;
  activeSessions: number | null;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeSessions(userUuid),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: userAccessKey(userUuid) });
    },
  });
  const who = userName ?? 'this user';

  return (
    <Stack component="section" aria-labelledby="sessions-heading" gap="sm">
      <Title order={2} id="sessions-heading">
        Sessions
      </Title>
      {activeSessions !== null && <Text>Active sessions: {activeSessions}</Text>}
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => {
            revoke.reset();
            setConfirming(true);
          }}
        >
          Revoke sessions
        </Button>
        <Text role="status">{revoke.isSuccess ? `Revoked ${sessionsText(revoke.data)}.` : ''}</Text>
      </Group>
      <LazyDialog opened={confirming} onClose={() => setConfirming(false)} title="Are you sure?">
        <Stack gap="md">
          <Text>
            This signs {who} out on every device. They will need to sign in again to use Understanding.
          </Text>
          <ApiErrorAlert error={revoke.error} title="Could not revoke the sessions" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => revoke.mutate()} loading={revoke.isPending}>
              Yes, revoke sessions
            </Button>
          </Group>
        </Stack>
      </LazyDialog>
    </Stack>
  );
}

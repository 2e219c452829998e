import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Dialog } from '#client/components/dialog.tsx';
import { changePrimaryUser, subscriberUsersQuery } from './subscription-api.ts';

/**
 * The Change Primary User dialog (spec part 2 §2, §4, §5): select a user, 'Make Primary User'
 * (disabled for the current primary user), confirm Yes/No, then saved.
 */
export function ChangePrimaryUserDialog({
  opened,
  onClose,
  onChanged,
  subscriberUuid,
  executorUuid,
  primaryUserUuid,
}: {
  opened: boolean;
  onClose: () => void;
  onChanged: (name: string) => void;
  subscriberUuid: string;
  executorUuid: string;
  primaryUserUuid: string | null;
}) {
  const users = useQuery({ ...subscriberUsersQuery(subscriberUuid), enabled: opened });
  const [selected, setSelected] = useState<string | null>(primaryUserUuid);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (adminUserUuid: string) => changePrimaryUser({ subscriberUuid, executorUuid, adminUserUuid }),
    onSuccess: ({ adminUser }) => onChanged(`${adminUser.firstName} ${adminUser.lastName}`.trim()),
  });
  const chosen = users.data?.users.find((u) => u.userUuid === selected);
  const close = () => {
    setConfirming(false);
    setSelected(primaryUserUuid);
    save.reset();
    onClose();
  };
  return (
    <Dialog title="Change Primary User" opened={opened} onClose={close}>
      <Stack>
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        {users.error && (
          <Alert color="red" variant="light" role="alert">
            {users.error.message}
          </Alert>
        )}
        {!confirming ? (
          <>
            <SearchableSelect
              label="User"
              placeholder={users.isPending ? 'Loading users…' : 'Select a user'}
              data={(users.data?.users ?? []).map((u) => ({
                value: u.userUuid,
                label: `${u.name} (${u.email})`,
              }))}
              value={selected}
              onChange={setSelected}
              allowDeselect={false}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                disabled={!chosen || chosen.userUuid === primaryUserUuid}
                onClick={() => setConfirming(true)}
              >
                Make Primary User
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>
              Make {chosen?.name} the primary user of this subscription? You will no longer be able to rename
              the agency or change the primary user.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={save.isPending}>
                No
              </Button>
              <Button loading={save.isPending} onClick={() => chosen && save.mutate(chosen.userUuid)}>
                Yes
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Dialog>
  );
}

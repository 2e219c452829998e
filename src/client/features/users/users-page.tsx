import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVITATION_DAYS } from '#shared/contracts/registration.ts';
import { agencyUsersResponseSchema } from '#shared/contracts/user.ts';
import { useLevel } from '#client/app/level.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { usePaging } from '#client/components/table-pager.tsx';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { PendingInvitations, pendingInvitationsQuery, useInvitableAgency } from './pending-invitations.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';

// The dialog loads the first time it opens (docs/first-load.md).
const InviteUserDialog = lazy(async () => ({
  default: (await import('./invite-user-dialog.tsx')).InviteUserDialog,
}));

const agencyUsersQuery = (levelUuid: string | undefined) =>
  queryOptions({
    queryKey: ['agency', 'users', levelUuid ?? null],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/agency/users?${new URLSearchParams(levelUuid ? { levelUuid } : {}).toString()}`,
        agencyUsersResponseSchema,
        { signal },
      ),
    enabled: !!levelUuid,
  });

/** /users (spec part 2 §2 "Users"): the agency's active users; Admin is checked for owners and administrators. */
export function UsersPage() {
  const levelUuid = useLevel();
  const users = useQuery(agencyUsersQuery(levelUuid));
  const { shown, pager } = usePaging(users.data?.users ?? []);
  const invitable = useInvitableAgency(levelUuid);
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const inviteLoaded = useOpenedOnce(inviting);
  const [invited, setInvited] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        {invitable && (
          <Button
            onClick={() => {
              setInvited(null);
              setInviting(true);
            }}
          >
            Invite user
          </Button>
        )}
      </Group>
      {invited && (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setInvited(null)}
        >
          An invitation was sent to {invited}. The registration link works once, for {INVITATION_DAYS} days.
        </Alert>
      )}
      {users.error && (
        <Alert color="red" variant="light" role="alert">
          {users.error.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560} maxHeight={800}>
        <Table stickyHeader highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Admin</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.isPending || shown.length === 0 ? (
              <TableStatusRow
                status={users.isPending ? 'loading' : 'empty'}
                colSpan={3}
                loadingLabel="Loading users"
              />
            ) : (
              shown.map((user) => (
                <Table.Tr key={user.userUuid}>
                  <Table.Th scope="row" fw={400}>
                    {user.name}
                  </Table.Th>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      checked={user.isAdmin}
                      readOnly
                      aria-label={`${user.name} is ${user.isAdmin ? '' : 'not '}an admin`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager}
      {invitable && <PendingInvitations agencyUuid={invitable.uuid} />}
      <Suspense fallback={null}>
        {invitable && inviteLoaded && (
          <InviteUserDialog
            opened={inviting}
            agencyUuid={invitable.uuid}
            agencyName={invitable.name}
            onClose={() => setInviting(false)}
            onInvited={(invitation) => {
              setInviting(false);
              setInvited(invitation.emailAddress);
              void queryClient.invalidateQueries({
                queryKey: pendingInvitationsQuery(invitable.uuid).queryKey,
              });
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}

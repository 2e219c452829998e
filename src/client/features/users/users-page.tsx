import { Alert, Center, Checkbox, Loader, Stack, Table, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agencyUsersResponseSchema } from '#shared/contracts/user.ts';
import { useLevel } from '#client/app/level.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { usePaging } from '#client/components/table-pager.tsx';

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
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Users
      </Title>
      {users.error && (
        <Alert color="red" variant="light" role="alert">
          {users.error.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560} maxHeight={800} type="native">
        <Table stickyHeader highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Admin</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Center py="xl">
                    <Loader role="status" aria-label="Loading users" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3} ta="center" py="lg">
                  No data found
                </Table.Td>
              </Table.Tr>
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
    </Stack>
  );
}

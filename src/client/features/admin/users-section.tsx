import { useState } from 'react';
import { Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminUser } from '#shared/contracts/admin.ts';
import { adminUsersQuery, userTypeLabels } from './admin-api.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** The search debounce of spec part 2 §9 ("search debounce 300 ms"). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** Finds users by name, e-mail address or UUID, and opens one user's access page. */
export function UsersSection({ onChooseUser }: { onChooseUser: (user: AdminUser) => void }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const users = useQuery(adminUsersQuery(debouncedSearch));

  return (
    <Stack component="section" aria-labelledby="users-heading" gap="sm">
      <Title order={2} id="users-heading">
        Users
      </Title>
      <TextInput
        type="search"
        label="Search users"
        description="Name, e-mail address or user UUID"
        maxLength={100}
        maw={480}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {users.isPending && <Loader size="sm" role="status" aria-label="Loading users" />}
      <ApiErrorAlert error={users.error} title="Could not search the users" />
      {users.data && users.data.users.length === 0 && (
        <Text role="status">
          {debouncedSearch ? `No users match “${debouncedSearch}”.` : 'There are no users.'}
        </Text>
      )}
      {users.data && users.data.users.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="xs" highlightOnHover aria-busy={users.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Organisation</Table.Th>
                <Table.Th scope="col">Active sessions</Table.Th>
                <Table.Th scope="col">Feature flags</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.users.map((user) => (
                <Table.Tr key={user.userUuid}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/users/${user.userUuid}`} underline="always">
                      {user.name}
                    </Anchor>
                    {!user.isActive && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (inactive)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{userTypeLabels[user.userType]}</Table.Td>
                  <Table.Td>{user.organisation}</Table.Td>
                  <Table.Td>{user.activeSessions}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Target this user: ${user.name}`}
                      onClick={() => onChooseUser(user)}
                    >
                      Target this user
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingInvitationsResponseSchema } from '#shared/contracts/registration.ts';
import { useCurrentUser } from '#client/app/current-user.ts';
import { levelsQuery } from '#client/app/level.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const pendingInvitationsQuery = (agencyUuid: string) =>
  queryOptions({
    queryKey: ['invitations', agencyUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/invitations?${new URLSearchParams({ agencyUuid }).toString()}`,
        pendingInvitationsResponseSchema,
        { signal },
      ),
  });

/**
 * The agency the user may invite to on the Users page, or null: owners and administrators their own
 * agency, internal staff the agency chosen as level (the server decides; this only hides the button).
 */
export function useInvitableAgency(levelUuid: string | undefined): { uuid: string; name: string } | null {
  const user = useCurrentUser();
  const levels = useQuery({ ...levelsQuery, enabled: user.isInternal });
  if (!levelUuid) return null;
  if (user.userType === 'agency') {
    return user.isAdmin && user.agency?.uuid === levelUuid
      ? { uuid: levelUuid, name: user.agency.name }
      : null;
  }
  if (!user.isInternal) return null;
  for (const network of levels.data?.networks ?? []) {
    const agency = network.agencies.find((a) => a.uuid === levelUuid);
    if (agency) return { uuid: agency.uuid, name: agency.name };
  }
  return null;
}

/** Invitations of the agency not used yet and not expired, newest first; nothing when there are none. */
export function PendingInvitations({ agencyUuid }: { agencyUuid: string }) {
  const { data, error } = useQuery(pendingInvitationsQuery(agencyUuid));
  if (error) {
    return (
      <Text c="red.8" role="alert">
        Pending invitations could not be loaded: {error.message}
      </Text>
    );
  }
  if (!data || data.invitations.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Pending invitations
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Primary user</Table.Th>
              <Table.Th>Invited by</Table.Th>
              <Table.Th>Expires</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.invitations.map((invitation) => (
              <Table.Tr key={invitation.invitationUuid}>
                <Table.Th scope="row" fw={400}>
                  {`${invitation.firstName} ${invitation.lastName}`.trim()}
                </Table.Th>
                <Table.Td>{invitation.emailAddress}</Table.Td>
                <Table.Td>{invitation.willInviteeBePrimaryUser ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>{invitation.invitedByName ?? ''}</Table.Td>
                <Table.Td nowrap>{invitation.expiresAt.slice(0, 10)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

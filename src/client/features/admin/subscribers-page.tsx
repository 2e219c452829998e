import { useState } from 'react';
import { Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSubscribersResponseSchema,
  subscriberBypassResponseSchema,
} from '#shared/contracts/subscription.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { AdminNav } from './admin-nav.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

const subscribersQuery = queryOptions({
  queryKey: ['admin', 'subscribers'],
  queryFn: ({ signal }) => apiRequest('/api/admin/subscribers', adminSubscribersResponseSchema, { signal }),
});

const setBypass = ({ uuid, bypass }: { uuid: string; bypass: boolean }) =>
  apiRequest(`/api/admin/subscribers/${uuid}/bypass`, subscriberBypassResponseSchema, {
    method: 'PUT',
    body: { bypassExternalSubscriber: bypass },
  });

/**
 * /admin/subscribers (internal staff): every subscriber with its latest subscription status, and
 * the switch that lets an agency in without a subscription (bypassExternalSubscriber).
 */
export function SubscribersPage() {
  const subscribers = useQuery(subscribersQuery);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const save = useMutation({
    mutationFn: setBypass,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscribersQuery.queryKey }),
  });
  const needle = search.trim().toLowerCase();
  const shown = (subscribers.data?.subscribers ?? []).filter(
    (s) => !needle || `${s.agencyName} ${s.displayName} ${s.networkName}`.toLowerCase().includes(needle),
  );
  return (
    <Stack maw={1200} gap="lg">
      <div>
        <Title order={1}>Subscribers</Title>
        <Text c="dimmed">
          A subscriber with bypass on is let in without an active subscription. Without Stripe keys on this
          server billing is off and every subscriber is let in.
        </Text>
      </div>
      <AdminNav />
      <TextInput
        label="Search agencies"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={320}
      />
      {subscribers.isPending && <Loader size="sm" role="status" aria-label="Loading the subscribers" />}
      <ApiErrorAlert error={subscribers.error} title="Could not load the subscribers" />
      <ApiErrorAlert error={save.error} title="Could not change the bypass" />
      {subscribers.data && (
        <Table.ScrollContainer minWidth={800} maxHeight={800}>
          <Table verticalSpacing="xs" striped stickyHeader>
            <Table.Caption>{shown.length} subscribers</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Agency</Table.Th>
                <Table.Th scope="col">Display name</Table.Th>
                <Table.Th scope="col">Network</Table.Th>
                <Table.Th scope="col">Subscription</Table.Th>
                <Table.Th scope="col">Bypass</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((s) => (
                <Table.Tr key={s.uuid}>
                  <Table.Td>{s.agencyName}</Table.Td>
                  <Table.Td>{s.displayName}</Table.Td>
                  <Table.Td>{s.networkName}</Table.Td>
                  <Table.Td>{s.status ?? 'None'}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Bypass the subscription check for ${s.agencyName}`}
                      checked={s.bypassExternalSubscriber}
                      disabled={save.isPending && save.variables.uuid === s.uuid}
                      onChange={(e) => save.mutate({ uuid: s.uuid, bypass: e.currentTarget.checked })}
                    />
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

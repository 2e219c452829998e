import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  carrierRequestListResponseSchema,
  carrierTypeLabels,
  type CarrierRequestList,
} from '#shared/contracts/carrier-request.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { AdminNav, formatMoment } from './admin-nav.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** GET /api/carrier-requests: the latest new carrier requests, newest first. */
const carrierRequestsQuery = queryOptions({
  queryKey: ['admin', 'carrier-requests'],
  queryFn: ({ signal }) => apiRequest('/api/carrier-requests', carrierRequestListResponseSchema, { signal }),
});

type Status = CarrierRequestList['requests'][number]['status'];

const statusLabels: Record<Status, string> = {
  received: 'Received',
  forwarded: 'Forwarded',
  failed: 'Not forwarded',
};

function typeLabel(type: string): string {
  return type in carrierTypeLabels ? carrierTypeLabels[type as keyof typeof carrierTypeLabels] : type;
}

/** A website as typed on the form ("www.carrier.com"), opened over https when it has no scheme. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** /admin/carrier-requests (internal staff): every new carrier request and where it was sent. */
export function CarrierRequestsPage() {
  const requests = useQuery(carrierRequestsQuery);

  return (
    <Stack maw={1400} gap="lg">
      <div>
        <Title order={1}>Carrier requests</Title>
        <Text c="dimmed">
          Carriers users asked us to add, newest first, with the ticket or address each was sent to.
        </Text>
      </div>
      <AdminNav />
      {requests.isPending && <Loader size="sm" role="status" aria-label="Loading carrier requests" />}
      <ApiErrorAlert error={requests.error} title="Could not load the carrier requests" />
      {requests.data && requests.data.requests.length === 0 && (
        <Text role="status">There are no carrier requests yet.</Text>
      )}
      {requests.data && requests.data.requests.length > 0 && (
        <Table.ScrollContainer minWidth={1100}>
          <Table verticalSpacing="xs" striped>
            <Table.Caption>{requests.data.requests.length} carrier requests</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Received</Table.Th>
                <Table.Th scope="col">Carrier</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Website</Table.Th>
                <Table.Th scope="col">Requested by</Table.Th>
                <Table.Th scope="col">Agency</Table.Th>
                <Table.Th scope="col">Additional info</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Sent to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.requests.map((request) => {
                return (
                  <Table.Tr key={request.uuid}>
                    <Table.Td>{formatMoment(request.createdAt)}</Table.Td>
                    <Table.Td>{request.carrierName}</Table.Td>
                    <Table.Td>{typeLabel(request.carrierType)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        href={websiteHref(request.carrierWebsite)}
                        target="_blank"
                        rel="noreferrer noopener"
                        underline="always"
                      >
                        {request.carrierWebsite}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {request.name}
                      <Text size="xs">{request.email}</Text>
                    </Table.Td>
                    <Table.Td>{request.agencyName ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>
                      {request.additionalInfo || '—'}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={request.status === 'forwarded' ? 400 : 700}>
                        {statusLabels[request.status]}
                      </Text>
                    </Table.Td>
                    <Table.Td>{request.forwardedTo ?? '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

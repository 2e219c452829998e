import { Loader, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAIL_OUTBOX_LIMIT, mailOutboxResponseSchema, type MailTransport } from '#shared/contracts/mail.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { AdminNav, formatMoment } from './admin-nav.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** GET /api/mail/outbox: the latest e-mails the product sent, newest first. */
const mailOutboxQuery = queryOptions({
  queryKey: ['admin', 'mail-outbox'],
  queryFn: ({ signal }) => apiRequest('/api/mail/outbox', mailOutboxResponseSchema, { signal }),
});

const transportLabels: Record<MailTransport, string> = {
  smtp: 'Sent (SMTP)',
  outbox: 'Outbox only',
};

/**
 * /admin/mail-outbox (internal staff): the e-mails the product sent. Without SMTP configured this
 * is where they can be read.
 */
export function MailOutboxPage() {
  const outbox = useQuery(mailOutboxQuery);

  return (
    <Stack maw={1400} gap="lg">
      <div>
        <Title order={1}>Mail outbox</Title>
        <Text c="dimmed">
          The latest {MAIL_OUTBOX_LIMIT} e-mails, newest first. &ldquo;Outbox only&rdquo; messages were not
          sent because no mail server is configured.
        </Text>
      </div>
      <AdminNav />
      {outbox.isPending && <Loader size="sm" role="status" aria-label="Loading the outbox" />}
      <ApiErrorAlert error={outbox.error} title="Could not load the outbox" />
      {outbox.data && outbox.data.messages.length === 0 && <Text role="status">No e-mails yet.</Text>}
      {outbox.data && outbox.data.messages.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="xs" striped>
            <Table.Caption>{outbox.data.messages.length} e-mails</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Sent</Table.Th>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col">From</Table.Th>
                <Table.Th scope="col">Subject</Table.Th>
                <Table.Th scope="col">Message</Table.Th>
                <Table.Th scope="col">Delivery</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.data.messages.map((message) => (
                <Table.Tr key={message.uuid}>
                  <Table.Td>{formatMoment(message.createdAt)}</Table.Td>
                  <Table.Td>{message.toAddress}</Table.Td>
                  <Table.Td>{message.fromAddress}</Table.Td>
                  <Table.Td>{message.subject}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>{message.text}</Table.Td>
                  <Table.Td>{transportLabels[message.transport]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ACCESS_REQUEST_MESSAGE_MAX } from '#shared/contracts/reports.ts';
import type { ReportDescriptor } from '#shared/domain/reports.ts';
import { DialogFrame, DialogHeader } from '#client/components/dialog.tsx';
import { sendAccessRequest } from './reports-api.ts';

export const REQUEST_SENT_TEXT =
  'Thank you. Your request has reached our support team, who will be in touch by e-mail.';
export const REQUEST_FAILED_TEXT =
  'Your request could not be sent. Please try again, or contact support if this persists.';

/** The access request dialog of RequestAccess (request-access.tsx), loaded on its first opening. */
export function RequestAccessDialog({
  report,
  opened,
  onClose,
}: {
  report: ReportDescriptor;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <DialogFrame opened={opened} onClose={onClose}>
      {opened && <RequestAccessForm report={report} onClose={onClose} />}
    </DialogFrame>
  );
}

function RequestAccessForm({ report, onClose }: { report: ReportDescriptor; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const send = useMutation({ mutationFn: () => sendAccessRequest(report.key, { message }) });
  const tooLong = message.length > ACCESS_REQUEST_MESSAGE_MAX;
  const title = `Request ${report.label}`;

  if (send.isIdle) {
    return (
      <>
        <DialogHeader title={title} />
        <Modal.Body>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!tooLong) send.mutate();
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                Our support team will contact you about adding {report.label} to your subscription.
              </Text>
              <Textarea
                label="Message (optional)"
                rows={4}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                description={`${message.length}/${ACCESS_REQUEST_MESSAGE_MAX}`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={
                  tooLong ? `Keep the message under ${ACCESS_REQUEST_MESSAGE_MAX} characters.` : undefined
                }
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={tooLong}>
                  Send request
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </>
    );
  }
  const failed = send.isError || send.data?.error === true;
  return (
    <>
      <DialogHeader title={title} closable={!send.isPending} />
      <Modal.Body>
        {send.isPending ? (
          <Group gap="sm" role="status" py="md">
            <Loader size="sm" aria-hidden="true" />
            <Text>Sending your request...</Text>
          </Group>
        ) : (
          <Stack gap="md" py="sm">
            {failed ? (
              <Text role="alert" c="red.8">
                {REQUEST_FAILED_TEXT}
              </Text>
            ) : (
              <Text role="status">{REQUEST_SENT_TEXT}</Text>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose} data-autofocus>
                Dismiss
              </Button>
            </Group>
          </Stack>
        )}
      </Modal.Body>
    </>
  );
}

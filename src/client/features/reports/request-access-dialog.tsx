import { Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ACCESS_REQUEST_MESSAGE_MAX, reportAccessRequestSchema } from '#shared/contracts/reports.ts';
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
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof reportAccessRequestSchema>, unknown, z.output<typeof reportAccessRequestSchema>>(
    {
      resolver: zodResolver(reportAccessRequestSchema),
      defaultValues: { message: '' },
      mode: 'onChange',
    },
  );
  const message = useWatch({ control, name: 'message' }) ?? '';
  const send = useMutation({
    mutationFn: (values: z.output<typeof reportAccessRequestSchema>) => sendAccessRequest(report.key, values),
  });
  const tooLong = errors.message !== undefined;
  const title = `Request ${report.label}`;

  if (send.isIdle) {
    return (
      <>
        <DialogHeader title={title} />
        <Modal.Body>
          <form noValidate onSubmit={(event) => void handleSubmit((values) => send.mutate(values))(event)}>
            <Stack gap="sm">
              <Text size="sm">
                Our support team will contact you about adding {report.label} to your subscription.
              </Text>
              <Textarea
                label="Message (optional)"
                rows={4}
                {...register('message')}
                description={`${message.length}/${ACCESS_REQUEST_MESSAGE_MAX}`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={errors.message?.message}
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

import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { emailAddressSchema, filterAlpha, personNameSchema } from '#shared/contracts/account-fields.ts';
import { invitationResponseSchema, type InvitationResponse } from '#shared/contracts/registration.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { DialogFrame, DialogHeader } from '#client/components/dialog.tsx';

const inviteFormSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  emailAddress: emailAddressSchema,
  willInviteeBePrimaryUser: z.boolean(),
});
type InviteForm = z.infer<typeof inviteFormSchema>;
const formFields: readonly string[] = Object.keys(inviteFormSchema.shape);

/** Names keep letters only as they are typed (the shared alpha rule). */
function lettersOnly(field: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event: { target: HTMLInputElement }) => {
      const kept = filterAlpha(event.target.value);
      if (kept !== event.target.value) event.target.value = kept;
      return field.onChange(event);
    },
  };
}

/**
 * Invite user: first and last name, e-mail, and whether the invitee becomes the subscriber's
 * primary user. The server sends the registration link; on success the dialog closes and the page
 * names the address.
 */
export function InviteUserDialog({
  opened,
  agencyUuid,
  agencyName,
  onClose,
  onInvited,
}: {
  opened: boolean;
  agencyUuid: string;
  agencyName: string;
  onClose: () => void;
  onInvited: (invitation: InvitationResponse) => void;
}) {
  return (
    <DialogFrame opened={opened} onClose={onClose} size="lg">
      <DialogHeader title="Invite user" />
      <Modal.Body>
        <InviteUserForm
          agencyUuid={agencyUuid}
          agencyName={agencyName}
          onCancel={onClose}
          onInvited={onInvited}
        />
      </Modal.Body>
    </DialogFrame>
  );
}

/** Mounted while the dialog is open, so each opening starts with an empty form. */
function InviteUserForm({
  agencyUuid,
  agencyName,
  onCancel,
  onInvited,
}: {
  agencyUuid: string;
  agencyName: string;
  onCancel: () => void;
  onInvited: (invitation: InvitationResponse) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteForm>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { firstName: '', lastName: '', emailAddress: '', willInviteeBePrimaryUser: false },
    mode: 'onTouched',
  });
  const invite = useMutation({
    mutationFn: (form: InviteForm) =>
      apiRequest('/api/invitations', invitationResponseSchema, {
        method: 'POST',
        body: { ...form, agencyUuid },
      }),
    onMutate: () => setFailure(null),
    onSuccess: onInvited,
    onError: (error) => {
      setFailure(error.message);
      const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
      for (const [field, message] of Object.entries(fields)) {
        if (formFields.includes(field)) setError(field as keyof InviteForm, { type: 'server', message });
      }
    },
  });
  const onSubmit = handleSubmit((form) => invite.mutate(form));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Invite user">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="The invitation was not sent">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            data-autofocus
            error={errors.firstName?.message}
            {...lettersOnly(register('firstName'))}
          />
          <TextInput
            label="Last name"
            required
            error={errors.lastName?.message}
            {...lettersOnly(register('lastName'))}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          error={errors.emailAddress?.message}
          {...register('emailAddress')}
        />
        <Checkbox
          label={`Make the invitee the primary user of ${agencyName}'s subscription`}
          description="The primary user manages the subscription."
          {...register('willInviteeBePrimaryUser')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

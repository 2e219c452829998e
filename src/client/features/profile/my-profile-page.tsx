import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Control } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { filterAlpha, filterPostalCode } from '#shared/contracts/account-fields.ts';
import { PROFILE_UPDATED, RESET_EMAIL_SENT, type Profile } from '#shared/contracts/profile.ts';
import { myProfilePath } from '#shared/domain/navigation.ts';
import { currentUserQuery, useCurrentUser } from '#client/app/current-user.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { DigestSection } from './digest-section.tsx';
import { profileQuery, requestOwnPasswordReset, updateProfile } from './profile-api.ts';
import {
  formFieldOf,
  formValuesOf,
  mobileInput,
  profileFormSchema,
  profileUpdateOf,
  type ProfileField,
} from './profile-form.ts';

type FormInput = z.input<typeof profileFormSchema>;
type FormOutput = z.output<typeof profileFormSchema>;
type Notice = { kind: 'success' | 'error'; text: string } | null;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** /my-profile without an id (e.g. from the help page): the signed-in user's own profile. */
export function MyProfileRedirect() {
  return <Navigate to={myProfilePath(useCurrentUser().id)} replace />;
}

/**
 * My profile (/my-profile/:id, spec part 2 §2 and §5 "Profile"): the user's names, address and US
 * mobile with the registration rules, the e-mail read-only, Update and Reset password. The server
 * answers only the user's own profile; any other id shows its refusal.
 */
export function MyProfilePage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const profile = useQuery(profileQuery(id));
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        My Profile
      </Title>
      {profile.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading your profile" />
        </Center>
      ) : profile.error ? (
        <Alert color="red" variant="light" role="alert" title="This profile cannot be shown">
          <Stack gap="xs" align="flex-start">
            {messageOf(profile.error)}
            {id !== user.id && (
              <Anchor component={Link} to={myProfilePath(user.id)}>
                Open your own profile
              </Anchor>
            )}
          </Stack>
        </Alert>
      ) : (
        <>
          <ProfileForm key={profile.data.profile.userUuid} profile={profile.data.profile} />
          <DigestSection />
        </>
      )}
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [saveNotice, setSaveNotice] = useState<Notice>(null);
  const [resetNotice, setResetNotice] = useState<Notice>(null);
  const { control, handleSubmit, reset, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValuesOf(profile),
    mode: 'onTouched',
  });

  const save = useMutation({
    mutationFn: (values: FormOutput) => updateProfile(profileUpdateOf(profile.userUuid, values)),
    onMutate: () => setSaveNotice(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileQuery(profile.userUuid).queryKey, saved);
      reset(formValuesOf(saved.profile));
      setSaveNotice({ kind: 'success', text: PROFILE_UPDATED });
      // The header shows the user's name.
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
    onError: (error) => {
      // What was typed stays; the server's message shows, and each field message where it belongs.
      setSaveNotice({ kind: 'error', text: messageOf(error) });
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      for (const [apiField, message] of Object.entries(fields ?? {})) {
        const field = formFieldOf(apiField);
        if (field) setError(field, { type: 'server', message });
      }
    },
  });

  const resetPassword = useMutation({
    mutationFn: requestOwnPasswordReset,
    onMutate: () => setResetNotice(null),
    onSuccess: () => setResetNotice({ kind: 'success', text: RESET_EMAIL_SENT }),
    onError: (error) => setResetNotice({ kind: 'error', text: messageOf(error) }),
  });

  const onSubmit = handleSubmit((values) => save.mutate(values));

  return (
    <Paper withBorder p="lg">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="My Profile">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field
              control={control}
              name="firstName"
              label="First name"
              required
              autoComplete="given-name"
              filter={filterAlpha}
            />
            <Field
              control={control}
              name="lastName"
              label="Last name"
              required
              autoComplete="family-name"
              filter={filterAlpha}
            />
          </SimpleGrid>
          <Field
            control={control}
            name="emailAddress"
            label="Email"
            required
            readOnly
            autoComplete="email"
            description="Your sign-in address. It cannot be changed here."
          />
          <Field control={control} name="addressLine1" label="Address line 1" autoComplete="address-line1" />
          <Field control={control} name="addressLine2" label="Address line 2" autoComplete="address-line2" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field
              control={control}
              name="city"
              label="City"
              autoComplete="address-level2"
              filter={filterAlpha}
            />
            <Field
              control={control}
              name="state"
              label="State"
              autoComplete="address-level1"
              filter={filterAlpha}
            />
            <Field
              control={control}
              name="postalCode"
              label="Postal code"
              autoComplete="postal-code"
              filter={filterPostalCode}
            />
          </SimpleGrid>
          <Field
            control={control}
            name="mobile"
            label="Mobile"
            type="tel"
            autoComplete="tel"
            placeholder="+1 (555) 123-4567"
            description="A US number."
            filter={mobileInput}
          />
          <NoticeAlert notice={saveNotice} />
          <NoticeAlert notice={resetNotice} />
          <Group justify="space-between">
            <Button
              variant="default"
              loading={resetPassword.isPending}
              onClick={() => resetPassword.mutate()}
            >
              Reset password
            </Button>
            <Button type="submit" loading={save.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function NoticeAlert({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <Alert
      color={notice.kind === 'success' ? 'green' : 'red'}
      variant="light"
      role={notice.kind === 'success' ? 'status' : 'alert'}
    >
      {notice.text}
    </Alert>
  );
}

/** One labelled text field; `filter` rewrites what is typed (letters only, postal code, US mobile). */
function Field({
  control,
  name,
  filter,
  ...input
}: {
  control: Control<FormInput, unknown, FormOutput>;
  name: ProfileField;
  label: string;
  filter?: (typed: string) => string;
  required?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  description?: string;
  placeholder?: string;
  type?: 'tel';
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(event) =>
            field.onChange(filter ? filter(event.currentTarget.value) : event.currentTarget.value)
          }
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMfaSchema, type AdminMfa, type MfaStatus } from '#shared/contracts/mfa.ts';
import { LazyDialog } from '#client/components/lazy-dialog.tsx';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

type Options = Pick<
  AdminMfa,
  'enableMfaOptions' | 'allowAuthenticatorMFA' | 'allowEmailMFA' | 'allowOptOutMFA'
>;

const statusText: Record<MfaStatus, string> = {
  not_enrolled: 'Has not chosen a method',
  any: 'Authenticator app',
  email: 'E-mail codes',
  opt_out: 'Opted out',
};

const optionLabels: [keyof Options, string][] = [
  ['enableMfaOptions', 'MFA options enabled (asked to choose a method)'],
  ['allowAuthenticatorMFA', 'May use an authenticator app'],
  ['allowEmailMFA', 'May use e-mail codes'],
  ['allowOptOutMFA', 'May opt out'],
];

const mfaQuery = (userUuid: string) => ({
  queryKey: ['admin-user-mfa', userUuid],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(`/api/admin/users/${encodeURIComponent(userUuid)}/mfa`, adminMfaSchema, { signal }),
});

/**
 * Staff control a user's multi-factor sign-in: which methods they may choose, what they chose, and a
 * reset (after "Are you sure?") that makes them choose and set up again, e.g. after losing a phone.
 */
export function UserMfaSection({ userUuid, userName }: { userUuid: string; userName: string | null }) {
  const queryClient = useQueryClient();
  const mfa = useQuery(mfaQuery(userUuid));
  const [draft, setDraft] = useState<Options | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saved = (data: AdminMfa) => queryClient.setQueryData(mfaQuery(userUuid).queryKey, data);
  const save = useMutation({
    mutationFn: (options: Options) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(userUuid)}/mfa`, adminMfaSchema, {
        method: 'PUT',
        body: options,
      }),
    onSuccess: (data) => {
      saved(data);
      setDraft(null);
    },
  });
  const reset = useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/users/${encodeURIComponent(userUuid)}/mfa/reset`, adminMfaSchema, {
        method: 'POST',
      }),
    onSuccess: (data) => {
      saved(data);
      setConfirming(false);
    },
  });

  const who = userName ?? 'this user';
  const current = mfa.data;
  const options = draft ?? current;

  return (
    <Stack component="section" aria-labelledby="mfa-heading" gap="sm">
      <Title order={2} id="mfa-heading">
        Multi-factor sign-in
      </Title>
      <ApiErrorAlert error={mfa.error} title="Could not load the multi-factor sign-in" />
      {current && options && (
        <>
          <Text>
            Method: {statusText[current.status]}
            {current.status === 'any' &&
              (current.authenticatorConfirmed
                ? ` (set up; ${current.recoveryCodesLeft} recovery codes left)`
                : ' (set up at the next sign-in)')}
          </Text>
          <Stack gap="xs">
            {optionLabels.map(([key, label]) => (
              <Checkbox
                key={key}
                label={label}
                checked={options[key]}
                onChange={(event) => {
                  save.reset();
                  setDraft({ ...options, [key]: event.currentTarget.checked });
                }}
              />
            ))}
          </Stack>
          <ApiErrorAlert error={save.error} title="Could not save the options" />
          <Group gap="sm">
            <Button onClick={() => draft && save.mutate(draft)} disabled={!draft} loading={save.isPending}>
              Save MFA options
            </Button>
            <Button
              variant="default"
              onClick={() => {
                reset.reset();
                setConfirming(true);
              }}
              disabled={current.status === 'not_enrolled'}
            >
              Reset MFA
            </Button>
            <Text role="status">
              {save.isSuccess ? 'MFA options saved.' : reset.isSuccess ? `MFA reset for ${who}.` : ''}
            </Text>
          </Group>
        </>
      )}
      <LazyDialog opened={confirming} onClose={() => setConfirming(false)} title="Are you sure?">
        <Stack gap="md">
          <Text>
            This removes {who}&apos;s multi-factor method, authenticator app and recovery codes. They will
            choose a method again, and set up an authenticator app afresh.
          </Text>
          <ApiErrorAlert error={reset.error} title="Could not reset MFA" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={reset.isPending}>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => reset.mutate()} loading={reset.isPending}>
              Yes, reset MFA
            </Button>
          </Group>
        </Stack>
      </LazyDialog>
    </Stack>
  );
}

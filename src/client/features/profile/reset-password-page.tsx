import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { StandalonePage } from '#client/components/standalone-page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { resetPassword } from './profile-api.ts';
import { newPasswordSchema, type NewPasswordValues } from './profile-form.ts';

export const RESET_LINK_INVALID =
  'This link to reset your password does not work any more: it was already used, it has expired (a link works for one hour), or it is incomplete.';
export const PASSWORD_CHANGED =
  'Your password has been changed. You have been signed out everywhere, so sign in again with your new password.';

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return 'Too many attempts. Please wait a minute and try again.';
  return 'Your password could not be changed right now. Please try again in a moment.';
}

/**
 * /reset-password?token= (outside the shell): the page the reset e-mail links to. A new password
 * with the live checklist and the shared messages; the link works once, and a used, expired or
 * incomplete one says so and offers a new link.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'form' | 'changed' | 'invalid'>(token ? 'form' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });

  const change = useMutation({
    mutationFn: (newPassword: string) => resetPassword(token, newPassword),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      // Every session of the user has ended, this browser's too.
      queryClient.clear();
      setOutcome('changed');
    },
    onError: (error) => {
      // The form checked the character rules; the server also refuses a common password, on the
      // field. Any other refusal means the token is not (or no longer) valid.
      const refused = error instanceof ApiError ? error.body?.error.fields?.newPassword : undefined;
      if (refused) setError('password', { type: 'server', message: refused });
      else if (error instanceof ApiError && error.status === 400) setOutcome('invalid');
      else setFailure(failureOf(error));
    },
  });
  const onSubmit = handleSubmit(({ password: newPassword }) => change.mutate(newPassword));

  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Reset your password
      </Title>
      {outcome === 'changed' && (
        <Stack gap="sm" align="flex-start">
          <Alert color="green" variant="light" role="status" w="100%">
            {PASSWORD_CHANGED}
          </Alert>
          <Button component={Link} to="/auth/auth0">
            Go to sign in
          </Button>
        </Stack>
      )}
      {outcome === 'invalid' && (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="light" role="alert" title="This link cannot be used" w="100%">
            {RESET_LINK_INVALID}
          </Alert>
          <Button component={Link} to="/forgot-password">
            Ask for a new link
          </Button>
          <Anchor component={Link} to="/auth/auth0" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      )}
      {outcome === 'form' && (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset your password">
          <Stack>
            <Text size="sm">Choose a new password for your Understanding account.</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              autoFocus
              error={errors.password?.message}
              {...register('password', { deps: ['confirmPassword'] })}
            />
            <PasswordChecklist password={password} />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Stack>
        </form>
      )}
    </StandalonePage>
  );
}

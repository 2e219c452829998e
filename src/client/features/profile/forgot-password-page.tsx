import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { personFieldsSchema } from '#shared/contracts/account-fields.ts';
import { RESET_LINK_MINUTES } from '#shared/contracts/profile.ts';
import { StandalonePage } from '#client/components/standalone-page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { requestPasswordReset } from './profile-api.ts';

const forgotSchema = z.object({ email: personFieldsSchema.shape.emailAddress });
type ForgotValues = z.infer<typeof forgotSchema>;

/** The same answer for every address, so the page never tells whether an account exists. */
export const forgotConfirmation = (email: string) =>
  `If ${email} is the address of an Understanding account, we have sent it an email with a link to reset the password. The link works for ${RESET_LINK_MINUTES / 60} hour and only once.`;

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return 'Too many requests for a reset link. Please wait a minute and try again.';
  return 'The email could not be sent right now. Please try again in a moment.';
}

/**
 * /forgot-password (outside the shell, linked from sign-in): asks for a reset link by e-mail address.
 * The answer is always the same neutral confirmation; the e-mail goes only to a real account.
 */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_, email) => setSentTo(email),
  });
  const failure = send.error ? failureOf(send.error) : null;
  const onSubmit = handleSubmit(({ email }) => send.mutate(email));

  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Forgot your password?
      </Title>
      {sentTo ? (
        <Stack gap="sm" align="flex-start">
          <Alert color="green" variant="light" role="status" w="100%">
            {forgotConfirmation(sentTo)}
          </Alert>
          <Text size="sm">
            No email after a few minutes? Look in your spam or junk folder, or check the address and ask
            again.
          </Text>
          <Anchor component={Link} to="/auth/auth0">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Forgot your password?">
          <Stack>
            <Text size="sm">
              Enter the email address you sign in with and we will send you a link to choose a new password.
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" loading={send.isPending}>
              Send me a reset link
            </Button>
            <Anchor component={Link} to="/auth/auth0" size="sm">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </StandalonePage>
  );
}

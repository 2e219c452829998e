import { useState, type ReactNode } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { mfaChallengeSchema, type MfaChallenge } from '#shared/contracts/mfa.ts';
import { ApiError, apiRequest, apiSend } from '#client/lib/api-client.ts';
import { takeReturnPath } from '#client/lib/return-path.ts';
import { resetSessionAlerts } from '#client/lib/session-alerts.ts';
import { SecondFactor } from './second-factor.tsx';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').email('Enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.'),
});
type SignInForm = z.infer<typeof signInSchema>;

function signInFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 400))
    return 'The email or password is incorrect.';
  if (error instanceof ApiError && error.status === 429)
    return 'Too many sign-in attempts. Please wait a minute and try again.';
  // 403: the account may not sign in; 423: locked for a while after repeated wrong passwords.
  if (error instanceof ApiError && (error.status === 403 || error.status === 423)) return error.message;
  return 'Sign-in is not available right now. Please try again in a moment.';
}

/**
 * The sign-in entry (/auth/auth0): e-mail and password, then the second factor when the user enrolled
 * one (services/mfa), then back to where the user was going.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [secondStep, setSecondStep] = useState<Exclude<MfaChallenge, { step: 'none' }> | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SignInForm>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const enterApp = async () => {
    queryClient.clear();
    resetSessionAlerts();
    const to = takeReturnPath();
    // The shell's data and the landing report start now, side by side (decision 056).
    void import('#client/app/shell-prefetch.ts').then(({ prefetchShell }) =>
      prefetchShell(queryClient, new URL(to, window.location.origin)),
    );
    await navigate(to, { replace: true });
  };

  const signIn = useMutation({
    mutationFn: async (values: SignInForm) => {
      await apiSend('/api/auth/sign-in/email', { method: 'POST', body: values });
      return apiRequest('/api/mfa/challenge', mfaChallengeSchema);
    },
    // Still signing in (the button busy) until the app's page has opened.
    onSuccess: async (challenge) => {
      if (challenge.step === 'none') await enterApp();
      else setSecondStep(challenge);
    },
  });
  const failure = signIn.error ? signInFailure(signIn.error) : null;
  const onSubmit = handleSubmit((values) => signIn.mutate(values));

  if (secondStep) {
    return (
      <SignInFrame>
        <SecondFactor
          challenge={secondStep}
          onDone={() => void enterApp()}
          onCancel={() => {
            setSecondStep(null);
            signIn.reset();
            reset({ email: '', password: '' });
          }}
        />
      </SignInFrame>
    );
  }

  return (
    <SignInFrame>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Understanding
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to see your agency&apos;s production.
            </Text>
          </div>
          {failure && (
            <Alert color="red" role="alert" title="Sign-in failed">
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
          <Text
            component={Link}
            to="/forgot-password"
            size="sm"
            ta="center"
            c="understanding.8"
            td="underline"
          >
            Forgot your password?
          </Text>
        </Stack>
      </form>
    </SignInFrame>
  );
}

function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        {children}
      </Paper>
    </Center>
  );
}

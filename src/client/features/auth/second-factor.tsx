import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Image,
  List,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  EMAIL_CODE_MINUTES,
  MFA_CODE_DIGITS,
  mfaEmailCodeResponseSchema,
  mfaVerifyResponseSchema,
  type MfaChallenge,
} from '#shared/contracts/mfa.ts';
import { ApiError, apiRequest, apiSend } from '#client/lib/api-client.ts';

type Pending = Exclude<MfaChallenge, { step: 'none' }>;

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'We could not check the code right now. Please try again in a moment.';

/** A code from the app or the e-mail (its digits, spaces allowed), or a recovery code. */
const codeFormSchema = z
  .object({ recovery: z.boolean(), code: z.string() })
  .superRefine(({ recovery, code }, context) => {
    const digits = new RegExp(`^\\d{${MFA_CODE_DIGITS}}$`);
    if (recovery ? code.trim() !== '' : digits.test(code.replace(/\s/g, ''))) return;
    context.addIssue({
      code: 'custom',
      path: ['code'],
      message: recovery ? 'Enter one of your recovery codes.' : `Enter the ${MFA_CODE_DIGITS}-digit code.`,
    });
  });
type CodeForm = z.infer<typeof codeFormSchema>;

/** The secret in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The second sign-in step (spec part 1 §4 MFA): set up an authenticator app and confirm it
 * with a code (then the recovery codes, shown once), or enter the app's code, a recovery code, or the
 * code sent by e-mail. `onDone` continues into the app; `onCancel` signs out.
 */
export function SecondFactor({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: Pending;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { recovery: false, code: '' },
  });
  const useRecovery = useWatch({ control, name: 'recovery' });
  const emailRequested = useRef(false);

  // Both calls show their refusal in the one alert; each clears it when it starts.
  const emailCode = useMutation({
    mutationFn: (_announce: boolean) =>
      apiRequest('/api/mfa/email-code', mfaEmailCodeResponseSchema, { method: 'POST' }),
    onMutate: () => setFailure(null),
    onSuccess: (result, announce) => {
      if (!announce) return;
      setNotice(
        result.sent
          ? `A new code is on its way to ${result.emailHint}.`
          : 'A code was sent moments ago. Check your inbox, or ask again in a minute.',
      );
    },
    onError: (error) => setFailure(failureText(error)),
  });
  const verify = useMutation({
    mutationFn: ({ recovery, code }: CodeForm) =>
      apiRequest('/api/mfa/verify', mfaVerifyResponseSchema, {
        method: 'POST',
        body: recovery ? { recoveryCode: code.trim() } : { code: code.replace(/\s/g, '') },
      }),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
      else onDone();
    },
    onError: (error) => {
      setFailure(failureText(error));
      setValue('code', '');
    },
  });

  const requestEmailCode = emailCode.mutate;
  useEffect(() => {
    if (challenge.step !== 'email' || emailRequested.current) return;
    emailRequested.current = true;
    requestEmailCode(false);
  }, [challenge.step, requestEmailCode]);

  const onSubmit = handleSubmit((values) => verify.mutate(values));

  if (recoveryCodes) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Save your recovery codes
        </Title>
        <Text size="sm">
          Your authenticator app is set up. If you lose it, each of these codes signs you in once instead of a
          code from the app. Keep them somewhere safe: they are not shown again.
        </Text>
        <Code block aria-label="Recovery codes">
          {recoveryCodes.join('\n')}
        </Code>
        <Button onClick={onDone}>Continue</Button>
      </Stack>
    );
  }

  const heading = {
    'totp-setup': 'Set up your authenticator app',
    totp: 'Enter your authentication code',
    email: 'Check your email',
  }[challenge.step];

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {heading}
        </Title>
        {challenge.step === 'totp-setup' && (
          <>
            <List type="ordered" size="sm" spacing="xs">
              <List.Item>
                Open your authenticator app (such as Google Authenticator, Microsoft Authenticator or
                1Password) and add an account.
              </List.Item>
              <List.Item>Scan this QR code, or type the key below.</List.Item>
              <List.Item>Enter the 6-digit code the app shows for Understanding.</List.Item>
            </List>
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(challenge.qrCodeSvg)}`}
              alt="QR code to add Understanding to your authenticator app"
              w={200}
              h={200}
              mx="auto"
            />
            <div>
              <Text size="sm" fw={500} id="totp-key-label">
                Key
              </Text>
              <Code aria-labelledby="totp-key-label" data-testid="totp-secret" fz="md">
                {grouped(challenge.secret)}
              </Code>
            </div>
          </>
        )}
        {challenge.step === 'totp' && !useRecovery && (
          <Text size="sm">Open your authenticator app and enter the 6-digit code for Understanding.</Text>
        )}
        {challenge.step === 'totp' && useRecovery && (
          <Text size="sm">
            Enter one of the recovery codes you saved when you set up your app. Each works once.
          </Text>
        )}
        {challenge.step === 'email' && (
          <Text size="sm">
            We sent a 6-digit code to {challenge.emailHint}. It expires in {EMAIL_CODE_MINUTES} minutes.
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" title="Not signed in yet">
            {failure}
          </Alert>
        )}
        {notice && (
          <Alert color="blue" role="status">
            {notice}
          </Alert>
        )}
        <TextInput
          label={
            useRecovery
              ? 'Recovery code'
              : challenge.step === 'email'
                ? 'Sign-in code'
                : 'Authentication code'
          }
          {...register('code')}
          error={errors.code?.message}
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 40 : 7}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          {challenge.step === 'totp' && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setValue('recovery', !useRecovery);
                setValue('code', '');
                clearErrors('code');
              }}
            >
              {useRecovery ? 'Use a code from your app' : 'Use a recovery code instead'}
            </Anchor>
          )}
          {challenge.step === 'email' && (
            <Anchor component="button" type="button" size="sm" onClick={() => requestEmailCode(true)}>
              Send a new code
            </Anchor>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void apiSend('/api/auth/sign-out', { method: 'POST', body: {} }).finally(onCancel)}
          >
            Cancel sign-in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

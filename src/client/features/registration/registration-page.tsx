import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { filterAlpha, filterPostalCode, mobileInputValue } from '#shared/contracts/account-fields.ts';
import {
  ACCOUNT_CREATED,
  REGISTRATION_REASONS,
  registrationMetadataSchema,
  registrationPathOf,
  registrationResponseSchema,
  type RegistrationMetadata,
} from '#shared/contracts/registration.ts';
import { clientConfigQuery } from '#client/app/access.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { LazyDialog } from '#client/components/lazy-dialog.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { StandalonePage } from '#client/components/standalone-page.tsx';
import { UnableToProcessRequest } from '#client/components/unable-to-process.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import {
  formFieldOf,
  initialRegistrationForm,
  registrationFormSchema,
  toRegistrationRequest,
  type RegistrationFormValues,
} from './registration-form.ts';

const registrationMetadataQuery = (token: string) =>
  queryOptions({
    queryKey: ['register', 'meta-data', token],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/register/meta-data?${new URLSearchParams({ token }).toString()}`,
        registrationMetadataSchema,
        { signal },
      ),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

/**
 * The registration page (/register?token=..., spec part 2 §2 and §4): the invitation's metadata,
 * then the form, or 'Unable to process request' with the reason for a missing, unknown, used or
 * expired link. Outside the app shell: the invitee has no account yet.
 */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const metadata = useQuery(registrationMetadataQuery(token));
  const supportEmail = useQuery(clientConfigQuery).data?.supportEmail;

  if (token === '') {
    return (
      <StandalonePage>
        <UnableToProcessRequest reason={REGISTRATION_REASONS.missingToken} supportEmail={supportEmail} />
      </StandalonePage>
    );
  }
  if (metadata.isPending) return <PageLoader fullScreen label="Loading your invitation" />;
  if (metadata.isError) {
    return (
      <StandalonePage>
        <UnableToProcessRequest reason={metadata.error.message} supportEmail={supportEmail} />
      </StandalonePage>
    );
  }
  return (
    <StandalonePage>
      <RegistrationForm metadata={metadata.data} />
    </StandalonePage>
  );
}

/** Keeps what an input may hold as the user types (letters only, postal-code characters, US mobile). */
function filtered(field: UseFormRegisterReturn, filter: (value: string) => string): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event: { target: HTMLInputElement }) => {
      const kept = filter(event.target.value);
      if (kept !== event.target.value) event.target.value = kept;
      return field.onChange(event);
    },
  };
}

/** The US mobile as typed, formatted "+1 (555) 123-4567"; cleared when no digit is left. */
const mobileFilter = mobileInputValue;

function RegistrationForm({ metadata }: { metadata: RegistrationMetadata }) {
  const navigate = useNavigate();
  const termsUrl = useQuery(clientConfigQuery).data?.termsUrl;
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    trigger,
    getFieldState,
    setError,
    formState: { errors },
  } = useForm<RegistrationFormValues>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: initialRegistrationForm(metadata),
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });
  const acceptTerms = useWatch({ control, name: 'acceptTerms' });

  // A changed password re-checks a confirmation already typed ("Password doesn't match").
  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);

  const create = useMutation({
    mutationFn: (values: RegistrationFormValues) =>
      apiRequest(registrationPathOf(metadata), registrationResponseSchema, {
        method: 'POST',
        body: toRegistrationRequest(values, metadata),
      }),
    onMutate: () => setFailure(null),
    onError: (error) => {
      setFailure(error.message);
      const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
      for (const [serverField, message] of Object.entries(fields)) {
        const field = formFieldOf(serverField);
        if (field) setError(field, { type: 'server', message });
      }
    },
  });

  const onSubmit = handleSubmit((values) => create.mutate(values));
  const errorOf = (field: keyof RegistrationFormValues) => errors[field]?.message;

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="registration-title">
        <Stack gap="sm">
          <div>
            <Title order={1} size="h2" id="registration-title">
              Create your account
            </Title>
            <Text c="dimmed" size="sm">
              You have been invited to join {metadata.subscriberName} ({metadata.agencyNetworkName})
              {metadata.willInviteeBePrimaryUser ? ' as the primary user of its subscription' : ''}.
            </Text>
          </div>
          {failure && (
            <Alert color="red" role="alert" title="Your account was not created">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              error={errorOf('firstName')}
              {...filtered(register('firstName'), filterAlpha)}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              error={errorOf('lastName')}
              {...filtered(register('lastName'), filterAlpha)}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errorOf('emailAddress')}
            {...register('emailAddress')}
          />
          <TextInput
            label="Address line 1"
            autoComplete="address-line1"
            error={errorOf('addressLine1')}
            {...register('addressLine1')}
          />
          <TextInput
            label="Address line 2"
            autoComplete="address-line2"
            error={errorOf('addressLine2')}
            {...register('addressLine2')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label="City"
              autoComplete="address-level2"
              error={errorOf('city')}
              {...filtered(register('city'), filterAlpha)}
            />
            <TextInput
              label="State"
              autoComplete="address-level1"
              error={errorOf('state')}
              {...filtered(register('state'), filterAlpha)}
            />
            <TextInput
              label="Postal code"
              autoComplete="postal-code"
              inputMode="numeric"
              error={errorOf('postalCode')}
              {...filtered(register('postalCode'), filterPostalCode)}
            />
          </SimpleGrid>
          <TextInput
            label="Mobile"
            description="US numbers only"
            type="tel"
            autoComplete="tel"
            placeholder="+1 (555) 123-4567"
            error={errorOf('mobile')}
            {...filtered(register('mobile'), mobileFilter)}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            error={errorOf('password')}
            {...register('password')}
          />
          <PasswordChecklist password={password} id="password-rules" />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            error={errorOf('confirmPassword')}
            {...register('confirmPassword')}
          />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor href={termsUrl || '/terms'} target="_blank" rel="noopener noreferrer">
                  Terms &amp; Conditions
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
              </>
            }
            error={errorOf('acceptTerms')}
            {...register('acceptTerms', { onChange: () => void trigger('acceptTerms') })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!acceptTerms}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
      <LazyDialog
        opened={create.isSuccess}
        onClose={() => undefined}
        closable={false}
        title={ACCOUNT_CREATED}
        size="sm"
      >
        <Stack>
          <Text>Welcome to Understanding. You are signed in as {create.data?.emailAddress}.</Text>
          <Group justify="flex-end">
            <Button
              data-autofocus
              onClick={() => {
                queryClient.clear();
                void navigate('/production', { replace: true });
              }}
            >
              OK
            </Button>
          </Group>
        </Stack>
      </LazyDialog>
    </>
  );
}

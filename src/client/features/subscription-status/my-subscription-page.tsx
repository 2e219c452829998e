import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, Navigate, useParams } from 'react-router';
import { mySubscriptionPath } from '#shared/domain/navigation.ts';
import { agencyNameRequestSchema, type SubscriberResponse } from '#shared/contracts/subscription.ts';
import { currentUserQuery, useCurrentUser } from '#client/app/current-user.ts';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { openCustomerPortal, renameAgency, subscriberQuery } from './subscription-api.ts';

// The dialog loads the first time it opens (docs/first-load.md).
const ChangePrimaryUserDialog = lazy(async () => ({
  default: (await import('./change-primary-user-dialog.tsx')).ChangePrimaryUserDialog,
}));

/** `choose`: the answer means choosing a subscription again (e.g. the agency's customer is gone at Stripe). */
type Notice = { kind: 'success' | 'error'; text: string; choose?: boolean } | null;

const agencyNameSchema = agencyNameRequestSchema.pick({ displayName: true });
type AgencyNameValues = z.infer<typeof agencyNameSchema>;

/** The Agency Display Name form (primary user only): required, letters only, sent trimmed. */
function AgencyNameForm({
  subscriber,
  onSaved,
}: {
  subscriber: SubscriberResponse['subscriber'];
  onSaved: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AgencyNameValues>({
    resolver: zodResolver(agencyNameSchema),
    defaultValues: { displayName: subscriber.displayName },
  });
  const save = useMutation({
    mutationFn: ({ displayName }: AgencyNameValues) => renameAgency(subscriber.uuid, displayName.trim()),
    onSuccess: ({ name }) => {
      reset({ displayName: name });
      onSaved();
    },
    onError: (e) => setError('displayName', { message: e.message }),
  });
  return (
    <form onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)} noValidate>
      <Group align="flex-end">
        <TextInput
          label="Agency Display Name"
          {...register('displayName')}
          error={errors.displayName?.message}
          required
          w={360}
          maw="100%"
        />
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

/**
 * My subscription (/my-subscription/:agencyId, spec part 2 §2): Subscription Details with the Agency
 * Display Name form (primary user only), the plan with Manage (hidden when the subscriber is
 * bypassed), and the primary user with Change.
 */
/** /my-subscription: the user's own agency's page (spec part 1 §2 "my-subscription takes the agency id"). */
export function MySubscriptionRedirect() {
  const user = useCurrentUser();
  if (user.agency) return <Navigate to={mySubscriptionPath(user.agency.uuid)} replace />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Subscription
      </Title>
      <Alert color="yellow" variant="light" role="alert">
        A subscription belongs to an agency, and your account is not one of an agency&apos;s users.
      </Alert>
    </Stack>
  );
}

export function MySubscriptionPage() {
  const { agencyId = '' } = useParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const subscriberUuid = user.agency?.uuid === agencyId ? user.subscriberUuid : null;
  const details = useQuery({ ...subscriberQuery(subscriberUuid ?? ''), enabled: subscriberUuid !== null });
  const [notice, setNotice] = useState<Notice>(null);
  const [changing, setChanging] = useState(false);
  const changeLoaded = useOpenedOnce(changing);
  const manage = useMutation({
    mutationFn: () => openCustomerPortal(subscriberUuid!),
    onSuccess: ({ customerPortal }) => window.location.assign(customerPortal),
    onError: (e) =>
      setNotice({ kind: 'error', text: e.message, choose: e instanceof ApiError && e.status === 409 }),
  });
  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['subscription'] }),
    ]);
  };

  const heading = (
    <Title order={1} size="h2">
      My Subscription
    </Title>
  );
  if (subscriberUuid === null) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="yellow" variant="light" role="alert">
          This page shows the subscription of your own agency only.
        </Alert>
      </Stack>
    );
  }
  if (details.isPending) {
    return (
      <Stack gap="md">
        {heading}
        <Center py="xl">
          <Loader role="status" aria-label="Loading the subscription" />
        </Center>
      </Stack>
    );
  }
  if (details.error) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="red" variant="light" role="alert">
          {details.error.message}
        </Alert>
      </Stack>
    );
  }
  const { subscriber, subscription, adminUser } = details.data;
  const isPrimary = adminUser?.uuid === user.id;
  return (
    <Stack gap="md" maw={760}>
      {heading}
      {notice && (
        <Alert
          color={notice.kind === 'success' ? 'green' : 'red'}
          variant="light"
          role={notice.kind === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice.text}
          {notice.choose && (
            <>
              {' '}
              <Anchor component={Link} to="/subscriptions">
                Choose a subscription
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <Paper withBorder p="lg">
        <Stack gap="lg">
          <Title order={2} size="h3">
            Subscription Details
          </Title>
          {isPrimary ? (
            <AgencyNameForm
              key={subscriber.displayName}
              subscriber={subscriber}
              onSaved={() => {
                setNotice({ kind: 'success', text: 'The agency display name was saved.' });
                void reload();
              }}
            />
          ) : (
            <Stack gap={2}>
              <Text fw={600}>Agency Display Name</Text>
              <Text>{subscriber.displayName}</Text>
            </Stack>
          )}
          {!subscriber.bypassExternalSubscriber && (
            <Stack gap={4} component="section" aria-label="Plan">
              <Text fw={600}>Plan</Text>
              {subscription ? (
                <Group>
                  <Text>
                    {subscription.planName} ({subscription.status})
                  </Text>
                  {isPrimary && (
                    <Button variant="default" loading={manage.isPending} onClick={() => manage.mutate()}>
                      Manage
                    </Button>
                  )}
                </Group>
              ) : (
                <Text>
                  No plan yet.{' '}
                  <Anchor component={Link} to="/subscriptions">
                    Choose a subscription
                  </Anchor>
                </Text>
              )}
            </Stack>
          )}
          <Stack gap={4} component="section" aria-label="Primary user">
            <Text fw={600}>Primary User</Text>
            <Group>
              <Text>
                {adminUser
                  ? `${adminUser.firstName} ${adminUser.lastName} (${adminUser.emailAddress})`
                  : 'None'}
              </Text>
              {isPrimary && (
                <Button variant="default" onClick={() => setChanging(true)}>
                  Change
                </Button>
              )}
            </Group>
          </Stack>
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        {isPrimary && changeLoaded && (
          <ChangePrimaryUserDialog
            opened={changing}
            onClose={() => setChanging(false)}
            onChanged={(name) => {
              setChanging(false);
              setNotice({ kind: 'success', text: `${name} is now the primary user.` });
              void reload();
            }}
            subscriberUuid={subscriber.uuid}
            executorUuid={user.id}
            primaryUserUuid={adminUser?.uuid ?? null}
          />
        )}
      </Suspense>
    </Stack>
  );
}

import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { clientConfigQuery } from '#client/app/access.ts';
import { organisationName, useCurrentUser } from '#client/app/current-user.ts';
import { isInvalidUser, showsNotSubscribed } from '#client/app/session-rules.ts';
import { StandalonePage } from '#client/components/standalone-page.tsx';
import { ACTIVE_STATUS, CHECKOUT_ROLES_MESSAGE } from '#shared/domain/subscription.ts';
import { SubscriptionChoice } from './subscription-choice.tsx';

/**
 * /no-subscription (spec part 1 §2): the agency's subscription page when the first subscription is
 * not Active or the user does not bypass the external subscriber check; otherwise on to /production.
 * Users who cannot subscribe (no network, or an agency user without an agency) keep the
 * not-subscribed page with its logout link.
 */
export function NoSubscriptionPage() {
  const user = useCurrentUser();
  const supportEmail = useQuery(clientConfigQuery).data?.supportEmail;
  const invalid = isInvalidUser(user);
  // The gate sends invalid users here; sending them back would bounce between the two for ever.
  if (!showsNotSubscribed(user) && !invalid) return <Navigate to="/production" replace />;

  const status = user.subscriptions[0]?.status;
  const contact = supportEmail && (
    <Text>
      Questions? Contact us at <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
    </Text>
  );
  const logout = (
    <Button component={Link} to="/logout" variant="default" w="fit-content">
      Log Out
    </Button>
  );
  const canSubscribe = !invalid && user.userType === 'agency' && user.agency !== null;
  if (!canSubscribe) {
    return (
      <StandalonePage>
        <Title order={1} size="h2">
          Sorry, you are no longer subscribed...
        </Title>
        <Text>The reports of {organisationName(user)} are not available without an active subscription.</Text>
        {contact}
        {logout}
      </StandalonePage>
    );
  }
  // Who may start a checkout (decision 040); the server refuses everyone else.
  const mayCheckout = user.isAdmin || user.isPrimaryUserOfSubscriber;
  return (
    <Box component="main" p="xl" maw={1100} mx="auto">
      <Stack gap="lg">
        <Text fw={700} c="understanding.8">
          Understanding
        </Text>
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Title order={1} size="h2">
              Sorry, you are no longer subscribed...
            </Title>
            <Text>
              The reports of {organisationName(user)} are available again as soon as the agency subscribes.
            </Text>
            {status && status !== ACTIVE_STATUS && <Text>Subscription status: {status}</Text>}
            {!mayCheckout && <Text>{CHECKOUT_ROLES_MESSAGE}</Text>}
            {contact}
            <Group>{logout}</Group>
          </Stack>
        </Paper>
        {mayCheckout && (
          <>
            <Title order={2} size="h3">
              Choose a subscription
            </Title>
            <SubscriptionChoice headingLevel={3} />
          </>
        )}
      </Stack>
    </Box>
  );
}

import { Anchor, Button, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { clientConfigQuery } from '#client/app/access.ts';
import { organisationName, useCurrentUser } from '#client/app/current-user.ts';
import { isInvalidUser, showsNotSubscribed } from '#client/app/session-rules.ts';
import { StandalonePage } from '#client/components/standalone-page.tsx';

/**
 * /no-subscription (spec part 1 §2): the not-subscribed page when the first subscription is not
 * Active or the user does not bypass the external subscriber check; otherwise on to /production.
 */
export function NoSubscriptionPage() {
  const user = useCurrentUser();
  const supportEmail = useQuery(clientConfigQuery).data?.supportEmail;
  // The gate sends invalid users here; sending them back would bounce between the two for ever.
  if (!showsNotSubscribed(user) && !isInvalidUser(user)) return <Navigate to="/production" replace />;

  const status = user.subscriptions[0]?.status;
  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Sorry, you are no longer subscribed...
      </Title>
      <Text>The reports of {organisationName(user)} are not available without an active subscription.</Text>
      {status && status !== 'Active' && <Text>Subscription status: {status}</Text>}
      {supportEmail && (
        <Text>
          To renew, contact us at <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
        </Text>
      )}
      <Button component={Link} to="/logout" variant="default" w="fit-content">
        Log Out
      </Button>
    </StandalonePage>
  );
}

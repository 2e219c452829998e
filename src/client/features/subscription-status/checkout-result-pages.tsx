import { useEffect } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { currentUserQuery } from '#client/app/current-user.ts';
import { StandalonePage } from '#client/components/standalone-page.tsx';

/** /success: the return from a completed checkout; the user is read again for the new status. */
export function CheckoutSuccessPage() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  }, [queryClient]);
  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Success!
      </Title>
      <Text>Thank you. Your subscription has been received.</Text>
      <Anchor href="/">Continue to Understanding</Anchor>
    </StandalonePage>
  );
}

/** A path of this site to go back to (never another site's address). */
function sitePath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** /cancel: the return from an abandoned checkout, with a way back to where it started. */
export function CheckoutCancelPage() {
  const [params] = useSearchParams();
  const back = sitePath(params.get('returnTo'));
  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Transaction canceled
      </Title>
      <Text>No payment was taken.</Text>
      {back === '/' ? (
        <Anchor href="/">Return to Understanding</Anchor>
      ) : (
        <Anchor component={Link} to={back}>
          Go back to choose a subscription
        </Anchor>
      )}
    </StandalonePage>
  );
}

import { useEffect } from 'react';
import { Alert, Anchor, Loader, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DIGEST_BAD_LINK } from '#shared/contracts/digest.ts';
import { StandalonePage } from '#client/components/standalone-page.tsx';
import { unsubscribeFromDigest } from './profile-api.ts';

/**
 * /digest/unsubscribe?token=: the monthly digest e-mail's link. No sign-in: the signed token names
 * the user, and opening the page turns their digest off and says so; a forged or altered link is
 * refused.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({ mutationFn: unsubscribeFromDigest });
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Monthly digest
      </Title>
      {!token || unsubscribe.isError ? (
        <Alert color="red" variant="light" role="alert" title="This link cannot be used">
          {unsubscribe.error?.message ?? DIGEST_BAD_LINK}
        </Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {unsubscribe.data.message}
        </Alert>
      ) : (
        <Loader size="sm" role="status" aria-label="Unsubscribing" />
      )}
      <Text size="sm">
        You can turn the digest on again on My profile.{' '}
        <Anchor component={Link} to="/" underline="always">
          Open Understanding
        </Anchor>
      </Text>
    </StandalonePage>
  );
}

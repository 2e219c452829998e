import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Any path the product does not have. */
export function NotFoundPage() {
  return (
    <Stack maw={640} gap="sm">
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <Anchor component={Link} to="/">
        Return to Understanding
      </Anchor>
    </Stack>
  );
}

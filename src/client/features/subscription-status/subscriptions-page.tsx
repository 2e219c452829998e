import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SubscriptionChoice } from './subscription-choice.tsx';

/** /subscriptions (spec part 2 §2 "Subscription choice page"): 'Choose a subscription'. */
export function SubscriptionsPage() {
  return (
    <Box component="main" p="xl" maw={1100} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between">
          <Text fw={700} c="understanding.8">
            Understanding
          </Text>
          <Anchor component={Link} to="/">
            Return to Understanding
          </Anchor>
        </Group>
        <Title order={1} size="h2">
          Choose a subscription
        </Title>
        <SubscriptionChoice />
      </Stack>
    </Box>
  );
}

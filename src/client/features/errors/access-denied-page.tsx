import { Stack, Text, Title } from '@mantine/core';

export const ACCESS_DENIED_MESSAGE =
  'You do not have access to this feature. Please select an option from the menu on the left.';

/** A screen the user may not use (spec part 1 §2 generic pages). */
export function AccessDeniedPage() {
  return (
    <Stack maw={640} gap="sm">
      <Title order={1}>Access denied</Title>
      <Text>{ACCESS_DENIED_MESSAGE}</Text>
    </Stack>
  );
}

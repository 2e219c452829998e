import { Anchor, Stack, Text, Title } from '@mantine/core';

/** Shown when the shell cannot work out what the user may see (spec part 1 §2 generic pages). */
export function SomethingWentWrongPage() {
  return (
    <Stack maw={640} gap="sm">
      <Title order={1}>Something went wrong.</Title>
      <Text>
        We are sorry: this page could not be loaded. Our team has been informed and is looking into it.
      </Text>
      <Anchor href="/">Return to Understanding</Anchor>
    </Stack>
  );
}

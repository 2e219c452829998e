import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text } from '@mantine/core';

/** A page outside the shell (no sidebar): the product's name above one card of content. */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={560} maw="100%">
        <Stack>
          <Text fw={700} c="understanding.8">
            Understanding
          </Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

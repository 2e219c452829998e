import { useState } from 'react';
import {
  Button,
  CloseButton,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { whatsNewResponseSchema } from '#shared/contracts/whats-new.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { Icon } from '#client/components/icons.tsx';

const SEEN_KEY = 'understanding.whatsNewSeen';

/** Always stale: opening the widget asks the server again. */
export const whatsNewQuery = queryOptions({
  queryKey: ['whats-new'],
  queryFn: ({ signal }) => apiRequest('/api/whats-new', whatsNewResponseSchema, { signal }),
  staleTime: 0,
});

function readSeen(): string | null {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

function writeSeen(id: string): void {
  try {
    localStorage.setItem(SEEN_KEY, id);
  } catch {
    // Storage unavailable: the dot returns on the next visit.
  }
}

function WhatsNewEntries() {
  const { data, isPending, isError } = useQuery(whatsNewQuery);
  if (isPending) return <Loader size="sm" role="status" aria-label="Loading what's new" />;
  if (isError) return <Text size="sm">What&apos;s new could not be loaded. Please try again later.</Text>;
  if (data.entries.length === 0) return <Text size="sm">There is no news yet.</Text>;
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap="md" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.entries.map((entry) => (
          <li key={entry.id}>
            <Text size="xs" c="dimmed" component="time" dateTime={entry.publishedOn}>
              {entry.publishedOn}
            </Text>
            <Title order={3} size="h5">
              {entry.title}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {entry.body}
            </Text>
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The header's What's new button: a dot while the newest entry is unread, the entries on opening. */
export function WhatsNew() {
  const [opened, setOpened] = useState(false);
  const [seen, setSeen] = useState(readSeen);
  const { data } = useQuery(whatsNewQuery);
  const newest = data?.entries[0]?.id;
  const unread = newest !== undefined && newest !== seen;

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next && newest !== undefined) {
      writeSeen(newest);
      setSeen(newest);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="sm"
          leftSection={
            <Indicator disabled={!unread} size={9} offset={2} color="red">
              <Icon name="news" size={18} />
            </Indicator>
          }
          onClick={toggle}
        >
          What&apos;s new
          {unread && <VisuallyHidden> (unread news)</VisuallyHidden>}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="What's new">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Title order={2} size="h4">
            What&apos;s new
          </Title>
          <CloseButton aria-label="Close what's new" onClick={() => setOpened(false)} />
        </Group>
        <WhatsNewEntries />
      </Popover.Dropdown>
    </Popover>
  );
}

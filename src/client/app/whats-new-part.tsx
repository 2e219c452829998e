import { CloseButton, Group, Loader, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { WhatsNewButton, whatsNewQuery } from './whats-new-button.tsx';

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

/** The popover of What's new (whats-new.tsx draws its button until this part has loaded). */
export function WhatsNewPopover({
  opened,
  onChange,
  unread,
  onToggle,
  activation,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  unread: boolean;
  onToggle: () => void;
  activation: Activation;
}) {
  const target = useTakeOver<HTMLButtonElement>(activation);
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <WhatsNewButton ref={target} unread={unread} onClick={onToggle} />
      </Popover.Target>
      <Popover.Dropdown aria-label="What's new">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Title order={2} size="h4">
            What&apos;s new
          </Title>
          <CloseButton aria-label="Close what's new" onClick={() => onChange(false)} />
        </Group>
        <WhatsNewEntries />
      </Popover.Dropdown>
    </Popover>
  );
}

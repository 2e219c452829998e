import { Accordion, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from '#client/app/access.ts';
import { helpTopics } from './help-topics.tsx';

/** The support e-mail link of spec part 2 §2 "Help page", from GET /akpi-env. */
function SupportContact() {
  const { data, isPending, isError } = useQuery(clientConfigQuery);
  if (isPending) return <Loader size="sm" role="status" aria-label="Loading the support address" />;
  if (isError || !data.supportEmail) {
    return <Text>Still need help? The support address could not be loaded; please reload the page.</Text>;
  }
  return (
    <Text>
      Still need help? Contact us at{' '}
      <Anchor href={`mailto:${data.supportEmail}`} underline="always">
        {data.supportEmail}
      </Anchor>
    </Text>
  );
}

/** /helpDesk: collapsible help topics and how to reach support. */
export function HelpPage() {
  return (
    <Stack maw={860} gap="md">
      <div>
        <Title order={1}>Help</Title>
        <Text c="dimmed">Step-by-step answers to the questions agencies and networks ask most.</Text>
      </div>
      <Accordion multiple variant="separated" order={2}>
        {helpTopics.map((topic) => (
          <Accordion.Item key={topic.value} value={topic.value}>
            <Accordion.Control>{topic.title}</Accordion.Control>
            <Accordion.Panel>{topic.content}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Paper withBorder p="md">
        <SupportContact />
      </Paper>
    </Stack>
  );
}

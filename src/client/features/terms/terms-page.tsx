import { List, Stack, Text, Title } from '@mantine/core';
import { StandalonePage } from '#client/components/standalone-page.tsx';

/**
 * /terms: the Terms & Conditions registration asks to accept, when the server names no page of its
 * own (TERMS_URL, README). Outside the shell: the invitee has no account yet.
 */
export function TermsPage() {
  return (
    <StandalonePage>
      <Stack gap="sm">
        <Title order={1} size="h2">
          Terms &amp; Conditions
        </Title>
        <Text size="sm">
          These terms apply to everyone who uses Understanding on behalf of an agency, a network or the
          operator of this service. By creating an account you accept them.
        </Text>
        <List size="sm" spacing="xs">
          <List.Item>
            Your account is yours alone: keep your password and your second sign-in factor to yourself, and
            tell your administrator at once if you think someone else has used them.
          </List.Item>
          <List.Item>
            The production and commission figures you see belong to your agency or network and to the carriers
            that report them. Use them for your own business only, and share them only with people entitled to
            see them.
          </List.Item>
          <List.Item>
            Figures you enter or upload must be accurate to the best of your knowledge; you may correct or
            delete them at any time, and every change is recorded with your name.
          </List.Item>
          <List.Item>
            The service is provided as it is: it may be unavailable during maintenance, and the figures it
            shows are only as complete as what carriers and users have reported.
          </List.Item>
          <List.Item>
            Your administrator or the operator may suspend an account that breaks these terms. These terms may
            change; you will be told before a change applies to you.
          </List.Item>
        </List>
      </Stack>
    </StandalonePage>
  );
}

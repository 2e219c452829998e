import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MfaFactor } from '#shared/contracts/mfa.ts';
import type { User } from '#shared/contracts/user.ts';
import { useCurrentUser } from '#client/app/current-user.ts';
import { mfaStatusQuery } from '#client/app/mfa-status.ts';
import { apiSend } from '#client/lib/api-client.ts';

/** The methods offered, in order, with their buttons (spec part 1 §2 MFA setup screen). */
const choices: { factor: MfaFactor; label: string; allowed: (user: User) => boolean }[] = [
  { factor: 'any', label: 'Use Authenticator App', allowed: (u) => u.allowAuthenticatorMFA },
  { factor: 'email', label: 'Use Email', allowed: (u) => u.allowEmailMFA },
  { factor: 'opt_out', label: 'No Thanks', allowed: (u) => u.allowOptOutMFA },
];

/** What happens from the next sign-in, by the method chosen (spec part 1 §4 MFA). */
function nextSignIn(factor: MfaFactor, email: string): string {
  if (factor === 'any') {
    return 'From your next sign-in we will use Authenticator: the first time you will scan a QR code with your authenticator app, then you will enter its 6-digit code.';
  }
  if (factor === 'email') {
    return `From your next sign-in we will use Email: we will send a 6-digit code to ${email}.`;
  }
  return 'We will not ask again for a second step when you sign in.';
}

type Phase = { name: 'choose' } | { name: 'enrolling' } | { name: 'done'; factor: MfaFactor };

/**
 * /mfa/setup: the user chooses how to prove who they are at sign-in. With several methods allowed
 * they choose; with one (or none: opt out) they are enrolled at once. The thank-you screen shows
 * even when enrolment fails, and asks them to log out and back in.
 */
export function MfaSetupPage() {
  const user = useCurrentUser();
  const status = useQuery(mfaStatusQuery);
  const queryClient = useQueryClient();
  const offered = choices.filter((c) => c.allowed(user));
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const autoStarted = useRef(false);

  const choose = async (factor: MfaFactor) => {
    setPhase({ name: 'enrolling' });
    try {
      await apiSend('/api/mfa/enroll', { method: 'POST', body: { factor } });
      queryClient.setQueryData(mfaStatusQuery.queryKey, factor);
    } catch {
      // Spec part 1 §8: an enrolment failure still shows the thank-you screen.
    }
    setPhase({ name: 'done', factor });
  };

  const automatic = offered.length <= 1;
  useEffect(() => {
    if (!automatic || status.isPending || autoStarted.current) return;
    autoStarted.current = true;
    void choose(offered[0]?.factor ?? 'opt_out');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- enrols once, when the status is known
  }, [automatic, status.isPending]);

  let body;
  if (status.isPending) {
    body = <Waiting text="Loading MFA options..." />;
  } else if (phase.name === 'done') {
    body = (
      <Stack align="center" ta="center">
        <Title order={1} size="h2">
          Thank you!
        </Title>
        <Text>Please log out and sign in again to finish setting up your access.</Text>
        <Text>{nextSignIn(phase.factor, user.email)}</Text>
        <Button component={Link} to="/logout">
          Log Out
        </Button>
      </Stack>
    );
  } else if (automatic || phase.name === 'enrolling') {
    body = <Waiting text="Setting up your access..." />;
  } else {
    body = (
      <Stack>
        <Title order={1} size="h2">
          Secure your sign-in
        </Title>
        <Text>Choose how you will confirm it&apos;s you each time you sign in to Understanding.</Text>
        {offered.map((c) => (
          <Button
            key={c.factor}
            variant={c.factor === 'opt_out' ? 'default' : 'filled'}
            onClick={() => void choose(c.factor)}
          >
            {c.label}
          </Button>
        ))}
      </Stack>
    );
  }

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={460} maw="100%">
        {body}
      </Paper>
    </Center>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Stack align="center" role="status">
      <Loader aria-hidden />
      <Text>{text}</Text>
    </Stack>
  );
}

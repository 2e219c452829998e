import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '#client/components/dialog.tsx';
import { Link, useLocation } from 'react-router';
import { SERVER_ERROR_MESSAGE } from '#shared/contracts/errors.ts';
import { saveReturnPath } from '#client/lib/return-path.ts';
import { dismissServerError, resetSessionAlerts, useSessionAlerts } from '#client/lib/session-alerts.ts';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please refresh or click below to log in.';

/**
 * The session's modals (spec part 1 §4, §8): session expired after any 401, and the server-error
 * modal of `showServerError`. Loaded on demand by the frame when one is needed.
 */
export function SessionAlerts() {
  const { sessionExpired, tokenRevoked, serverError } = useSessionAlerts();
  const location = useLocation();

  const ignore = () => {};
  const serverMessage = serverError?.message.trim();

  return (
    <>
      <Dialog
        opened={sessionExpired && !tokenRevoked}
        onClose={ignore}
        title="Session expired"
        closable={false}
      >
        <Stack>
          <Text>{SESSION_EXPIRED_MESSAGE}</Text>
          <Group justify="flex-end">
            <Button
              component={Link}
              to="/auth/auth0"
              onClick={() => {
                saveReturnPath(location);
                resetSessionAlerts();
              }}
            >
              Go to login
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <Dialog
        opened={serverError !== null && !sessionExpired && !tokenRevoked}
        onClose={serverError?.hasContinue ? dismissServerError : ignore}
        title="Something went wrong"
        closable={serverError?.hasContinue ?? false}
      >
        <Stack>
          <Text>{SERVER_ERROR_MESSAGE}</Text>
          {serverMessage && serverMessage !== SERVER_ERROR_MESSAGE && <Text>{serverMessage}</Text>}
          <Group justify="flex-end">
            {serverError?.hasLogout && (
              <Button component={Link} to="/logout" variant="default" onClick={resetSessionAlerts}>
                Go to login
              </Button>
            )}
            {serverError?.hasContinue && <Button onClick={dismissServerError}>Continue</Button>}
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

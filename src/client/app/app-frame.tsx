import { lazy, Suspense, useEffect } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '#client/lib/api-client.ts';
import { saveReturnPath } from '#client/lib/return-path.ts';
import { resetSessionAlerts, useSessionAlerts } from '#client/lib/session-alerts.ts';
import { PageLoader } from '#client/components/page-loader.tsx';
import { currentUserQuery } from './current-user.ts';
import { hasChosenMfa, mfaStatusQuery } from './mfa-status.ts';
import { MFA_SETUP_PATH, needsMfaSetup } from './session-rules.ts';

/** The splash text for a failed user lookup (spec part 1 §8): quotes removed, then '. Please contact support.' */
export function userLookupFailure(message: string): string {
  return `${message.replaceAll('"', '').trim().replace(/\.+$/, '')}. Please contact support.`;
}

const SessionAlerts = lazy(async () => ({ default: (await import('./session-alerts.tsx')).SessionAlerts }));

/**
 * After the first load, a 401 on any API call opens the session-expired modal, and one that says the
 * session was revoked signs the user out (spec part 1 §4).
 */
function SessionWatch() {
  const alerts = useSessionAlerts();
  const navigate = useNavigate();

  useEffect(() => {
    if (!alerts.tokenRevoked) return;
    resetSessionAlerts();
    void navigate('/logout', { replace: true });
  }, [alerts.tokenRevoked, navigate]);

  if (!alerts.sessionExpired && !alerts.serverError) return null;
  return (
    <Suspense fallback={null}>
      <SessionAlerts />
    </Suspense>
  );
}

/**
 * The signed-in frame: loads the user. Without a session the current path is saved and the browser
 * goes to sign-in (/auth/auth0), or to /logout when the session was revoked; any other failure
 * shows a full-screen splash. A user with MFA options who has not chosen a method goes to /mfa/setup. Below it the
 * session modals watch every later API call.
 */
export function AppFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const { data, error, refetch, isFetching } = useQuery(currentUserQuery);
  const mfaOptions = data ? needsMfaSetup(data.user) : false;
  const mfa = useQuery({ ...mfaStatusQuery, enabled: mfaOptions });
  const signedOut = !data && error instanceof ApiError && error.status === 401;
  const revoked = signedOut && error.body?.refreshTokenRevoked === true;

  useEffect(() => {
    if (!signedOut) return;
    if (revoked) {
      void navigate('/logout', { replace: true });
      return;
    }
    // Calls that failed before sign-in (route loaders) must not greet the new session with a modal.
    resetSessionAlerts();
    saveReturnPath(location);
    void navigate('/auth/auth0', { replace: true });
  }, [signedOut, revoked, location, navigate]);

  if (!data && error && !signedOut) {
    return (
      <Center component="main" h="100vh" p="md">
        <Stack align="center" role="alert">
          <Title order={1} size="h3">
            We could not load your account
          </Title>
          <Text>{userLookupFailure(error.message)}</Text>
          {/* No dead end: try again, or sign out and start afresh. */}
          <Group>
            <Button onClick={() => void refetch()} loading={isFetching}>
              Try again
            </Button>
            <Button component={Link} to="/logout" variant="default">
              Log out
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  if (!data) return <PageLoader fullScreen />;
  if (mfaOptions && location.pathname !== MFA_SETUP_PATH) {
    if (mfa.isPending) return <PageLoader fullScreen />;
    if (!hasChosenMfa(mfa.data ?? 'unknown')) return <Navigate to={MFA_SETUP_PATH} replace />;
  }
  return (
    <>
      <Outlet />
      <SessionWatch />
    </>
  );
}

import { useEffect } from 'react';
import { Center, Loader, Text, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiSend } from '#client/lib/api-client.ts';

/** /logout: ends the session on the server, forgets cached data, and returns to sign-in. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        await apiSend('/api/auth/sign-out', { method: 'POST', body: {} });
      } catch {
        // Already signed out (or the session expired): there is nothing left to end.
      }
      if (cancelled) return;
      queryClient.clear();
      // What was kept for the session (collaboration mode, return path) ends with it.
      sessionStorage.clear();
      await navigate('/auth/auth0', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);

  return (
    <Center component="main" h="100vh">
      <Stack align="center">
        <Loader role="status" aria-label="Signing out" />
        <Text>Signing out…</Text>
      </Stack>
    </Center>
  );
}

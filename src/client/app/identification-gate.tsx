import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '#client/components/page-loader.tsx';
import { featureFlagsQuery } from './access.ts';
import { useCurrentUser } from './current-user.ts';
import { isInvalidUser } from './session-rules.ts';

/**
 * The subscriber gate (spec part 1 §4 Identification gate): an invalid user goes to
 * /no-subscription at once; otherwise a spinner shows until the user is identified to the feature
 * flags, then the content if the user bypasses the external subscriber check, else /no-subscription.
 * A failed identification is only logged and the spinner stays.
 */
export function IdentificationGate() {
  const user = useCurrentUser();
  const invalid = isInvalidUser(user);
  const identification = useQuery({ ...featureFlagsQuery, enabled: !invalid });

  useEffect(() => {
    if (identification.error) console.error('Feature flag identification failed', identification.error);
  }, [identification.error]);

  if (invalid) return <Navigate to="/no-subscription" replace />;
  if (identification.status !== 'success') return <PageLoader fullScreen />;
  if (!user.bypassExternalSubscriber) return <Navigate to="/no-subscription" replace />;
  return <Outlet />;
}

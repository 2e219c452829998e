import { Navigate } from 'react-router';
import { landingPath } from '#shared/domain/reports.ts';
import { SomethingWentWrongPage } from '#client/features/errors/something-went-wrong-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';

/**
 * '/' (spec part 1 §2 Route table): redirects by access. A page the user chose while access was
 * still loading wins over the redirect: the router moves at once (main.tsx, no transitions), which
 * leaves this route before access arrives.
 */
export function IndexRedirect() {
  const { features, featuresStatus } = useAccess();
  if (featuresStatus === 'pending') return <PageLoader />;
  if (featuresStatus === 'error') return <SomethingWentWrongPage />;
  return <Navigate to={landingPath(features)} replace />;
}

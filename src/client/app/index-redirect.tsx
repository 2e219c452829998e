import { Navigate, useNavigation } from 'react-router';
import { landingPath } from '#shared/domain/reports.ts';
import { SomethingWentWrongPage } from '#client/features/errors/something-went-wrong-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';

/**
 * '/' (spec part 1 §2 Route table): redirects by access. A page the user chose while access was
 * still loading (a sidebar link whose page is on its way) wins over the redirect.
 */
export function IndexRedirect() {
  const { features, featuresStatus } = useAccess();
  const navigation = useNavigation();
  if (featuresStatus === 'pending' || navigation.state !== 'idle') return <PageLoader />;
  if (featuresStatus === 'error') return <SomethingWentWrongPage />;
  return <Navigate to={landingPath(features)} replace />;
}

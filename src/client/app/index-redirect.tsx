import { Navigate } from 'react-router';
import { hasCarrierProduction } from '#shared/domain/access.ts';
import { SomethingWentWrongPage } from '#client/features/errors/something-went-wrong-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';

/**
 * Where '/' leads (spec part 1 §2 Route table): carrier production for users with it, else the
 * agency production teaser when that feature is on, else agency production.
 */
export function landingPath(features: Readonly<Record<string, boolean>>): string {
  if (hasCarrierProduction(features)) return '/production';
  if (features.pbiAgencyProductionTeaser === true) return '/agency-production-teaser';
  return '/agency-production';
}

export function IndexRedirect() {
  const { features, featuresStatus } = useAccess();
  if (featuresStatus === 'pending') return <PageLoader />;
  if (featuresStatus === 'error') return <SomethingWentWrongPage />;
  return <Navigate to={landingPath(features)} replace />;
}

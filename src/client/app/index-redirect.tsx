import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { landingPath } from '#shared/domain/reports.ts';
import { SomethingWentWrongPage } from '#client/features/errors/something-went-wrong-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';

/**
 * '/' (spec part 1 §2 Route table): redirects by access. A page the user chose while access was
 * still loading wins over the redirect: the router moves at once (main.tsx, no transitions), which
 * leaves this route before access arrives; and a link followed between access arriving and the
 * redirect (which runs after the page is drawn) has already moved the browser off '/', where the
 * redirect then stays its hand.
 */
export function IndexRedirect() {
  const { features, featuresStatus } = useAccess();
  const navigate = useNavigate();
  const landing = featuresStatus === 'success' ? landingPath(features) : null;
  useEffect(() => {
    if (landing !== null && window.location.pathname === '/') void navigate(landing, { replace: true });
  }, [landing, navigate]);
  if (featuresStatus === 'error') return <SomethingWentWrongPage />;
  return <PageLoader />;
}

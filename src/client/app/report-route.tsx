import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { isInternalUser } from '#shared/domain/navigation.ts';
import { REPORT_PATHS, resolveReportPath, type ReportAccess } from '#shared/domain/reports.ts';
import { AccessDeniedPage } from '#client/features/errors/access-denied-page.tsx';
import { RouteErrorBoundary } from '#client/features/errors/route-error-page.tsx';
import { SomethingWentWrongPage } from '#client/features/errors/something-went-wrong-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';
import { useCurrentUser } from './current-user.ts';

const CarrierProductionPage = lazy(async () => ({
  default: (await import('#client/features/production/carrier-production-page.tsx')).CarrierProductionPage,
}));
const ScorecardPage = lazy(async () => ({
  default: (await import('#client/features/scorecard/scorecard-page.tsx')).ScorecardPage,
}));
const TeaserPage = lazy(async () => ({
  default: (await import('#client/features/reports/teaser-page.tsx')).TeaserPage,
}));
const ReportEmbedPage = lazy(async () => ({
  default: (await import('#client/features/reports/report-embed-page.tsx')).ReportEmbedPage,
}));

/** The user's report access, or the status of the queries it waits for. */
export function useReportAccess(): { access: ReportAccess; status: 'pending' | 'error' | 'success' } {
  const user = useCurrentUser();
  const { features, featuresStatus, flags, flagsStatus } = useAccess();
  const statuses = [featuresStatus, flagsStatus];
  const status = statuses.includes('error') ? 'error' : statuses.includes('pending') ? 'pending' : 'success';
  return { access: { features, flags, isInternal: isInternalUser(user) }, status };
}

/**
 * One report path of the catalogues (spec part 1 §2): the first report there the user may open, else
 * the first one's fallback, else the access-denied page. Each view's code loads on demand.
 */
export function ReportRoute({ path }: { path: string }) {
  const { access, status } = useReportAccess();
  if (status === 'pending') return <PageLoader />;
  if (status === 'error') return <SomethingWentWrongPage />;
  const resolution = resolveReportPath(path, access);
  if (resolution.kind !== 'report') return <AccessDeniedPage />;
  const { report } = resolution;
  if (report.view === 'redirect') return <Navigate to={report.redirectTo ?? '/'} replace />;
  return (
    <Suspense fallback={<PageLoader />}>
      {report.view === 'carrier-production' && <CarrierProductionPage />}
      {report.view === 'scorecard' && <ScorecardPage />}
      {report.view === 'teaser' && <TeaserPage report={report} />}
      {report.view === 'embed' && <ReportEmbedPage report={report} access={access} />}
    </Suspense>
  );
}

/** A route for every report path of the catalogues, each with its own error page. */
export const reportRoutes: RouteObject[] = REPORT_PATHS.map((path) => ({
  path,
  element: (
    <RouteErrorBoundary>
      <ReportRoute key={path} path={path} />
    </RouteErrorBoundary>
  ),
}));

import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { hasCarrierProduction } from '#shared/domain/access.ts';
import { isInternalUser } from '#shared/domain/navigation.ts';
import { AccessDeniedPage } from '#client/features/errors/access-denied-page.tsx';
import { RouteErrorBoundary } from '#client/features/errors/route-error-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';
import { useCurrentUser } from './current-user.ts';

/** The guarded routes, with their own error page so a failing page stays behind its guard. */
function guarded(element: ReactNode, children: RouteObject[]): RouteObject {
  return {
    element,
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children,
      },
    ],
  };
}

/** Renders the routes below only for internal staff. */
export function RequireInternal() {
  return isInternalUser(useCurrentUser()) ? <Outlet /> : <AccessDeniedPage />;
}

/** `children` for internal staff; the access-denied screen for everyone else. */
export function requireInternal(children: RouteObject[]): RouteObject {
  return guarded(<RequireInternal />, children);
}

/** Renders the routes below only for users with the feature flag `flag` on (spec part 2 §2, §6). */
export function RequireFlag({ flag }: { flag: string }) {
  const { flags, flagsStatus } = useAccess();
  if (flagsStatus === 'pending') return <PageLoader />;
  return flags[flag] ? <Outlet /> : <AccessDeniedPage />;
}

/** `children` for users with the flag on; the access-denied screen for everyone else. */
export function requireFlag(flag: string, children: RouteObject[]): RouteObject {
  return guarded(<RequireFlag flag={flag} />, children);
}

/** Renders the routes below only for users with Carrier Production (the cpr feature; spec part 2 §6). */
export function RequireCarrierProduction() {
  const { features, featuresStatus } = useAccess();
  if (featuresStatus === 'pending') return <PageLoader />;
  return hasCarrierProduction(features) ? <Outlet /> : <AccessDeniedPage />;
}

/** `children` for users with Carrier Production; the access-denied screen for everyone else. */
export function requireCarrierProduction(children: RouteObject[]): RouteObject {
  return guarded(<RequireCarrierProduction />, children);
}

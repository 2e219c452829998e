import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { isInternalUser } from '#shared/domain/navigation.ts';
import { AccessDeniedPage } from '#client/features/errors/access-denied-page.tsx';
import { RouteErrorPage } from '#client/features/errors/route-error-page.tsx';
import { SomethingWentWrongPage } from '#client/features/errors/something-went-wrong-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { useAccess } from './access.ts';
import { useCurrentUser } from './current-user.ts';

/** The guarded routes, with their own error page so a failing page stays behind its guard. */
function guarded(element: ReactNode, children: RouteObject[]): RouteObject {
  return { element, children: [{ errorElement: <RouteErrorPage />, children }] };
}

/** Renders the routes below only for users with the product feature (camel-case flag, e.g. 'cpr'). */
export function RequireFeature({ feature }: { feature: string }) {
  const { features, featuresStatus } = useAccess();
  if (featuresStatus === 'pending') return <PageLoader />;
  if (featuresStatus === 'error') return <SomethingWentWrongPage />;
  return features[feature] === true ? <Outlet /> : <AccessDeniedPage />;
}

/** Renders the routes below only for internal staff. */
export function RequireInternal() {
  return isInternalUser(useCurrentUser()) ? <Outlet /> : <AccessDeniedPage />;
}

/** `children` for users with `feature`; the access-denied screen for everyone else. */
export function requireFeature(feature: string, children: RouteObject[]): RouteObject {
  return guarded(<RequireFeature feature={feature} />, children);
}

/** `children` for internal staff; the access-denied screen for everyone else. */
export function requireInternal(children: RouteObject[]): RouteObject {
  return guarded(<RequireInternal />, children);
}

import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { isInternalUser } from '#shared/domain/navigation.ts';
import { AccessDeniedPage } from '#client/features/errors/access-denied-page.tsx';
import { RouteErrorPage } from '#client/features/errors/route-error-page.tsx';
import { useCurrentUser } from './current-user.ts';

/** The guarded routes, with their own error page so a failing page stays behind its guard. */
function guarded(element: ReactNode, children: RouteObject[]): RouteObject {
  return { element, children: [{ errorElement: <RouteErrorPage />, children }] };
}

/** Renders the routes below only for internal staff. */
export function RequireInternal() {
  return isInternalUser(useCurrentUser()) ? <Outlet /> : <AccessDeniedPage />;
}

/** `children` for internal staff; the access-denied screen for everyone else. */
export function requireInternal(children: RouteObject[]): RouteObject {
  return guarded(<RequireInternal />, children);
}

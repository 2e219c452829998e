import { Center, Loader } from '@mantine/core';
import type { RouteObject } from 'react-router';
import { lazyPage } from '#client/components/lazy-page.tsx';

/** Shown inside the signed-in frame while an admin page's code and data load on the first visit. */
function AdminLoading() {
  return (
    <Center mih={200} aria-busy="true">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}

/**
 * The internal-staff admin pages, mounted by the shell inside the signed-in frame (which keeps
 * everyone else out; the server answers 403 to anyone but internal staff). Pages load on demand.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/access',
    element: lazyPage(
      async () => (await import('./admin-access-page.tsx')).AdminAccessPage,
      <AdminLoading />,
    ),
  },
  {
    path: 'admin/carrier-requests',
    element: lazyPage(
      async () => (await import('./carrier-requests-page.tsx')).CarrierRequestsPage,
      <AdminLoading />,
    ),
  },
  {
    path: 'admin/mail-outbox',
    element: lazyPage(async () => (await import('./mail-outbox-page.tsx')).MailOutboxPage, <AdminLoading />),
  },
  {
    path: 'admin/report-assignments',
    element: lazyPage(
      async () => (await import('./report-assignments-page.tsx')).ReportAssignmentsPage,
      <AdminLoading />,
    ),
  },
  {
    path: 'admin/subscribers',
    element: lazyPage(async () => (await import('./subscribers-page.tsx')).SubscribersPage, <AdminLoading />),
  },
  {
    path: 'admin/users/:userUuid',
    element: lazyPage(async () => (await import('./user-access-page.tsx')).UserAccessPage, <AdminLoading />),
  },
];

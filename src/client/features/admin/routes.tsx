import { Center, Loader } from '@mantine/core';
import type { RouteObject } from 'react-router';

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
    HydrateFallback: AdminLoading,
    lazy: async () => ({ Component: (await import('./admin-access-page.tsx')).AdminAccessPage }),
  },
  {
    path: 'admin/carrier-requests',
    HydrateFallback: AdminLoading,
    lazy: async () => ({ Component: (await import('./carrier-requests-page.tsx')).CarrierRequestsPage }),
  },
  {
    path: 'admin/mail-outbox',
    HydrateFallback: AdminLoading,
    lazy: async () => ({ Component: (await import('./mail-outbox-page.tsx')).MailOutboxPage }),
  },
  {
    path: 'admin/report-assignments',
    HydrateFallback: AdminLoading,
    lazy: async () => ({
      Component: (await import('./report-assignments-page.tsx')).ReportAssignmentsPage,
    }),
  },
  {
    path: 'admin/subscribers',
    HydrateFallback: AdminLoading,
    lazy: async () => ({ Component: (await import('./subscribers-page.tsx')).SubscribersPage }),
  },
  {
    path: 'admin/users/:userUuid',
    HydrateFallback: AdminLoading,
    lazy: async () => {
      const { UserAccessPage, userAccessLoader } = await import('./user-access-page.tsx');
      return { loader: userAccessLoader, Component: UserAccessPage };
    },
  },
];

import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { adminRoutes } from '#client/features/admin/routes.tsx';
import { RouteErrorBoundary } from '#client/features/errors/route-error-page.tsx';
import { helpRoutes } from '#client/features/help/routes.tsx';
import { lazyPage } from '#client/components/lazy-page.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { AppFrame } from './app-frame.tsx';
import { IdentificationGate } from './identification-gate.tsx';
import { IndexRedirect } from './index-redirect.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { reportRoutes } from './report-route.tsx';
import { FLAGS } from '#shared/contracts/access.ts';
import { requireCarrierProduction, requireFlag, requireInternal } from './require-access.tsx';

/** What a page outside the shell, or the shell itself, draws while its code loads. */
const FULL_SCREEN = <PageLoader fullScreen />;

/**
 * The route table (spec part 1 §2). Pages load on demand so the first paint only carries the shell.
 * A screen that is not built yet has no route: its path shows the not-found page.
 */
const routes: RouteObject[] = [
  {
    path: '/auth/auth0',
    element: lazyPage(
      async () => (await import('#client/features/auth/sign-in-page.tsx')).SignInPage,
      FULL_SCREEN,
    ),
  },
  {
    path: '/reset-password',
    element: lazyPage(
      async () => (await import('#client/features/profile/reset-password-page.tsx')).ResetPasswordPage,
      FULL_SCREEN,
    ),
  },
  {
    // The monthly digest e-mail's unsubscribe link: no sign-in, the signed token names the user.
    path: '/digest/unsubscribe',
    element: lazyPage(
      async () => (await import('#client/features/profile/unsubscribe-page.tsx')).UnsubscribePage,
      FULL_SCREEN,
    ),
  },
  {
    path: '/forgot-password',
    element: lazyPage(
      async () => (await import('#client/features/profile/forgot-password-page.tsx')).ForgotPasswordPage,
      FULL_SCREEN,
    ),
  },
  {
    // Registration by invitation (spec part 2 §2): no sign-in, outside the shell.
    path: '/register',
    element: lazyPage(
      async () => (await import('#client/features/registration/registration-page.tsx')).RegistrationPage,
      FULL_SCREEN,
    ),
  },
  {
    // The subscription choice (spec part 2 §2 "Subscription choice page (public)"): outside the shell.
    path: '/subscriptions',
    element: lazyPage(
      async () =>
        (await import('#client/features/subscription-status/subscriptions-page.tsx')).SubscriptionsPage,
      FULL_SCREEN,
    ),
  },
  {
    // The default Terms & Conditions (TERMS_URL names another page): public, outside the shell.
    path: '/terms',
    element: lazyPage(
      async () => (await import('#client/features/terms/terms-page.tsx')).TermsPage,
      FULL_SCREEN,
    ),
  },
  {
    path: '/logout',
    element: lazyPage(
      async () => (await import('#client/features/auth/logout-page.tsx')).LogoutPage,
      FULL_SCREEN,
    ),
  },
  {
    path: '/',
    element: <AppFrame />,
    children: [
      // Outside the subscriber gate: where the gate sends users, and the returns from checkout.
      {
        path: 'no-subscription',
        element: lazyPage(
          async () =>
            (await import('#client/features/subscription-status/no-subscription-page.tsx'))
              .NoSubscriptionPage,
          FULL_SCREEN,
        ),
      },
      {
        path: 'mfa/setup',
        element: lazyPage(
          async () => (await import('#client/features/mfa/mfa-setup-page.tsx')).MfaSetupPage,
          FULL_SCREEN,
        ),
      },
      {
        path: 'success',
        element: lazyPage(
          async () =>
            (await import('#client/features/subscription-status/checkout-result-pages.tsx'))
              .CheckoutSuccessPage,
          FULL_SCREEN,
        ),
      },
      {
        path: 'cancel',
        element: lazyPage(
          async () =>
            (await import('#client/features/subscription-status/checkout-result-pages.tsx'))
              .CheckoutCancelPage,
          FULL_SCREEN,
        ),
      },
      // The login path (spec part 1 §2 "A login path segment exists"): signed out it leads to sign-in
      // (AppFrame, without remembering it as the way back), signed in to the landing page.
      { path: 'login', element: <Navigate to="/" replace /> },
      {
        element: <IdentificationGate />,
        children: [
          {
            element: lazyPage(async () => (await import('./app-layout.tsx')).AppLayout, FULL_SCREEN),
            children: [
              {
                element: (
                  <RouteErrorBoundary>
                    <Outlet />
                  </RouteErrorBoundary>
                ),
                children: [
                  { index: true, element: <IndexRedirect /> },
                  ...reportRoutes,
                  requireCarrierProduction([
                    {
                      // The network planning tool (decision 017): the spec gives it no path; it needs
                      // Carrier Production (spec part 2 §6).
                      path: 'planning',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/production/planning-page.tsx')).PlanningPage,
                      ),
                    },
                    // Profit-sharing agreements: projected from Carrier Production's figures.
                    {
                      path: 'profit-sharing',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/profit-sharing/profit-sharing-page.tsx'))
                            .ProfitSharingPage,
                      ),
                    },
                    {
                      path: 'profit-sharing/checks',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/profit-sharing/checks-page.tsx')).ChecksPage,
                      ),
                    },
                    {
                      path: 'profit-sharing/new',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/profit-sharing/agreement-editor-page.tsx'))
                            .AgreementEditorPage,
                      ),
                    },
                    {
                      path: 'profit-sharing/:agreementUuid',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/profit-sharing/agreement-page.tsx')).AgreementPage,
                      ),
                    },
                    // Benchmarks against peers and early warning: read from Carrier Production's facts.
                    {
                      path: 'benchmarks',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/benchmarks/benchmarks-page.tsx')).BenchmarksPage,
                      ),
                    },
                    {
                      path: 'early-warning',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/early-warning/early-warning-page.tsx'))
                            .EarlyWarningPage,
                      ),
                    },
                    {
                      path: 'monthly-close',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/monthly-close/monthly-close-page.tsx'))
                            .MonthlyClosePage,
                      ),
                    },
                    {
                      path: 'profit-sharing/:agreementUuid/edit',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/profit-sharing/agreement-editor-page.tsx'))
                            .AgreementEditorPage,
                      ),
                    },
                  ]),
                  {
                    path: 'billingcarriers',
                    element: lazyPage(
                      async () =>
                        (await import('#client/features/manual-entry/billing-carriers-page.tsx'))
                          .BillingCarriersPage,
                    ),
                  },
                  {
                    path: 'billingcarriers/edit',
                    element: lazyPage(
                      async () =>
                        (await import('#client/features/manual-entry/carrier-detail-page.tsx'))
                          .CarrierDetailPage,
                    ),
                  },
                  {
                    // The upload portal built in, when UPLOAD_PORTAL_URL is not set.
                    path: 'upload',
                    element: lazyPage(
                      async () => (await import('#client/features/upload/upload-page.tsx')).UploadPage,
                    ),
                  },
                  {
                    path: 'users',
                    element: lazyPage(
                      async () => (await import('#client/features/users/users-page.tsx')).UsersPage,
                    ),
                  },
                  {
                    path: 'my-profile',
                    element: lazyPage(
                      async () =>
                        (await import('#client/features/profile/my-profile-page.tsx')).MyProfileRedirect,
                    ),
                  },
                  {
                    path: 'my-profile/:id',
                    element: lazyPage(
                      async () =>
                        (await import('#client/features/profile/my-profile-page.tsx')).MyProfilePage,
                    ),
                  },
                  {
                    path: 'my-subscription',
                    element: lazyPage(
                      async () =>
                        (await import('#client/features/subscription-status/my-subscription-page.tsx'))
                          .MySubscriptionRedirect,
                    ),
                  },
                  {
                    path: 'my-subscription/:agencyId',
                    element: lazyPage(
                      async () =>
                        (await import('#client/features/subscription-status/my-subscription-page.tsx'))
                          .MySubscriptionPage,
                    ),
                  },
                  ...helpRoutes,
                  requireFlag(FLAGS.growthMeasurement, [
                    {
                      path: 'growth-measurement',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/growth-measurement/growth-measurement-page.tsx'))
                            .GrowthMeasurementPage,
                      ),
                    },
                    {
                      path: 'growth-measurement/plans/:planId',
                      element: lazyPage(
                        async () =>
                          (await import('#client/features/growth-measurement/plan-editor-page.tsx'))
                            .PlanEditorPage,
                      ),
                    },
                  ]),
                  {
                    // Performance Charts, for users with the cpr permission (its module checks).
                    path: 'dataviz',
                    element: lazyPage(
                      async () => (await import('./performance-charts-route.tsx')).PerformanceChartsRoute,
                    ),
                  },
                  requireInternal(adminRoutes),
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The route table, below the route error page for what no page's own error page catches. */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary standalone>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: routes,
  },
];

/**
 * The app's routes, drawn by the router of main.tsx. A declarative router (`BrowserRouter`, routes
 * drawn by `useRoutes`) rather than a data router (`createBrowserRouter`), which is about 16 kB gzip
 * more on every page for loaders and actions the app does not use: data loads with TanStack Query,
 * pages load with `lazyPage` (React's `lazy`), and `RouteErrorBoundary` shows the route error page.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

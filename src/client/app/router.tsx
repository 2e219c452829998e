import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '#client/features/admin/routes.tsx';
import { RouteErrorPage } from '#client/features/errors/route-error-page.tsx';
import { helpRoutes } from '#client/features/help/routes.tsx';
import { PageLoader } from '#client/components/page-loader.tsx';
import { AppFrame } from './app-frame.tsx';
import { IdentificationGate } from './identification-gate.tsx';
import { IndexRedirect } from './index-redirect.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { reportRoutes } from './report-route.tsx';
import { FLAGS } from '#shared/contracts/access.ts';
import { requireFlag, requireInternal } from './require-access.tsx';

/**
 * The route table (spec part 1 §2). Pages load on demand so the first paint only carries the shell.
 * A screen that is not built yet has no route: its path shows the not-found page.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/auth/auth0',
    lazy: async () => ({ Component: (await import('#client/features/auth/sign-in-page.tsx')).SignInPage }),
  },
  {
    path: '/reset-password',
    lazy: async () => ({
      Component: (await import('#client/features/profile/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  {
    path: '/forgot-password',
    lazy: async () => ({
      Component: (await import('#client/features/profile/forgot-password-page.tsx')).ForgotPasswordPage,
    }),
  },
  {
    // Registration by invitation (spec part 2 §2): no sign-in, outside the shell.
    path: '/register',
    lazy: async () => ({
      Component: (await import('#client/features/registration/registration-page.tsx')).RegistrationPage,
    }),
  },
  {
    // The subscription choice (spec part 2 §2 "Subscription choice page (public)"): outside the shell.
    path: '/subscriptions',
    lazy: async () => ({
      Component: (await import('#client/features/subscription-status/subscriptions-page.tsx'))
        .SubscriptionsPage,
    }),
  },
  {
    path: '/logout',
    lazy: async () => ({ Component: (await import('#client/features/auth/logout-page.tsx')).LogoutPage }),
  },
  {
    path: '/',
    element: <AppFrame />,
    errorElement: <RouteErrorPage standalone />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      // Outside the subscriber gate: where the gate sends users, and the returns from checkout.
      {
        path: 'no-subscription',
        lazy: async () => ({
          Component: (await import('#client/features/subscription-status/no-subscription-page.tsx'))
            .NoSubscriptionPage,
        }),
      },
      {
        path: 'mfa/setup',
        lazy: async () => ({
          Component: (await import('#client/features/mfa/mfa-setup-page.tsx')).MfaSetupPage,
        }),
      },
      {
        path: 'success',
        lazy: async () => ({
          Component: (await import('#client/features/subscription-status/checkout-result-pages.tsx'))
            .CheckoutSuccessPage,
        }),
      },
      {
        path: 'cancel',
        lazy: async () => ({
          Component: (await import('#client/features/subscription-status/checkout-result-pages.tsx'))
            .CheckoutCancelPage,
        }),
      },
      {
        element: <IdentificationGate />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./app-layout.tsx')).AppLayout }),
            children: [
              {
                errorElement: <RouteErrorPage />,
                children: [
                  { index: true, element: <IndexRedirect /> },
                  ...reportRoutes,
                  {
                    // The network planning tool (decision 017): the spec gives it no path.
                    path: 'planning',
                    lazy: async () => ({
                      Component: (await import('#client/features/production/planning-page.tsx')).PlanningPage,
                    }),
                  },
                  {
                    path: 'billingcarriers',
                    lazy: async () => ({
                      Component: (await import('#client/features/manual-entry/billing-carriers-page.tsx'))
                        .BillingCarriersPage,
                    }),
                  },
                  {
                    path: 'billingcarriers/edit',
                    lazy: async () => ({
                      Component: (await import('#client/features/manual-entry/carrier-detail-page.tsx'))
                        .CarrierDetailPage,
                    }),
                  },
                  {
                    // The upload portal built in (issue 20), when UPLOAD_PORTAL_URL is not set.
                    path: 'upload',
                    lazy: async () => ({
                      Component: (await import('#client/features/upload/upload-page.tsx')).UploadPage,
                    }),
                  },
                  {
                    path: 'users',
                    lazy: async () => ({
                      Component: (await import('#client/features/users/users-page.tsx')).UsersPage,
                    }),
                  },
                  {
                    path: 'my-profile',
                    lazy: async () => ({
                      Component: (await import('#client/features/profile/my-profile-page.tsx'))
                        .MyProfileRedirect,
                    }),
                  },
                  {
                    path: 'my-profile/:id',
                    lazy: async () => ({
                      Component: (await import('#client/features/profile/my-profile-page.tsx')).MyProfilePage,
                    }),
                  },
                  {
                    path: 'my-subscription/:agencyId',
                    lazy: async () => ({
                      Component: (
                        await import('#client/features/subscription-status/my-subscription-page.tsx')
                      ).MySubscriptionPage,
                    }),
                  },
                  ...helpRoutes,
                  requireFlag(FLAGS.growthMeasurement, [
                    {
                      path: 'growth-measurement',
                      lazy: async () => ({
                        Component: (
                          await import('#client/features/growth-measurement/growth-measurement-page.tsx')
                        ).GrowthMeasurementPage,
                      }),
                    },
                    {
                      path: 'growth-measurement/plans/:planId',
                      lazy: async () => ({
                        Component: (await import('#client/features/growth-measurement/plan-editor-page.tsx'))
                          .PlanEditorPage,
                      }),
                    },
                  ]),
                  {
                    // Performance Charts (issue 17), for users with the cpr permission (its module checks).
                    path: 'dataviz',
                    lazy: async () => ({
                      Component: (await import('./performance-charts-route.tsx')).PerformanceChartsRoute,
                    }),
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

export const router = createBrowserRouter(appRoutes);

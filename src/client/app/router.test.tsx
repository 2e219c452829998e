import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { renderRoutes } from '#tests/support/render.tsx';
import { agencyUser, ids, networkUser, shellApi, staffUser } from '#tests/support/shell-api.ts';
import { allowConsoleError } from '#tests/support/fail-on-console-error.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { lazyPage } from '#client/components/lazy-page.tsx';
import { AppFrame } from './app-frame.tsx';
import { IndexRedirect } from './index-redirect.tsx';
import { appRoutes } from './router.tsx';
import { requireInternal } from './require-access.tsx';

const ACCESS_DENIED = 'You do not have access to this feature.';

afterEach(() => vi.unstubAllGlobals());

function start(path: string, api: ReturnType<typeof shellApi>) {
  vi.stubGlobal('fetch', api.fetchImpl);
  return renderRoutes(appRoutes, path);
}

describe('the index route', () => {
  it('sends users with carrier production to /production', async () => {
    const { router } = start('/', shellApi({ features: ['cpr', 'pbi-agency-production-teaser'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/production'));
  });

  it('sends users without it to the agency production teaser when that feature is on', async () => {
    const { router } = start('/', shellApi({ features: ['pbi-agency-production-teaser'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency-production-teaser'));
  });

  it('shows the agency production teaser there, with a way to ask for the report', async () => {
    start('/', shellApi({ features: ['pbi-agency-production-teaser'] }));
    // The file's first lazy page: its first import takes a while on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency Production' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Agency Production' })).toBeInTheDocument();
  });

  it('sends everyone else to agency production, a real page: access denied without its feature', async () => {
    const { router } = start('/', shellApi({ features: [] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency-production'));
    expect(await screen.findByText(ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });
});

describe('the index redirect', () => {
  /** The app's frame at '/' with the index redirect, its landing page and `more` routes. */
  const atIndex = (more: RouteObject[] = []) => {
    vi.stubGlobal('fetch', shellApi({ features: ['cpr'] }).fetchImpl);
    return renderRoutes(
      [
        {
          path: '/',
          element: <AppFrame />,
          children: [
            { index: true, element: <IndexRedirect /> },
            { path: 'production', element: <p>Carrier Production</p> },
            ...more,
          ],
        },
      ],
      '/',
    );
  };

  it('gives way to a page the user chose while access was loading', async () => {
    let release = () => {};
    const chosenPageLoaded = new Promise<void>((resolve) => (release = resolve));
    const { router, queryClient } = atIndex([
      {
        path: 'chosen',
        element: lazyPage(async () => {
          await chosenPageLoaded;
          return () => <p>Chosen page</p>;
        }),
      },
    ]);
    void router.navigate('/chosen');
    // Access arrives while the chosen page is still on its way.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await screen.findByText('Chosen page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chosen');
  });

  it('stays its hand when a link has moved the browser off / before it runs', async () => {
    // A link followed once access has arrived, before the redirect's effect: the browser's location
    // has already changed, and the link's move is about to be drawn.
    const before = window.location.href;
    window.history.pushState(null, '', '/chosen');
    try {
      const { router, queryClient } = atIndex();
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByText('Carrier Production')).not.toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});

describe('report routes from the catalogues', () => {
  it('redirect /scorecards to agency production when its flag is on', async () => {
    const { router } = start(
      '/scorecards',
      shellApi({ features: ['pbi-agency-production-teaser'], flags: { scorecards: true } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency-production'));
    expect(await screen.findByRole('button', { name: 'Request Agency Production' })).toBeInTheDocument();
  });

  it('show the revenue tuner teaser on its report path to a user with only the teaser', async () => {
    start('/revenue-tuner', shellApi({ features: ['pbi-revenue-tuner-teaser'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Tuner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Revenue Tuner' })).toBeInTheDocument();
  });

  it("take /my-subscription to the own agency's page", async () => {
    const { router } = start('/my-subscription', shellApi());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/my-subscription/${ids.agency}`));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('tell a user without an agency that /my-subscription has no page for them', async () => {
    start('/my-subscription', shellApi({ user: networkUser }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A subscription belongs to an agency');
  });

  it('send a signed-in user on /login to the landing page, not the not-found page', async () => {
    const { router } = start('/login', shellApi({ features: ['cpr'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/production'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('leave unknown paths to the not-found page', async () => {
    start('/no-such-report', shellApi({ features: [] }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('carrier production routes', () => {
  it('show the access-denied screen to users without cpr, naming a page open to them', async () => {
    start('/production', shellApi({ features: [] }));
    expect(await screen.findByText(ACCESS_DENIED)).toBeInTheDocument();
    // Not "the menu on the left", which has no words when collapsed.
    expect(screen.queryByText(/menu on the left/)).not.toBeInTheDocument();
    const open = await screen.findByTestId('access-denied-open-page');
    expect(open).toHaveTextContent(/is open to you\.$/);
    expect(open.querySelector('a')).toHaveAttribute('href', expect.not.stringMatching(/^\/production$/));
  });

  it('show the access-denied screen on /planning to users without cpr (spec part 2 §6), and ask nothing', async () => {
    const api = shellApi({ features: [] });
    start('/planning', api);
    expect(await screen.findByText(ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.queryByText('No data found')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.startsWith('/api/core-production/'))).toEqual([]);
  });

  it('let users with cpr through', async () => {
    start('/production', shellApi({ features: ['cpr'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrier Production' })).toBeInTheDocument();
    expect(screen.queryByText(ACCESS_DENIED)).not.toBeInTheDocument();
  });
});

describe('the identification gate', () => {
  it('shows a spinner while the user is identified to the feature flags', async () => {
    const api = shellApi();
    let identify: (response: Response) => void = () => {};
    const identified = new Promise<Response>((resolve) => (identify = resolve));
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input === '/api/features' ? identified : api.fetchImpl(input, init),
    );
    renderRoutes(appRoutes, '/helpDesk');
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('organisation-name')).not.toBeInTheDocument();

    identify(
      new Response(JSON.stringify({ features: [] }), { headers: { 'content-type': 'application/json' } }),
    );
    expect(await screen.findByTestId('organisation-name')).toHaveTextContent('Prairie Oak Insurance Agency');
  });

  it('sends users who do not bypass the subscriber check to /no-subscription', async () => {
    const { router } = start(
      '/helpDesk',
      shellApi({ user: { ...agencyUser, bypassExternalSubscriber: false } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-subscription'));
    expect(
      await screen.findByRole('heading', { name: 'Sorry, you are no longer subscribed...' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout');
  });

  it('sends an agency user without an agency to /no-subscription at once', async () => {
    const api = shellApi({ user: { ...agencyUser, agency: null } });
    const { router } = start('/helpDesk', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-subscription'));
    expect(api.calls.map((c) => c.url)).not.toContain('/api/features');
  });

  it('sends a user without a network to /no-subscription, but not internal staff', async () => {
    const { router } = start('/helpDesk', shellApi({ user: { ...agencyUser, network: null } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-subscription'));
  });

  it('lets internal staff, who have no network, in', async () => {
    const { router } = start('/helpDesk', shellApi({ user: staffUser }));
    expect(await screen.findByTestId('organisation-name')).toHaveTextContent('Understanding staff');
    expect(router.state.location.pathname).toBe('/helpDesk');
  });

  it('only logs a failed identification and keeps the spinner', async () => {
    allowConsoleError();
    const api = shellApi();
    api.handlers['/api/features'] = () => ({
      status: 500,
      body: {
        error: { code: 'internal', message: 'The server has encountered an error.' },
        referenceId: 'r',
      },
    });
    const errors = vi.spyOn(console, 'error');
    start('/helpDesk', api);
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Feature flag identification failed', expect.any(ApiError)),
    );
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByTestId('organisation-name')).not.toBeInTheDocument();
  });
});

describe('the subscription pages', () => {
  it('send subscribed users on from /no-subscription to /production', async () => {
    const { router } = start('/no-subscription', shellApi());
    await waitFor(() => expect(router.state.location.pathname).toBe('/production'));
  });

  it('show the not-subscribed page when the first subscription is not Active', async () => {
    start('/no-subscription', shellApi({ user: { ...agencyUser, subscriptions: [{ status: 'Canceled' }] } }));
    expect(
      await screen.findByRole('heading', { name: 'Sorry, you are no longer subscribed...' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Subscription status: Canceled')).toBeInTheDocument();
  });

  it('answer the returns from checkout', async () => {
    start('/success', shellApi());
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument();
  });

  it('answer a canceled checkout', async () => {
    start('/cancel', shellApi());
    expect(await screen.findByRole('heading', { name: 'Transaction canceled' })).toBeInTheDocument();
  });
});

describe('the MFA rule', () => {
  it('sends a user with MFA options and an allowed method to /mfa/setup', async () => {
    const user = { ...agencyUser, enableMfaOptions: true, allowAuthenticatorMFA: true };
    const { router } = start('/helpDesk', shellApi({ user }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa/setup'));
  });

  it('leaves alone a user with MFA options who has already chosen', async () => {
    const user = { ...agencyUser, enableMfaOptions: true, allowAuthenticatorMFA: true, allowEmailMFA: true };
    const { router } = start('/helpDesk', shellApi({ user, mfaStatus: 'email' }));
    expect(await screen.findByTestId('organisation-name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/helpDesk');
  });

  it('leaves alone a user with MFA options but no allowed method', async () => {
    const user = { ...agencyUser, enableMfaOptions: true };
    const { router } = start('/helpDesk', shellApi({ user }));
    expect(await screen.findByTestId('organisation-name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/helpDesk');
  });

  it('leaves alone a user whose MFA options are not enabled', async () => {
    const user = { ...agencyUser, allowEmailMFA: true, allowOptOutMFA: true };
    const { router } = start('/helpDesk', shellApi({ user }));
    expect(await screen.findByTestId('organisation-name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/helpDesk');
  });
});

/** A page whose data failed: what a query with `throwOnError` throws while drawing. */
function FailingPage(): never {
  throw new ApiError(404, {
    error: { code: 'not_found', message: 'There is no such user.' },
    referenceId: 'req-1234',
  });
}

describe('guards and errors', () => {
  const staffOnly = [
    {
      path: '/',
      element: <AppFrame />,
      children: [requireInternal([{ path: 'staff-only', element: <p>Staff screen</p> }])],
    },
  ];

  it('shows staff screens to internal staff only', async () => {
    vi.stubGlobal('fetch', shellApi({ user: agencyUser }).fetchImpl);
    renderRoutes(staffOnly, '/staff-only');
    expect(await screen.findByText(ACCESS_DENIED)).toBeInTheDocument();
    expect(screen.queryByText('Staff screen')).not.toBeInTheDocument();
  });

  it('lets internal staff see staff screens', async () => {
    vi.stubGlobal('fetch', shellApi({ user: staffUser }).fetchImpl);
    renderRoutes(staffOnly, '/staff-only');
    expect(await screen.findByText('Staff screen')).toBeInTheDocument();
  });

  it('shows the route error page with the reference id of a failed API call', async () => {
    // React reports the error its boundary caught.
    allowConsoleError();
    vi.stubGlobal('fetch', shellApi({ user: staffUser }).fetchImpl);
    const failing = [
      {
        path: '/',
        element: <AppFrame />,
        children: [
          requireInternal([
            { path: 'broken', element: <FailingPage /> },
            { path: 'other', element: <p>Other page</p> },
          ]),
        ],
      },
    ];
    const { router } = renderRoutes(failing, '/broken');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByText('There is no such user.')).toBeInTheDocument();
    expect(screen.getByText(/Reference ID/)).toHaveTextContent('Reference ID: req-1234');
    expect(screen.getByRole('link', { name: 'Return to Understanding' })).toHaveAttribute('href', '/');

    // Another page leaves the error behind.
    await act(() => router.navigate('/other'));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oops! Something went wrong.' })).not.toBeInTheDocument();
  });

  it('shows the route error page when a page cannot load its code', async () => {
    allowConsoleError();
    vi.stubGlobal('fetch', shellApi({ user: staffUser }).fetchImpl);
    const routes = [
      {
        path: '/',
        element: <AppFrame />,
        children: [
          requireInternal([
            {
              path: 'unreachable',
              element: lazyPage(() =>
                Promise.reject(new Error('Failed to fetch dynamically imported module')),
              ),
            },
          ]),
        ],
      },
    ];
    renderRoutes(routes, '/unreachable');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
  });
});

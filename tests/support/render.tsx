import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { createQueryClient } from '#client/app/query-client.ts';
import { cssVariablesResolver, theme } from '#client/app/theme.ts';

/** Where the test's router is, and a way to move it, read from inside it. */
type RouterProbe = { location: Location | null; navigate: NavigateFunction | null };

function Routes({ routes, probe }: { routes: RouteObject[]; probe: RouterProbe }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return useRoutes(routes);
}

/**
 * Renders routes inside the app's providers (the app's query client, without retries), starting at
 * `path`, with the app's kind of router (main.tsx: declarative, no transitions). `router.state.location`
 * is where it is now; `router.navigate` moves it as a link would.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { queryClient = createQueryClient({ retries: false }) }: { queryClient?: QueryClient } = {},
) {
  const probe: RouterProbe = { location: null, navigate: null };
  const router = {
    state: {
      get location(): Location {
        if (!probe.location) throw new Error('The routes have not been drawn yet');
        return probe.location;
      },
    },
    navigate: async (to: string) => {
      if (!probe.navigate) throw new Error('The routes have not been drawn yet');
      await probe.navigate(to);
    },
  };
  const wrap = (node: ReactNode) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </MantineProvider>
  );
  return {
    router,
    queryClient,
    ...render(
      wrap(
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          <Routes routes={routes} probe={probe} />
        </MemoryRouter>,
      ),
    ),
  };
}

type Handler = (init?: RequestInit) => { status: number; body: unknown };

/** A fetch stand-in answering JSON by path; records every call. Handlers may be swapped during a test. */
export function fakeFetch(handlers: Record<string, Handler>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    calls.push({ url, init });
    const handler = handlers[url.split('?')[0]!];
    const { status, body } = handler
      ? handler(init)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' }, referenceId: 'test' } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { fetchImpl, calls, handlers };
}

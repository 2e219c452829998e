import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedConfig } from '#shared/contracts/reports.ts';
import type { ReportDescriptor } from '#shared/domain/reports.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { ASSIGNMENT_ID, descriptor, reportAnswer } from '#tests/support/report-answers.ts';
import { ids, shellApi } from '#tests/support/shell-api.ts';
import { AppFrame } from '#client/app/app-frame.tsx';
import { EMBED_ERROR_TITLE } from './embed-layout.tsx';
import { MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT } from './embed-messages.ts';
import { EXPIRY_LEAD_MS } from './link-renewal.ts';
import { LiveReport } from './live-report.tsx';

// A stand-in for powerbi-client (the real one needs a Power BI frame that answers): it records the
// embed and lets the test raise the report's events.
const powerBi = vi.hoisted(() => {
  type Handler = (event: CustomEvent<unknown>) => void;
  const state = {
    embeds: [] as { container: HTMLElement; config: Record<string, unknown> }[],
    handlers: new Map<string, Handler>(),
    tokens: [] as string[],
    resets: 0,
  };
  const report = {
    on: (name: string, handler: Handler) => state.handlers.set(name, handler),
    setComponentTitle: (title: string) => state.embeds.at(-1)?.container.setAttribute('data-title', title),
    setAccessToken: (token: string) => {
      state.tokens.push(token);
      return Promise.resolve();
    },
  };
  class Service {
    embed(container: HTMLElement, config: Record<string, unknown>) {
      state.embeds.push({ container, config });
      // Like the real client, the report lives in a frame of its own inside the container.
      container.replaceChildren(document.createElement('iframe'));
      return report;
    }
    reset() {
      state.resets += 1;
    }
  }
  const emit = (name: string, detail: unknown = {}) =>
    state.handlers.get(name)?.(new CustomEvent(name, { detail }));
  return { state, Service, emit };
});

vi.mock('powerbi-client', () => ({
  service: { Service: powerBi.Service },
  factories: { hpmFactory: () => ({}), wpmpFactory: () => ({}), routerFactory: () => ({}) },
  models: {
    TokenType: { Embed: 1 },
    Permissions: { Read: 0 },
    ViewMode: { View: 0 },
    BackgroundType: { Default: 0 },
  },
}));

const SIGMA_ORIGIN = 'https://sigma.example.test';

const inOneHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

const powerBiConfig = (token: string, expiration = inOneHour()): EmbedConfig => ({
  assignmentId: ASSIGNMENT_ID,
  provider: 'powerbi',
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=report-1',
  expiration,
  origin: 'https://app.powerbi.com',
  accessToken: token,
  reportId: 'report-1',
});

const failure = (status: number, message: string) => ({
  status,
  body: { error: { code: 'bad_gateway', message }, referenceId: 'r-1' },
});

type Handlers = ReturnType<typeof shellApi>['handlers'];

/**
 * Opens the report inside the app's frame (user, levels) with the report API answered by
 * `reportApi`. Report calls wait for `release()` when `hold` is set, to see the loading state.
 */
function openReport(
  report: ReportDescriptor,
  reportApi: (handlers: Handlers) => void,
  { hold = false }: { hold?: boolean } = {},
) {
  const api = shellApi();
  reportApi(api.handlers);
  let release = () => {};
  const held = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input.startsWith('/api/reports/') || input.startsWith('/api/sigma/')) await held;
    return api.fetchImpl(input, init);
  });
  const fallback = vi.fn((key: string | null) => <p>Fallback: {key ?? 'none'}</p>);
  const routes = [
    {
      path: '/',
      element: <AppFrame />,
      children: [{ path: 'report', element: <LiveReport report={report} renderFallback={fallback} /> }],
    },
  ];
  const rendered = renderRoutes(routes, '/report');
  return {
    ...rendered,
    api,
    release,
    fallback,
    calls: (path: string) => api.calls.filter((c) => c.url.startsWith(path)),
  };
}

const message = (source: Window | null, origin: string, data: unknown) =>
  new MessageEvent('message', { data, origin, source });

/** Posts a message to the page as if `source` had sent it from `origin`. */
function postFrom(source: Window | null, origin: string, data: unknown) {
  act(() => {
    window.dispatchEvent(message(source, origin, data));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// The previous test's tree is unmounted after its own hooks: start each test with a clean record.
beforeEach(() => {
  powerBi.state.embeds.length = 0;
  powerBi.state.handlers.clear();
  powerBi.state.tokens.length = 0;
  powerBi.state.resets = 0;
});

describe('LiveReport', () => {
  it('shows the loader, then the error panel with the server message in red', async () => {
    const report = descriptor('agency-production');
    const { release } = openReport(
      report,
      (h) => {
        h['/api/reports/agency-production'] = () => ({ status: 200, body: reportAnswer(report, {}) });
        h[`/api/reports/${ASSIGNMENT_ID}/config`] = () =>
          failure(502, 'Power BI did not answer. Try again later.');
      },
      { hold: true },
    );

    expect(await screen.findByRole('status', { name: 'Loading Agency Production' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Agency Production' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    release();

    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: EMBED_ERROR_TITLE })).toBeInTheDocument();
    const message = within(panel).getByText('Power BI did not answer. Try again later.');
    expect(message).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the error panel with the message when the report itself cannot be read', async () => {
    const report = descriptor('agency-production');
    openReport(report, (h) => {
      h['/api/reports/agency-production'] = () => failure(403, 'You do not have access to this report.');
    });
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(EMBED_ERROR_TITLE);
    expect(panel).toHaveTextContent('You do not have access to this report.');
  });

  it('asks for the report at the level of the header and renders the fallback when nothing is assigned', async () => {
    const report = descriptor('agency-production');
    const { fallback, calls } = openReport(report, (h) => {
      h['/api/reports/agency-production'] = () => ({ status: 200, body: reportAnswer(report, null) });
    });
    expect(await screen.findByText('Fallback: agency-production-teaser')).toBeInTheDocument();
    expect(fallback).toHaveBeenCalledWith('agency-production-teaser', null);
    expect(calls('/api/reports/agency-production')[0]?.url).toBe(
      `/api/reports/agency-production?levelUuid=${ids.agency}`,
    );
    expect(screen.queryByRole('heading', { name: 'Agency Production' })).not.toBeInTheDocument();
  });

  it('mounts Power BI with the embed token, shows it once loaded and hands it the refreshed token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const report = descriptor('agency-production');
    let issued = 0;
    // Expires in 61 s: the refresh is due at once, held back only by the shared 5 s floor.
    const { calls } = openReport(report, (h) => {
      h['/api/reports/agency-production'] = () => ({ status: 200, body: reportAnswer(report, {}) });
      h[`/api/reports/${ASSIGNMENT_ID}/config`] = () => {
        issued += 1;
        return {
          status: 200,
          body: powerBiConfig(`token-${issued}`, new Date(Date.now() + 61_000).toISOString()),
        };
      };
    });

    await waitFor(() => expect(powerBi.state.embeds).toHaveLength(1));
    const { container, config } = powerBi.state.embeds[0]!;
    expect(config).toMatchObject({
      type: 'report',
      tokenType: 1,
      accessToken: 'token-1',
      id: 'report-1',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=report-1',
    });
    expect(calls(`/api/reports/${ASSIGNMENT_ID}/config`)[0]?.url).toBe(
      `/api/reports/${ASSIGNMENT_ID}/config?live=true&levelUuid=${ids.agency}`,
    );
    expect(container).toHaveAttribute('data-title', 'Agency Production');
    expect(screen.getByRole('status', { name: 'Loading Agency Production' })).toBeInTheDocument();

    act(() => powerBi.emit('loaded'));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(container).toHaveStyle({ visibility: 'visible' });

    const reportFrame = container.querySelector('iframe');
    expect(reportFrame).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(5_500));
    await waitFor(() => expect(powerBi.state.tokens).toEqual(['token-2']));
    expect(powerBi.state.embeds).toHaveLength(1);
    // The running report got the token: the very same frame, never embedded again nor reset.
    expect(screen.getByTestId('powerbi-report')).toBe(container);
    expect(container.querySelector('iframe')).toBe(reportFrame);
    expect(reportFrame!.isConnected).toBe(true);
    expect(powerBi.state.resets).toBe(0);
  });

  it('shows the error panel with the message of a Power BI error event', async () => {
    const report = descriptor('agency-production');
    openReport(report, (h) => {
      h['/api/reports/agency-production'] = () => ({ status: 200, body: reportAnswer(report, {}) });
      h[`/api/reports/${ASSIGNMENT_ID}/config`] = () => ({ status: 200, body: powerBiConfig('token-1') });
    });
    await waitFor(() => expect(powerBi.state.embeds).toHaveLength(1));

    act(() => powerBi.emit('error', { message: 'TokenExpired', level: 2 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() =>
      powerBi.emit('error', {
        message: 'LoadReportFailed',
        detailedMessage: 'This report is not available.',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This report is not available.');
    expect(powerBi.state.resets).toBe(1);
  });

  describe('Sigma', () => {
    const report = descriptor('ams-data-health');

    function openSigma() {
      let minted = 0;
      const opened = openReport(report, (h) => {
        h['/api/reports/ams-data-health'] = () => ({
          status: 200,
          body: reportAnswer(report, { provider: 'sigma', reportId: 'workbook-1' }),
        });
        h['/api/sigma/embed'] = () => {
          minted += 1;
          return {
            status: 200,
            body: {
              embedUrl: `${SIGMA_ORIGIN}/org/workbook/workbook-1?:jwt=jwt-${minted}&:embed=true`,
              expiration: inOneHour(),
              origin: SIGMA_ORIGIN,
            },
          };
        };
      });
      return { ...opened, minted: () => minted };
    }

    const frame = () => screen.getByTitle<HTMLIFrameElement>('AMS Data Health');

    it('asks for a signed URL for the workbook and shows the frame once the workbook has loaded', async () => {
      const { calls } = openSigma();
      await screen.findByTitle('AMS Data Health');
      const request = calls('/api/sigma/embed')[0]!;
      expect(request.init?.method).toBe('POST');
      expect(JSON.parse(request.init?.body as string)).toEqual({
        workbookId: 'workbook-1',
        levelUuid: ids.agency,
      });
      expect(frame()).toHaveAttribute(
        'src',
        `${SIGMA_ORIGIN}/org/workbook/workbook-1?:jwt=jwt-1&:embed=true`,
      );
      expect(frame()).toHaveStyle({ visibility: 'hidden' });
      expect(screen.getByTestId('report-container')).toHaveStyle({ minWidth: '1400px', maxWidth: '1600px' });

      postFrom(frame().contentWindow, SIGMA_ORIGIN, { type: 'workbook:loaded', workbook: { variables: {} } });
      expect(frame()).toHaveStyle({ visibility: 'visible' });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();

      postFrom(frame().contentWindow, SIGMA_ORIGIN, {
        type: 'workbook:pageheight:onchange',
        pageHeight: 1234.4,
      });
      expect(frame()).toHaveStyle({ height: '1235px' });
    });

    it('ignores messages from another origin or from another window', async () => {
      const { minted } = openSigma();
      await screen.findByTitle('AMS Data Health');

      postFrom(frame().contentWindow, 'https://evil.example.test', {
        type: 'workbook:error',
        code: 'x',
        message: 'x',
      });
      postFrom(window, SIGMA_ORIGIN, { type: 'workbook:error', code: 'x', message: 'x' });
      postFrom(frame().contentWindow, 'https://evil.example.test', { type: 'workbook:loaded' });

      expect(minted()).toBe(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(frame()).toHaveStyle({ visibility: 'hidden' });
      expect(screen.getByRole('status', { name: 'Loading AMS Data Health' })).toBeInTheDocument();
    });

    it('retries the first error with a new URL and shows the panel, without a message, on the second', async () => {
      const { minted } = openSigma();
      await screen.findByTitle('AMS Data Health');

      // The same frame repeating itself before it is replaced is still the first error.
      const first = frame().contentWindow;
      const error = { type: 'workbook:error', code: 'e', message: 'Boom' };
      act(() => {
        window.dispatchEvent(message(first, SIGMA_ORIGIN, error));
        window.dispatchEvent(message(first, SIGMA_ORIGIN, error));
      });
      await waitFor(() => expect(frame()).toHaveAttribute('src', expect.stringContaining('jwt-2')));
      expect(minted()).toBe(2);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      postFrom(frame().contentWindow, SIGMA_ORIGIN, { type: 'workbook:error', code: 'e', message: 'Boom' });
      const panel = await screen.findByRole('alert');
      expect(panel).toHaveTextContent(EMBED_ERROR_TITLE);
      expect(panel.textContent).toBe(EMBED_ERROR_TITLE);
      expect(screen.queryByTitle('AMS Data Health')).not.toBeInTheDocument();
      expect(minted()).toBe(2);
    });
  });

  it('shows a Metabase dashboard when its frame loads and sizes it by its frame messages', async () => {
    const report = descriptor('retention');
    const origin = 'https://metabase.example.test';
    openReport(report, (h) => {
      h['/api/reports/retention'] = () => ({
        status: 200,
        body: reportAnswer(report, { provider: 'metabase', reportId: '1' }),
      });
      h[`/api/reports/${ASSIGNMENT_ID}/config`] = () => ({
        status: 200,
        body: {
          ...powerBiConfig('unused'),
          provider: 'metabase',
          embedUrl: `${origin}/embed/dashboard/signed#bordered=false`,
          origin,
          accessToken: null,
          reportId: null,
        },
      });
    });
    const dashboard = await screen.findByTitle<HTMLIFrameElement>('Retention');
    expect(screen.getByTestId('report-container')).toHaveStyle({ minWidth: '900px', maxWidth: '1600px' });

    postFrom(dashboard.contentWindow, 'https://evil.example.test', {
      metabase: { type: 'frame', frame: { mode: 'normal', height: 300 } },
    });
    expect(dashboard).toHaveStyle({ height: '900px' });
    postFrom(dashboard.contentWindow, origin, {
      metabase: { type: 'frame', frame: { mode: 'normal', height: 640 } },
    });
    expect(dashboard).toHaveStyle({ height: '640px' });

    act(() => {
      dashboard.dispatchEvent(new Event('load'));
    });
    expect(dashboard).toHaveStyle({ visibility: 'visible' });
  });
});

describe('signed links (Metabase, Sigma)', () => {
  const METABASE_ORIGIN = 'https://metabase.example.test';
  const LIFETIME_MS = 10 * 60 * 1000;
  const MARGIN_MS = 60 * 1000;
  const report = descriptor('retention');

  /** A Metabase dashboard whose config is a new signed URL, valid for ten minutes, on every call. */
  function openMetabase() {
    let minted = 0;
    openReport(report, (h) => {
      h['/api/reports/retention'] = () => ({
        status: 200,
        body: reportAnswer(report, { provider: 'metabase', reportId: '1' }),
      });
      h[`/api/reports/${ASSIGNMENT_ID}/config`] = () => {
        minted += 1;
        return {
          status: 200,
          body: {
            ...powerBiConfig('unused', new Date(Date.now() + LIFETIME_MS).toISOString()),
            provider: 'metabase',
            embedUrl: `${METABASE_ORIGIN}/embed/dashboard/token-${minted}#bordered=false`,
            origin: METABASE_ORIGIN,
            accessToken: null,
            reportId: null,
          },
        };
      };
    });
    return { minted: () => minted };
  }

  const frame = () => screen.getByTitle<HTMLIFrameElement>('Retention');
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  /** Opens the dashboard and lets its link go stale: the renewed link has been fetched by then. */
  async function openUntilStale() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opened = openMetabase();
    const first = await screen.findByTitle<HTMLIFrameElement>('Retention');
    expect(first).toHaveAttribute('src', expect.stringContaining('token-1'));
    // A click while the link is fresh changes nothing.
    fireEvent.pointerDown(document.body);
    await advance(LIFETIME_MS - MARGIN_MS + 1_000);
    await waitFor(() => expect(opened.minted()).toBe(2));
    return { ...opened, first };
  }

  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the dashboard on the timer and shows the renewed link at the next click once stale', async () => {
    const { first } = await openUntilStale();
    // The new link waits: the frame the user works in is untouched.
    expect(frame()).toBe(first);
    expect(frame()).toHaveAttribute('src', expect.stringContaining('token-1'));

    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(frame()).toHaveAttribute('src', expect.stringContaining('token-2')));
    expect(frame()).not.toBe(first);
  });

  it('shows the renewed link when the user comes back to the window', async () => {
    const { first } = await openUntilStale();
    expect(frame()).toBe(first);
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await waitFor(() => expect(frame()).toHaveAttribute('src', expect.stringContaining('token-2')));
  });

  it('replaces the link just before it expires when the page is visible', async () => {
    const { first } = await openUntilStale();
    // Still the old one shortly before the lead...
    await advance(MARGIN_MS - EXPIRY_LEAD_MS - 3_000);
    expect(frame()).toBe(first);
    // ...and the new one before the old one expires, without any interaction.
    await advance(3_000);
    await waitFor(() => expect(frame()).toHaveAttribute('src', expect.stringContaining('token-2')));
  });

  it('lets a hidden page wait until it is shown again', async () => {
    const { first } = await openUntilStale();
    visibility = 'hidden';
    await advance(MARGIN_MS);
    expect(frame()).toBe(first);

    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(frame()).toHaveAttribute('src', expect.stringContaining('token-2')));
  });

  it('renews a Sigma workbook on the next key press once stale, not on the timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sigma = descriptor('ams-data-health');
    let minted = 0;
    openReport(sigma, (h) => {
      h['/api/reports/ams-data-health'] = () => ({
        status: 200,
        body: reportAnswer(sigma, { provider: 'sigma', reportId: 'workbook-1' }),
      });
      h['/api/sigma/embed'] = () => {
        minted += 1;
        return {
          status: 200,
          body: {
            embedUrl: `${SIGMA_ORIGIN}/org/workbook/workbook-1?:jwt=jwt-${minted}&:embed=true`,
            expiration: new Date(Date.now() + LIFETIME_MS).toISOString(),
            origin: SIGMA_ORIGIN,
          },
        };
      };
    });
    const first = await screen.findByTitle<HTMLIFrameElement>('AMS Data Health');
    await advance(LIFETIME_MS - MARGIN_MS + 1_000);
    await waitFor(() => expect(minted).toBe(2));
    expect(screen.getByTitle('AMS Data Health')).toBe(first);
    expect(first).toHaveAttribute('src', expect.stringContaining('jwt-1'));

    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() =>
      expect(screen.getByTitle('AMS Data Health')).toHaveAttribute('src', expect.stringContaining('jwt-2')),
    );
  });

  it('keeps the heights the dashboards report within bounds', async () => {
    openMetabase();
    const dashboard = await screen.findByTitle<HTMLIFrameElement>('Retention');
    postFrom(dashboard.contentWindow, METABASE_ORIGIN, {
      metabase: { type: 'frame', frame: { mode: 'normal', height: 1e12 } },
    });
    expect(dashboard).toHaveStyle({ height: `${MAX_FRAME_HEIGHT}px` });
    postFrom(dashboard.contentWindow, METABASE_ORIGIN, {
      metabase: { type: 'frame', frame: { mode: 'normal', height: 12 } },
    });
    expect(dashboard).toHaveStyle({ height: `${MIN_FRAME_HEIGHT}px` });
    postFrom(dashboard.contentWindow, METABASE_ORIGIN, {
      metabase: { type: 'frame', frame: { mode: 'normal', height: 4321 } },
    });
    expect(dashboard).toHaveStyle({ height: '4321px' });
    postFrom(dashboard.contentWindow, METABASE_ORIGIN, {
      metabase: { type: 'frame', frame: { mode: 'normal', height: Infinity } },
    });
    expect(dashboard).toHaveStyle({ height: '4321px' });
  });
});

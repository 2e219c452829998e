import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import type { FakePowerBi, FakePowerBiCall } from '../support/fake-powerbi.ts';

/**
 * The dashboard providers' side of the browser tests, on one local port reached under two origins:
 * `http://localhost:PORT` plays Sigma and `http://127.0.0.1:PORT` plays Metabase (and, to Sigma's
 * frame, "another origin"). Power BI's report page is served here too, at `/reportEmbed`; the spec
 * routes `https://app.powerbi.com/*` to it, because powerbi-client only frames https Power BI hosts.
 *
 * - `/reportEmbed?uid=`: a Power BI report that speaks enough of powerbi-client's postMessage
 *   protocol (window-post-message-proxy + http-post-message: requests carry `headers.id`, answers
 *   echo it with a `statusCode`) to answer `POST /report/load` and `POST /report/token` and to raise
 *   the `loaded` and `rendered` events (`POST /reports/{uid}/events/{name}`); it shows the embed token
 *   it was given, so a test sees a refreshed token arrive.
 * - `/org/workbook/{id}?:jwt=`: a Sigma workbook; it checks the JWT (HS256 with the embed secret, kid,
 *   expiry) and posts what the workbook's next scripted outcome says (default `loaded`).
 * - `/impostor` (Sigma's origin) and `/foreign?next=` (the other origin): pages that post Sigma
 *   messages to the app without being the workbook's frame, or from the wrong origin;
 *   `/powerbi-impostor?uid=`, framed by the report from the origin the tests name (an https one they
 *   route here: an https page may not frame http), posts a Power BI error event for it to the app.
 * - `/metabase/embed/dashboard/{token}`: a Metabase dashboard that reports its height.
 * - `/__control/*`: the tests script outcomes and read what happened (with the Power BI REST fake's
 *   embed tokens, and its failures, when it is given one).
 */

export const FAKE_SIGMA_CLIENT_ID = 'fake-sigma-embed-client';
export const FAKE_SIGMA_SECRET = 'fake-sigma-embed-secret-for-browser-tests';
export const FAKE_METABASE_SECRET_KEY = 'a1'.repeat(32);
/** The heights the fake dashboards report. */
export const FAKE_SIGMA_PAGE_HEIGHT = 1100;
export const FAKE_METABASE_HEIGHT = 760;

/** What a Sigma workbook frame does when it loads. */
export type SigmaOutcome =
  /** Posts workbook:loaded and its page height. */
  | 'loaded'
  /** Posts workbook:error. */
  | 'error'
  /**
   * Other windows speak first: a frame of Sigma's origin inside the workbook posts workbook:error to
   * the app; then the workbook's own frame navigates to the other origin, which posts
   * workbook:error and workbook:loaded; then it comes back and plays the next outcome.
   */
  | 'impostors';

export type FakeEmbedSiteState = {
  /** Every page requested, as `origin path` without the query string, in order. */
  hits: string[];
  /** The embed tokens the Power BI REST fake issued, in order. */
  powerBiEmbedTokens: string[];
};

export type FakeEmbedSite = {
  port: number;
  /** Sigma's organization URL (SIGMA_BASE_URL). */
  sigmaBaseUrl: string;
  /** Metabase's site URL (METABASE_SITE_URL). */
  metabaseSiteUrl: string;
  close(): Promise<void>;
};

/** The origins under which the tests reach the site on `port`. */
export const fakeEmbedOrigins = (port: number) => ({
  sigma: `http://localhost:${port}`,
  other: `http://127.0.0.1:${port}`,
});

/** Starts the site on 127.0.0.1:`port` (`localhost` reaches it too). */
export async function startFakeEmbedSite({
  port,
  powerBi,
}: {
  port: number;
  powerBi?: FakePowerBi;
}): Promise<FakeEmbedSite> {
  const origins = fakeEmbedOrigins(port);
  const sigmaOutcomes = new Map<string, SigmaOutcome[]>();
  let powerBiImpostor: string | null = null;
  const hits: string[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, 'text/plain', String(error)));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `127.0.0.1:${port}`}`);
    const path = url.pathname;
    if (path.startsWith('/__control/')) return control(req, res, path);
    hits.push(`${url.origin} ${path}`);

    if (path === '/reportEmbed') {
      return send(res, 200, 'text/html', powerBiReportPage(powerBiImpostor));
    }
    if (path === '/powerbi-impostor') {
      return send(res, 200, 'text/html', powerBiImpostorPage(url.searchParams.get('uid') ?? ''));
    }
    const workbook = /^\/org\/workbook\/([^/]+)$/.exec(path)?.[1];
    if (workbook !== undefined) {
      const id = decodeURIComponent(workbook);
      const problem = await sigmaTokenProblem(url.searchParams.get(':jwt'));
      const outcome = problem ? 'error' : (sigmaOutcomes.get(id)?.shift() ?? 'loaded');
      return send(res, 200, 'text/html', sigmaWorkbookPage(id, outcome, problem, origins.other));
    }
    if (path === '/impostor') return send(res, 200, 'text/html', impostorPage());
    if (path === '/foreign')
      return send(res, 200, 'text/html', foreignPage(url.searchParams.get('next') ?? ''));
    if (/^\/metabase\/embed\/dashboard\/[^/]+$/.test(path))
      return send(res, 200, 'text/html', metabasePage());
    send(res, 404, 'text/plain', 'Not found');
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'GET' && path === '/__control/state') {
      const state: FakeEmbedSiteState = {
        hits,
        powerBiEmbedTokens: powerBi?.embedTokens.map((t) => t.token) ?? [],
      };
      return send(res, 200, 'application/json', JSON.stringify(state));
    }
    if (req.method === 'POST' && path === '/__control/reset') {
      hits.length = 0;
      sigmaOutcomes.clear();
      powerBiImpostor = null;
      return send(res, 200, 'application/json', '{}');
    }
    if (req.method === 'POST' && path === '/__control/powerbi/fail' && powerBi) {
      const body = JSON.parse(await readBody(req)) as {
        kind: FakePowerBiCall;
        status: number;
        times: number;
      };
      for (let i = 0; i < body.times; i += 1) powerBi.failNext(body.kind, body.status);
      return send(res, 200, 'application/json', '{}');
    }
    if (req.method === 'POST' && path === '/__control/powerbi/impostor') {
      powerBiImpostor = (JSON.parse(await readBody(req)) as { origin: string }).origin;
      return send(res, 200, 'application/json', '{}');
    }
    if (req.method === 'POST' && path === '/__control/sigma') {
      const body = JSON.parse(await readBody(req)) as { workbookId: string; outcomes: SigmaOutcome[] };
      sigmaOutcomes.set(body.workbookId, [...body.outcomes]);
      return send(res, 200, 'application/json', '{}');
    }
    send(res, 404, 'text/plain', 'Not found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    sigmaBaseUrl: `${origins.sigma}/org`,
    metabaseSiteUrl: `${origins.other}/metabase`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Why Sigma would refuse the embed URL's JWT; null when it is good. */
async function sigmaTokenProblem(jwt: string | null): Promise<string | null> {
  if (!jwt) return 'The URL has no :jwt.';
  try {
    const { protectedHeader } = await jwtVerify(jwt, new TextEncoder().encode(FAKE_SIGMA_SECRET), {
      algorithms: ['HS256'],
      issuer: FAKE_SIGMA_CLIENT_ID,
    });
    return protectedHeader.kid === FAKE_SIGMA_CLIENT_ID ? null : 'The JWT names another embed client.';
  } catch (error) {
    return `The JWT is not valid: ${String(error)}`;
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A small accessible page (the app's axe checks look into frames too; the landmark is named so it
 * does not repeat the app's own main).
 */
function page(title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:16px;color:#111;background:#fff}</style></head>
<body><main aria-label="${escapeHtml(title)}">${body}</main>
<script>${script}</script>
</body>
</html>`;
}

/**
 * powerbi-client's side of the conversation, played by the report: it answers the host's requests
 * (echoing `headers.id`) and posts the report's events to the host the way Power BI does. With
 * `impostorOrigin`, a frame of that origin first posts an error event for this report to the app.
 */
function powerBiReportPage(impostorOrigin: string | null): string {
  return page(
    'Fake Power BI report',
    `<h1>Fake Power BI report</h1>
<p>Report: <span data-testid="report-id"></span></p>
<p>Embed token: <output data-testid="embed-token"></output></p>
<p>Tokens received: <output data-testid="token-count">0</output></p>`,
    `
const uid = new URLSearchParams(location.search).get('uid');
const impostorOrigin = ${JSON.stringify(impostorOrigin)};
const show = (token) => {
  document.querySelector('[data-testid="embed-token"]').textContent = token;
  const count = document.querySelector('[data-testid="token-count"]');
  count.textContent = String(Number(count.textContent) + 1);
};
const randomId = () => Math.random().toString(36).slice(2);
const answer = (event, request, statusCode, body) =>
  event.source.postMessage({ statusCode, statusText: 'OK', headers: { id: request.headers.id }, body }, event.origin);
const raise = (name, value) =>
  window.parent.postMessage({ method: 'POST', url: '/reports/' + uid + '/events/' + name, headers: { id: randomId() }, body: value }, '*');
const raiseLoaded = () => {
  raise('loaded', null);
  raise('rendered', null);
};
const impostorDone = new Promise((resolve) => {
  if (!impostorOrigin) return resolve();
  window.addEventListener('message', (event) => {
    if (event.origin === impostorOrigin && event.data === 'impostor-done') resolve();
  });
  const impostor = document.createElement('iframe');
  impostor.title = 'Impostor';
  impostor.src = impostorOrigin + '/powerbi-impostor?uid=' + encodeURIComponent(uid);
  document.querySelector('main').append(impostor);
});
window.addEventListener('message', (event) => {
  const message = event.data;
  if (event.source !== window.parent || !message || typeof message !== 'object' || !message.headers) return;
  if (typeof message.statusCode === 'number') return; // the host's answer to one of our events
  if (message.method === 'POST' && message.url === '/report/load') {
    document.querySelector('[data-testid="report-id"]').textContent = message.body.id;
    show(message.body.accessToken);
    answer(event, message, 202, null);
    impostorDone.then(() => setTimeout(raiseLoaded, 50));
    return;
  }
  if (message.method === 'POST' && message.url === '/report/token') {
    show(message.body);
    answer(event, message, 200, null);
    return;
  }
  answer(event, message, 200, null);
});
`,
  );
}

/** Another origin inside the report, posting a fatal Power BI error event for it to the app. */
function powerBiImpostorPage(uid: string): string {
  return page(
    'Impostor',
    '<p>Not Power BI.</p>',
    `
const uid = ${JSON.stringify(uid)};
window.top.postMessage({
  method: 'POST',
  url: '/reports/' + uid + '/events/error',
  headers: { id: Math.random().toString(36).slice(2) },
  body: { message: 'Impostor', detailedMessage: 'An impostor says the report failed.', level: 6 },
}, '*');
window.parent.postMessage('impostor-done', '*');
`,
  );
}

function sigmaWorkbookPage(
  id: string,
  outcome: SigmaOutcome,
  problem: string | null,
  otherOrigin: string,
): string {
  return page(
    'Fake Sigma workbook',
    `<h1>Workbook ${escapeHtml(id)}</h1>
<p>Outcome: <span data-testid="outcome">${outcome}</span></p>
${problem ? `<p>${escapeHtml(problem)}</p>` : ''}`,
    `
const outcome = ${JSON.stringify(outcome)};
const post = (message) => window.parent.postMessage(message, '*');
if (outcome === 'loaded') {
  post({ type: 'workbook:loaded', workbook: { variables: {} } });
  post({ type: 'workbook:pageheight:onchange', pageHeight: ${FAKE_SIGMA_PAGE_HEIGHT} });
} else if (outcome === 'error') {
  post({ type: 'workbook:error', code: 'fake_failure', message: 'The fake workbook failed.' });
} else if (outcome === 'impostors') {
  window.addEventListener('message', (event) => {
    if (event.data !== 'impostor-done') return;
    const next = ${JSON.stringify(otherOrigin)} + '/foreign?next=' + encodeURIComponent(location.href);
    setTimeout(() => location.replace(next), 200);
  });
  const impostor = document.createElement('iframe');
  impostor.title = 'Impostor';
  impostor.src = '/impostor';
  document.querySelector('main').append(impostor);
}
`,
  );
}

/** A frame of Sigma's origin that is not the workbook: its messages must not count. */
function impostorPage(): string {
  return page(
    'Impostor',
    '<p>Not the workbook.</p>',
    `
window.top.postMessage({ type: 'workbook:error', code: 'impostor', message: 'From another frame.' }, '*');
window.parent.postMessage('impostor-done', '*');
`,
  );
}

/** The workbook's own frame on another origin: its messages must not count either. */
function foreignPage(next: string): string {
  return page(
    'Another origin',
    '<p>Another origin.</p>',
    `
window.parent.postMessage({ type: 'workbook:error', code: 'foreign', message: 'From another origin.' }, '*');
window.parent.postMessage({ type: 'workbook:loaded', workbook: { variables: {} } }, '*');
setTimeout(() => location.replace(${JSON.stringify(next)}), 300);
`,
  );
}

function metabasePage(): string {
  return page(
    'Fake Metabase dashboard',
    '<h1>Fake Metabase dashboard</h1>',
    `window.parent.postMessage({ metabase: { type: 'frame', frame: { mode: 'normal', height: ${FAKE_METABASE_HEIGHT} } } }, '*');`,
  );
}

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support.ts';

/**
 * The JavaScript a browser downloads on the first load of a page (empty cache), as sent over the
 * wire gzip-compressed, against scripts/bundle-budget.json: the target, or the page's ceiling when it
 * is over the target today. scripts/check-bundle-size.mjs checks every page of the build the same
 * way from Vite's manifest; this test measures real loads, with the server's compression.
 */
type Budget = {
  targetKb: number;
  ceilingsKb: Record<string, number>;
  onFirstUse: string[];
  afterFirstRender: Record<string, string[]>;
};
const budget = JSON.parse(
  readFileSync(new URL('../../scripts/bundle-budget.json', import.meta.url), 'utf8'),
) as Budget;

const OWNER = 'owner@understanding.test';
const NETWORK = 'network@understanding.test';
const STAFF = 'staff@understanding.test';

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
const readManifest = () =>
  JSON.parse(
    readFileSync(new URL('../../dist/client/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Manifest;

/** The built files of the parts that load only on first use (menus, popovers, tooltips, dialogs). */
function firstUseFiles(): Map<string, string> {
  const manifest = readManifest();
  return new Map(budget.onFirstUse.map((key) => [`/${manifest[key]!.file}`, key]));
}

/**
 * The built files a page requests right after its first render (a drawing library, the budget's
 * `afterFirstRender`): each such chunk and what it alone imports (not the entry's, the layout's or
 * the page's).
 */
function afterFirstRenderFiles(pageModule: string): Set<string> {
  const manifest = readManifest();
  const graph = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) graph(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const firstLoad = new Set([
    ...graph(entry),
    ...graph('src/client/app/app-layout.tsx'),
    ...graph(pageModule),
  ]);
  return new Set(
    Object.keys(budget.afterFirstRender)
      .flatMap((key) => [...graph(key)])
      .filter((key) => !firstLoad.has(key))
      .map((key) => `/${manifest[key]!.file}`)
      .filter((file) => file.endsWith('.js')),
  );
}

type Loaded = { url: string; encodedBytes: number; encoding: string | undefined };

/** Records each script of the page's load with the bytes its body took on the wire (brotli, here). */
function recordScripts(page: Page): Loaded[] {
  const loaded: Loaded[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('.js')) return;
    void Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => {
      loaded.push({
        url: url.pathname,
        encodedBytes: sizes.responseBodySize,
        encoding: response?.headers()['content-encoding'],
      });
    });
  });
  return loaded;
}

/** The bytes the server sends for `path` to a browser that accepts gzip only (the budget's measure). */
async function gzipBytes(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status(), path).toBe(200);
  const headers = response.headers();
  if (headers['content-encoding'] === 'gzip') return Number(headers['content-length']);
  expect((await response.body()).length, `${path} is sent without gzip`).toBeLessThanOrEqual(1024);
  return (await response.body()).length;
}

const pages: {
  name: string;
  path: string;
  module: string;
  /** Who is signed in: none for the pages outside the shell. */
  user?: string;
  /** The page requests a drawing library right after its first render (`afterFirstRender`). */
  draws?: boolean;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'sign-in',
    path: '/auth/auth0',
    module: 'src/client/features/auth/sign-in-page.tsx',
    ready: (page) => expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(),
  },
  {
    name: 'Carrier Production',
    path: '/production',
    module: 'src/client/features/production/carrier-production-page.tsx',
    user: OWNER,
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Carrier Production' })).toBeVisible(),
  },
  {
    name: 'the agency production scorecard',
    path: '/agency-production',
    module: 'src/client/features/scorecard/scorecard-page.tsx',
    user: OWNER,
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: /Invoice Revenue for/ })).toBeVisible(),
  },
  {
    // A network user: the scorecard with the agency choice (a lazy chunk for them only).
    name: 'the agency production scorecard, as a network user',
    path: '/agency-production',
    module: 'src/client/features/scorecard/agency-select.tsx',
    user: NETWORK,
    ready: (page) => expect(page.getByRole('combobox', { name: 'Agency', exact: true })).toBeVisible(),
  },
  {
    name: 'upload',
    path: '/upload',
    module: 'src/client/features/upload/upload-page.tsx',
    user: NETWORK,
    ready: (page) => expect(page.getByRole('combobox', { name: 'Carrier' })).toBeVisible(),
  },
  {
    name: 'manual entry',
    path: '/billingcarriers',
    module: 'src/client/features/manual-entry/billing-carriers-page.tsx',
    user: OWNER,
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Input Additional Carrier Production' })).toBeVisible(),
  },
  {
    name: 'help',
    path: '/helpDesk',
    module: 'src/client/features/help/help-page.tsx',
    user: OWNER,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible(),
  },
  {
    // A network user: the header carries the level picker's field.
    name: 'help, as a network user',
    path: '/helpDesk',
    module: 'src/client/features/help/help-page.tsx',
    user: NETWORK,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: /Report level/ })).toBeEnabled();
    },
  },
  {
    // The page's frame, then the charting library (after the first render, not in the first load).
    name: 'Performance Charts, as a network user',
    path: '/dataviz',
    module: 'src/client/app/performance-charts-route.tsx',
    user: NETWORK,
    draws: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Performance Charts' })).toBeVisible();
      await expect(page.locator('figure .recharts-wrapper > svg.recharts-surface').first()).toBeVisible();
    },
  },
  {
    name: 'Mail outbox (staff)',
    path: '/admin/mail-outbox',
    module: 'src/client/features/admin/mail-outbox-page.tsx',
    user: STAFF,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible(),
  },
];

for (const target of pages) {
  test(`the first load of ${target.name} (${target.path}) stays within its JavaScript budget`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    try {
      if (target.user) await signInAs(page, target.user, baseURL);
      const loaded = recordScripts(page);
      await page.goto(target.path);
      await target.ready(page);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => loaded.length).toBeGreaterThan(0);

      // The drawing library comes after the first render: its own load, not the first one; it
      // comes to the page that draws and to no other.
      const drawingFiles = afterFirstRenderFiles(target.module);
      const drawing = loaded.filter((script) => drawingFiles.has(script.url));
      const first = loaded.filter((script) => !drawingFiles.has(script.url));
      if (target.draws) expect(drawing.length).toBeGreaterThan(0);
      else expect(drawing.map((script) => script.url)).toEqual([]);
      const drawingKb =
        (await Promise.all(drawing.map((script) => gzipBytes(page, script.url)))).reduce((a, b) => a + b, 0) /
        1000;

      const gzip = await Promise.all(first.map((script) => gzipBytes(page, script.url)));
      const kb = gzip.reduce((sum, bytes) => sum + bytes, 0) / 1000;
      const brotliKb = first.reduce((sum, script) => sum + script.encodedBytes, 0) / 1000;
      const limitKb = budget.ceilingsKb[target.module] ?? budget.targetKb;
      const summary = `${target.path}: ${kb.toFixed(1)} kB of JavaScript gzip (${brotliKb.toFixed(1)} kB as the browser got it, brotli) in ${first.length} files; limit ${limitKb} kB, target ${budget.targetKb} kB${target.draws ? `; then ${drawingKb.toFixed(1)} kB after the first render in ${drawing.length} files` : ''}`;
      test.info().annotations.push({ type: 'first load', description: summary });
      console.log(summary);

      // Menus, popovers, tooltips and dialogs wait for the user: none came with the page.
      const parts = firstUseFiles();
      expect(loaded.map((script) => parts.get(script.url)).filter(Boolean)).toEqual([]);
      // The browser got every script compressed (the build's .br copies), none as a fallback page.
      expect(loaded.filter((script) => script.encoding !== 'br' && script.encodedBytes > 1024)).toEqual([]);
      expect(kb, `${target.path}: JavaScript of the first load, kB gzip`).toBeLessThanOrEqual(limitKb);
    } finally {
      await context.close();
    }
  });
}

test('every page of the build stays within its budget (from the manifest)', () => {
  const check = spawnSync(process.execPath, ['scripts/check-bundle-size.mjs', '--dir', 'dist/client'], {
    encoding: 'utf8',
  });
  expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0);
});

/**
 * `npm run bench:first-paint [-- --runs 7]`
 *
 * A cold load of Carrier Production, as the agency owner and the network user open it in a browser:
 * the built app (`npm run build` first; dist/server/main.js) runs on the demo data in a fresh
 * directory, each role signs in once, then every run opens /production in a new browser context
 * (empty cache, the session cookie kept) and reads, from Chromium's performance timeline, the
 * largest contentful paint and the moment the first figure of the report is drawn. It prints
 * p50/p95 per role (decision 056). Figures go in the closing note; no test asserts them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { DEMO_PASSWORD } from '#server/db/demo/catalog.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';

const ROLES = [
  { role: 'agency owner', email: 'owner@understanding.test' },
  { role: 'network user', email: 'network@understanding.test' },
];
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 7;
const port = Number(process.env.BENCH_PORT ?? 4950);
const baseURL = `http://127.0.0.1:${port}`;
const server = path.resolve('dist/server/main.js');

if (!existsSync(server)) throw new Error('Build the app first: npm run build');

async function startApp(dataDir: string) {
  const app = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'production',
      AUTH_SECRET: process.env.AUTH_SECRET ?? 'first-paint-bench-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return app;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  app.kill();
  throw new Error('The app did not start within 5 minutes');
}

/** The session of `email`, signed in through the sign-in page. */
async function signIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/auth/auth0');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('organisation-name').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One cold load of /production: LCP and the first figure, in ms from navigation start. */
async function coldLoad(browser: Browser, storageState: Awaited<ReturnType<typeof signIn>>) {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/production');
  await page.locator('table tbody tr th').first().waitFor({ timeout: 60_000 });
  const firstFigure = await page.evaluate(() => performance.now());
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  await context.close();
  return { lcp, firstFigure };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const show = (values: number[]) =>
  `${Math.round(percentile(values, 50))}/${Math.round(percentile(values, 95))}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'understanding-first-paint-'));
const app = await startApp(dataDir);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  console.log(`Cold loads of /production, ${runs} runs per role after one warm-up (p50/p95 ms)`);
  for (const { role, email } of ROLES) {
    const state = await signIn(browser, email);
    await coldLoad(browser, state);
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, state));
    console.log(
      `${role.padEnd(14)} LCP ${show(loads.map((l) => l.lcp))}  first figure ${show(loads.map((l) => l.firstFigure))}`,
    );
  }
} finally {
  await browser.close();
  app.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { fakeEmbedOrigins } from './fake-embed-site.ts';
import type { ReceivedMail } from './mail-sink.ts';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Understanding-demo-1';

/** Opens `path` signed out, signs in through the form it is sent to, and waits for the shell. */
export async function signIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/auth0$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('organisation-name')).toBeVisible();
}

/**
 * Checks of the page's state poll every 100 ms rather than at each frame: a headless Chromium that
 * stops drawing a page for a while (seen once after a resize, on a loaded machine) draws no frame to
 * poll at, and a check that waits for frames would wait until the test's own timeout.
 */
/** `text` as a regular expression matches it, every character taken literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const EVERY_100_MS = { polling: 100 } as const;

/** Two frames go by (a transition starts a frame after its element mounts), or half a second. */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 500);
      }),
  );
}

/** Fails with each axe violation and where it is. */
export async function expectNoAxeViolations(page: Page) {
  // A dialog still fading in has translucent colours: check once every transition has ended
  // (endless animations, such as spinners, never end and do not count), and every dialog is opaque. A
  // transition starts a frame after its element mounts, so two frames go by first.
  await nextFrames(page);
  await page.waitForFunction(
    () => {
      const settled = document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      const opaque = (element: Element | null): boolean =>
        !element || (getComputedStyle(element).opacity === '1' && opaque(element.parentElement));
      const shown = [...document.querySelectorAll('[role="dialog"]')].filter(
        (d) => d.getClientRects().length > 0,
      );
      return settled && shown.every(opaque);
    },
    undefined,
    EVERY_100_MS,
  );
  // axe runs in the page itself (legacy mode): by default it runs in each frame apart, then merges
  // the results in a blank page it opens and loads axe into, which was over half of a check's time
  // (on a staff /production, 6.0–7.3 s a check against 1.6–2.5 s). What that skips is the inside of
  // other origins' frames, which here are the fakes of the dashboard providers, not the product's pages.
  // Only violations and "needs review" are read, so axe builds no selector for every passing node.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations', 'incomplete'] })
    .setLegacyMode()
    .analyze();
  // axe counts text drawn in its background's own colour (1:1), or a short text under the ratio, as
  // "needs review" rather than a violation: such text is unreadable all the same (decision 050).
  const unreadable = results.incomplete
    .filter((r) => r.id === 'color-contrast')
    .map((r) => ({
      ...r,
      nodes: r.nodes.filter((n) =>
        n.any.some((check) => {
          const data = check.data as { messageKey?: string; contrastRatio?: number } | null;
          return (
            data?.messageKey === 'equalRatio' ||
            (data?.messageKey === 'shortTextContent' && (data.contrastRatio ?? 0) > 0)
          );
        }),
      ),
    }))
    .filter((r) => r.nodes.length > 0);
  expect(
    [...results.violations, ...unreadable].map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** Signs in through the API (the sign-in form has its own spec); the session cookie lands in the page. */
export async function signInAs(page: Page, email: string, baseURL: string | undefined) {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(response.ok(), `sign-in as ${email} answered ${response.status()}`).toBe(true);
}

/** Every message the app has sent over SMTP to the suite's mail sink so far, oldest first. */
export function receivedMail(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail);
}

/**
 * Waits for the newest message to `to` whose subject contains `subject`, sent after `since`
 * (a Date.now() taken before the action that sends it), and returns it.
 */
export async function waitForMail(to: string, subject: string, since: number): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail()
          .filter(
            (m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject) && m.receivedAt >= since,
          )
          .at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with "${subject}"`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * powerbi-client frames only https Power BI hosts: in this suite Power BI's origin is answered by
 * the fake embed site (tests/e2e/embed-providers.ts), so pages with a Power BI report load offline.
 */
export async function servePowerBiFromFake(context: BrowserContext) {
  const site = fakeEmbedOrigins(Number(process.env.E2E_EMBED_PORT)).other;
  await context.route('https://app.powerbi.com/**', async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${site}${url.pathname}${url.search}` }) });
  });
}

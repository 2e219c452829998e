import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { lookAtPage, type PageProblem } from './page-checks.ts';
import { servePowerBiFromFake, signInAs } from './support.ts';

/**
 * Looks at every page each demo role reaches, as a person on a laptop and on a wide screen would
 * (issue 31 item 7, decision 050): unreadable text, a page that scrolls sideways, clipped text and
 * unnamed icon controls fail; a screenshot of each page at 1280 and 1920 px goes into the report
 * (and, with LOOKS_SCREENS_DIR set, into that folder). Read-only against the demo data: it only
 * opens pages, so it runs beside the other specs.
 */

const NARROW = { width: 1280, height: 800 };
const WIDE = { width: 1920, height: 1080 };

type Role = {
  name: string;
  email: string;
  /** Pages not in the sidebar that the role reaches. */
  extra: string[];
  /** Detail pages reached by following the first link whose address starts so, from the page before. */
  follow?: { from: string; prefix: string }[];
};

const roles: Role[] = [
  {
    name: 'staff',
    email: 'staff@understanding.test',
    extra: [
      '/admin/carrier-requests',
      '/admin/mail-outbox',
      '/admin/report-assignments',
      '/admin/subscribers',
    ],
    follow: [{ from: '/admin/access', prefix: '/admin/users/' }],
  },
  { name: 'network', email: 'network@understanding.test', extra: [] },
  {
    name: 'owner',
    email: 'owner@understanding.test',
    extra: [],
    follow: [
      { from: '/billingcarriers', prefix: '/billingcarriers/edit' },
      { from: '/growth-measurement', prefix: '/growth-measurement/plans/' },
    ],
  },
  { name: 'admin', email: 'admin@understanding.test', extra: [] },
  { name: 'user', email: 'user@understanding.test', extra: [] },
];

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight (a quicker "network idle" than Playwright's 500 ms wait). */
function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

async function quiet(page: Page) {
  const pending = inFlight.get(page)!;
  const deadline = Date.now() + 15_000;
  let calm = 0;
  while (Date.now() < deadline && calm < 3) {
    calm = pending.size === 0 ? calm + 1 : 0;
    await page.waitForTimeout(50);
  }
}

/** Waits until the page has drawn its data: no request in flight, no loader on screen, fonts ready. */
async function settle(page: Page) {
  await quiet(page);
  await page
    .waitForFunction(
      () => {
        const busy = document.querySelectorAll(
          '.mantine-Loader-root, [aria-busy="true"], .mantine-Skeleton-root[data-visible="true"]',
        );
        return [...busy].every((e) => e.getClientRects().length === 0);
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await quiet(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Transitions (a menu fading, a collapse opening) end before anything is measured.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** After a resize: the transitions it started (the sidebar opening) have ended. */
async function settleLayout(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Goes to `pathname` inside the app, as its own links do (the router follows the history), rather
 * than loading the whole app again for every page.
 */
async function open(page: Page, pathname: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
  const target = new URL(pathname, 'http://app.invalid').pathname;
  await expect(page).toHaveURL((url) => url.pathname === target);
}

function slug(pathname: string): string {
  return (
    pathname
      .replace(/^\//, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/-+$/, '') || 'home'
  );
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  const dir = process.env.LOOKS_SCREENS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, `${name}.png`), body);
  }
}

/** The sidebar's own pages (not Log Out, not other sites), read from the expanded sidebar. */
async function sidebarPages(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('navigation')
    .first()
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)].filter((href) => href && href !== '/logout');
}

function format(problems: PageProblem[]): string[] {
  return problems.map((p) => `${p.kind}: ${p.where}: ${p.detail}`);
}

test.beforeEach(async ({ context }) => servePowerBiFromFake(context));
// One test per role, each with its own browser page: the roles share out among the workers.
test.describe.configure({ mode: 'parallel' });

for (const role of roles) {
  test(`every page ${role.name} reaches reads right at 1280 and 1920 px`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    trackRequests(page);
    await signInAs(page, role.email, baseURL);
    await page.setViewportSize(WIDE);
    await page.goto('/');
    await expect(page.getByTestId('organisation-name')).toBeVisible();
    await settle(page);
    const pages = [...(await sidebarPages(page)), ...role.extra];

    const found: Record<string, string[]> = {};
    const visit = async (pathname: string) => {
      await page.setViewportSize(NARROW);
      await open(page, pathname);
      await settle(page);
      const name = `${role.name}-${slug(pathname)}`;
      const problems = format(await lookAtPage(page));
      await shoot(page, testInfo, `${name}-1280`);
      await page.setViewportSize(WIDE);
      await settleLayout(page);
      problems.push(...format(await lookAtPage(page)).map((p) => `at 1920 px: ${p}`));
      await shoot(page, testInfo, `${name}-1920`);
      if (problems.length > 0) found[pathname] = [...new Set(problems)];
    };

    for (const pathname of pages) await visit(pathname);
    for (const { from, prefix } of role.follow ?? []) {
      await open(page, from);
      await settle(page);
      // A list the demo data leaves empty has no detail page to open.
      const link = page.locator(`a[href^="${prefix}"]`).first();
      if ((await link.count()) === 0) continue;
      await visit((await link.getAttribute('href'))!);
    }

    expect(found).toEqual({});
  });
}

test('the collapsed sidebar names every icon in a tooltip, on hover and on keyboard focus', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'staff@understanding.test', baseURL);
  await page.setViewportSize(NARROW);
  await page.goto('/helpDesk');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const links = navigation.getByRole('link');
  await expect(links.first()).toBeVisible();
  // Collapsed below 1900 px: icons only, their names visually hidden.
  expect((await navigation.boundingBox())!.width).toBeLessThan(100);
  const count = await links.count();
  expect(count).toBeGreaterThan(10);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    names.push((await links.nth(i).textContent())!.replace(' (opens in a new tab)', '').trim());
  }
  // Keyboard focus on an icon shows its name.
  await links.first().focus();
  await expect(links.first()).toBeFocused();
  await expect(page.getByRole('tooltip', { name: names[0], exact: true })).toBeVisible();
  // And with the pointer, once the focus has left the sidebar.
  await page.getByRole('heading', { level: 1 }).first().click();
  await links.nth(1).hover();
  await expect(page.getByRole('tooltip', { name: names[1], exact: true })).toBeVisible();
  await links.nth(2).hover();
  await expect(page.getByRole('tooltip', { name: names[2], exact: true })).toBeVisible();
  await expect(page.getByRole('tooltip', { name: names[1], exact: true })).toBeHidden();
  for (let i = 3; i < count; i++) {
    await links.nth(i).hover();
    await expect(
      page.getByRole('tooltip', { name: names[i], exact: true }),
      `hover on ${names[i]}`,
    ).toBeVisible();
  }
});

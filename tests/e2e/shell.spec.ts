import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, expectNoAxeViolations, servePowerBiFromFake } from './support.ts';

// The agency user lands on Agency Production, a Power BI report in the demo data.
test.beforeEach(async ({ context }) => servePowerBiFromFake(context));

const ACCESS_DENIED = 'You do not have access to this feature.';

/**
 * The live reports of the demo plan (Pro) that network users and the unmanaged owner open and that
 * show them something: a dashboard is assigned to Agency Production (their scorecard) and AMS Data
 * Health; the plan's other reports have none and no teaser of theirs, so they get no link.
 */
const LIVE_REPORT_LINKS = ['Agency Production', 'AMS Data Health'];

/**
 * Where each demo user lands on '/', and the sidebar they see. Carrier production is seeded for every
 * demo user except user@, whose access record denies it (so '/' falls through to agency production).
 */
const demoUsers = [
  {
    role: 'internal staff',
    email: 'staff@understanding.test',
    landing: '/production',
    sidebar: [
      'Carrier Production',
      'Agency Production',
      'Market Assistance',
      'Market Assistance Lite',
      'Market Assistance (Unaffiliated)',
      'Revenue Tuner',
      'Revenue Tuner (Unaffiliated)',
      'Retention',
      'Lift Analysis',
      'Cross-Sell',
      'Revenue Variance',
      'AMS Data Health',
      'Performance Charts',
      'Planning Tool',
      'Profit Sharing',
      'Monthly Close',
      'Benchmarks',
      'Early Warning',
      // No UPLOAD_PORTAL_URL: the product's own upload page, for holders of the upload permission.
      'Upload Data',
      'Manual Carrier Entry',
      'My Profile',
      'Help',
      'Access admin',
      'Log Out',
    ],
    levelPicker: true,
  },
  {
    role: 'network user',
    email: 'network@understanding.test',
    landing: '/production',
    sidebar: [
      'Carrier Production',
      ...LIVE_REPORT_LINKS,
      'Performance Charts',
      'Planning Tool',
      'Profit Sharing',
      'Monthly Close',
      'Benchmarks',
      'Early Warning',
      'Growth Plan Measurement',
      'Upload Data',
      'My Profile',
      'Help',
      'Log Out',
    ],
    levelPicker: true,
  },
  {
    role: 'agency owner',
    email: 'owner@understanding.test',
    landing: '/production',
    sidebar: [
      'Carrier Production',
      ...LIVE_REPORT_LINKS,
      'Performance Charts',
      'Planning Tool',
      'Profit Sharing',
      'Monthly Close',
      'Benchmarks',
      'Growth Plan Measurement',
      'Upload Data',
      'Manual Carrier Entry',
      'Users',
      // The owner is the subscriber's primary user, who sees the subscription.
      'My subscription',
      'My Profile',
      'Help',
      'Log Out',
    ],
    levelPicker: false,
  },
  {
    role: 'agency administrator',
    email: 'admin@understanding.test',
    landing: '/production',
    sidebar: [
      'Carrier Production',
      'Agency Production',
      'Performance Charts',
      'Planning Tool',
      'Profit Sharing',
      'Monthly Close',
      'Benchmarks',
      'Growth Plan Measurement',
      'Upload Data',
      'Manual Carrier Entry',
      'Users',
      'My Profile',
      'Help',
      'Log Out',
    ],
    levelPicker: false,
  },
  {
    role: 'agency user',
    email: 'user@understanding.test',
    landing: '/agency-production',
    sidebar: [
      'Agency Production',
      'Market Assistance',
      'Revenue Tuner',
      'Growth Plan Measurement',
      'Manual Carrier Entry',
      'Users',
      // Spec part 2 §6: non-admins see My subscription.
      'My subscription',
      'My Profile',
      'Help',
      'Log Out',
    ],
    levelPicker: false,
  },
] as const;

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

for (const demo of demoUsers) {
  test(`the ${demo.role} lands on ${demo.landing} and sees their sidebar`, async ({ page }) => {
    await signIn(page, demo.email);
    await expect(page).toHaveURL(new RegExp(`${demo.landing}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const links = navigation(page).getByRole('link');
    await expect(links).toHaveText([...demo.sidebar]);
    for (const name of demo.sidebar) {
      await expect(navigation(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('combobox', { name: /Report level/ })).toHaveCount(demo.levelPicker ? 1 : 0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /^Profile menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
    await expectNoAxeViolations(page);
  });
}

test('the agency user without carrier production is told so on /production', async ({ page }) => {
  await signIn(page, 'user@understanding.test', '/production');
  await expect(page).toHaveURL(/\/production$/);
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the sidebar collapses on narrow windows, expands on wide ones, and remembers the choice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'owner@understanding.test', '/helpDesk');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation(page).getByRole('link', { name: 'Help', exact: true })).toBeVisible();
  await expect(navigation(page)).toHaveCSS('width', '80px');

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation(page)).toHaveCSS('width', '280px');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectNoAxeViolations(page);

  await page.evaluate(() => localStorage.removeItem('understanding.navExpanded'));
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

test("What's new lists the product news", async ({ page }) => {
  await signIn(page, 'owner@understanding.test', '/helpDesk');
  await page.getByRole('button', { name: /^What's new/ }).click();
  const dialog = page.getByRole('dialog', { name: "What's new" });
  await expect(dialog.getByRole('heading', { name: "What's new" })).toBeVisible();
  await expect(dialog.locator('time').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: "What's new", exact: true })).toBeVisible();
});

test('a session that ends shows the session-expired modal, and sign-in returns to the page', async ({
  page,
  context,
}) => {
  // The news loads with the shell; the session ends only once it has (a request already under way
  // would still carry the cookie), so opening What's new asks again and meets the ended session.
  const newsLoaded = page.waitForResponse((response) => response.url().endsWith('/api/whats-new'));
  await signIn(page, 'owner@understanding.test', '/helpDesk');
  await newsLoaded;
  await context.clearCookies();
  await page.getByRole('button', { name: /^What's new/ }).click();

  const modal = page.getByRole('dialog', { name: 'Session expired' });
  await expect(modal).toContainText('Your session has expired. Please refresh or click below to log in.');
  await expectNoAxeViolations(page);
  await modal.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/auth\/auth0$/);

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@understanding.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/helpDesk$/);
});

test('a failing page shows the route error page with its reference id', async ({ page }) => {
  await signIn(page, 'staff@understanding.test', '/admin/users/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeVisible();
  await expect(page.getByText(/^Reference ID:/)).toBeVisible();
  await expect(page.getByTestId('reference-id')).not.toBeEmpty();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Return to Understanding' }).click();
  await expect(page).toHaveURL(/\/production$/);
});

test('staff screens are refused to agency users', async ({ page }) => {
  await signIn(page, 'owner@understanding.test', '/admin/access');
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
});

test('when staff revoke a session, the next call signs the user out', async ({ page, browser }) => {
  await signIn(page, 'admin@understanding.test', '/helpDesk');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'staff@understanding.test', '/admin/access');
  const search = await staff.request.get('/api/admin/users?search=admin%40understanding.test');
  const { users } = (await search.json()) as { users: { userUuid: string }[] };
  const revoked = await staff.request.post(`/api/admin/users/${users[0]!.userUuid}/revoke-sessions`);
  // Every live session of the user ends: this one, and any an earlier test left open.
  expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
  await staffContext.close();

  await page.getByRole('button', { name: /^What's new/ }).click();
  await expect(page).toHaveURL(/\/auth\/auth0$/);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test("an agency user opens Users from the profile menu and sees the agency's active users", async ({
  page,
}) => {
  await signIn(page, 'user@understanding.test');
  await page.getByRole('button', { name: /^Profile menu for / }).click();
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const owner = page.getByRole('row', { name: /owner@understanding\.test/ });
  await expect(owner.getByRole('checkbox')).toBeChecked();
  const user = page.getByRole('row', { name: /user@understanding\.test/ });
  await expect(user.getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Admin']);
  await expectNoAxeViolations(page);
});

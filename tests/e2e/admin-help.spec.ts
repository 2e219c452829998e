import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs } from './support.ts';

const STAFF = 'staff@understanding.test';
const AGENCY_USER = 'user@understanding.test';

test('staff open Help, expand a topic by keyboard and find the support address', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, STAFF, baseURL);
  await page.goto('/helpDesk');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();

  const topic = page.getByRole('button', { name: 'Request a new carrier' });
  await expect(topic).toHaveAttribute('aria-expanded', 'false');
  await topic.focus();
  await page.keyboard.press('Enter');
  await expect(topic).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Cannot find your Carrier? Let us know', { exact: false })).toBeVisible();

  const config = (await (await page.request.get('/akpi-env')).json()) as { supportEmail: string };
  expect(config.supportEmail).toContain('@');
  const support = page.getByRole('link', { name: config.supportEmail });
  await expect(support).toHaveAttribute('href', `mailto:${config.supportEmail}`);
  await expect(page.getByText('Still need help? Contact us at', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Enter');
  await expect(topic).toHaveAttribute('aria-expanded', 'false');
});

test('staff search for an agency user and open their access page', async ({ page, baseURL }) => {
  await signInAs(page, STAFF, baseURL);
  await page.goto('/admin/access');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Feature flags' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /on by default$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const users = page.getByRole('region', { name: 'Users' });
  const searched = page.waitForResponse(
    (response) => response.url().includes('/api/admin/users?search=user%40') && response.ok(),
  );
  await users.getByRole('searchbox', { name: 'Search users' }).fill('user@');
  await searched;
  const emails = users.locator('tbody tr td:nth-child(2)');
  await expect(emails.first()).toBeVisible();
  // The rows before the search may still be drawn when its answer comes: wait until none is left.
  await expect(emails.filter({ hasNotText: 'user@' })).toHaveCount(0);

  const row = users
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: AGENCY_USER, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Prairie Oak Insurance Agency');
  await row.getByRole('link').focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`${AGENCY_USER} · Agency · Prairie Oak Insurance Agency`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Feature access' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: /^Access to / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save access' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Revoke sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an agency user cannot reach the admin page or its API', async ({ page, baseURL }) => {
  await signInAs(page, AGENCY_USER, baseURL);
  await page.goto('/admin/access');
  await expect(page.getByText('You do not have access to this feature.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Feature flags' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/feature-flags')).status()).toBe(403);
  expect((await page.request.get('/api/admin/users?search=')).status()).toBe(403);
});

import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations } from './support.ts';

/** The demo users of the README, and the organisation each must see in the header. */
const demoUsers = [
  { role: 'internal staff', email: 'staff@understanding.test', organisation: 'Understanding staff' },
  { role: 'network user', email: 'network@understanding.test', organisation: 'Heartland Agency Alliance' },
  { role: 'agency owner', email: 'owner@understanding.test', organisation: null },
  { role: 'agency administrator', email: 'admin@understanding.test', organisation: null },
  { role: 'agency user', email: 'user@understanding.test', organisation: null },
] as const;

async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page).toHaveURL(/\/auth\/auth0$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the sign-in page is accessible and reachable by keyboard alone', async ({ page }) => {
  await page.goto('/auth/auth0');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  await page.keyboard.type('owner@understanding.test');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('organisation-name')).toBeVisible();
});

test('a wrong password gets a clear message and no session', async ({ page }) => {
  await page.goto('/');
  await signInThroughForm(page, 'owner@understanding.test', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/auth0$/);
});

for (const demo of demoUsers) {
  test(`the ${demo.role} signs in, sees their organisation, and signs out`, async ({ page }) => {
    await page.goto('/');
    await signInThroughForm(page, demo.email);
    const organisation = page.getByTestId('organisation-name');
    await expect(organisation).toBeVisible();
    if (demo.organisation) {
      await expect(organisation).toHaveText(demo.organisation);
    } else {
      // Agency users see their agency, whose name the API reports.
      const response = await page.request.get('/api/user');
      const { user } = (await response.json()) as { user: { agency: { name: string } } };
      await expect(organisation).toHaveText(user.agency.name);
    }
    // The landing page has loaded (its heading), so axe checks the page rather than its loader.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/auth\/auth0$/);
    const after = await page.request.get('/api/user');
    expect(after.status()).toBe(401);
  });
}

test('sign-in returns the user to the page they asked for', async ({ page }) => {
  await page.goto('/growth-measurement?year=2026');
  await signInThroughForm(page, 'user@understanding.test');
  await expect(page).toHaveURL(/\/growth-measurement\?year=2026$/);
});

test('ten wrong passwords in a row lock the address for a while, with a clear message', async ({ page }) => {
  // An address no other test signs in with: the lock lasts 15 minutes on this server.
  const email = 'locked-out@understanding.test';
  await page.goto('/auth/auth0');
  for (let i = 1; i <= 10; i++) {
    await signInThroughForm(page, email, `wrong-password-${i}`);
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  }
  await signInThroughForm(page, email, 'wrong-password-11');
  await expect(page.getByRole('alert')).toContainText(
    'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
  );
  await expectNoAxeViolations(page);
});

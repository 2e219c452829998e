import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs } from './support.ts';

const LAPSED = 'lapsed@understanding.test';
const COLLEAGUE = 'lapsed-colleague@understanding.test';

test('a lapsed agency subscribes through checkout, is let in, renames the agency, hands over and cancels', async ({
  page,
  baseURL,
}) => {
  // Without an active subscription the gate sends the user to /no-subscription, which offers the plans.
  await signInAs(page, LAPSED, baseURL);
  await page.goto('/production');
  await expect(page).toHaveURL(/\/no-subscription$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sorry, you are no longer subscribed...' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a subscription' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log Out' })).toBeVisible();
  // The server refuses the data too: a report's address typed into the API gets 402, not figures.
  const { user } = (await (await page.request.get('/api/user')).json()) as {
    user: { agency: { uuid: string } };
  };
  const report = `/api/core-production/by-carrier?levelUuid=${user.agency.uuid}&startDate=2026-01-01&endDate=2026-10-31`;
  const refused = await page.request.get(report);
  expect(refused.status()).toBe(402);
  expect(await refused.text()).toContain('subscription is not active');
  const proYearly = page.getByRole('article', { name: 'Pro yearly' });
  await expect(proYearly).toContainText('$2,990');
  await expect(proYearly).toContainText('per year');
  await expect(proYearly).toContainText('Best value');
  await expect(proYearly).toContainText('Embedded dashboards');
  await expectNoAxeViolations(page);

  // Select goes through the fake Stripe's hosted checkout, which pays and returns to /success.
  await page.getByRole('button', { name: /^Select Pro monthly/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The webhook made the subscription Active: the shell lets the user in.
  await page.getByRole('link', { name: 'Continue to Understanding' }).click();
  await expect(page).toHaveURL(/\/production$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrier Production' })).toBeVisible();
  expect((await page.request.get(report)).status()).toBe(200);
  await page.getByRole('link', { name: 'My subscription' }).click();
  await expect(page).toHaveURL(/\/my-subscription\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Subscription' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan' })).toContainText('Understanding Pro (Active)');
  await expect(page.getByRole('region', { name: 'Primary user' })).toContainText('Robin Hayes');
  // The collapsed sidebar's tooltip for the link just clicked is the shell's, not this page's.
  await page.mouse.move(900, 600);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The primary user renames the agency: letters and the punctuation of names (decision 052).
  const name = page.getByRole('textbox', { name: 'Agency Display Name' });
  await name.fill('Lantern 42');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Agency display name may contain letters, spaces/)).toBeVisible();
  await name.fill('  Lantern & Sons Insurance  ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The agency display name was saved.' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Agency Display Name' })).toHaveValue(
    'Lantern & Sons Insurance',
  );

  // Manage opens the Customer Portal, which returns to this page.
  await page.getByRole('button', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { name: 'Customer portal' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Understanding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Subscription' })).toBeVisible();

  // The Change Primary User dialog: the current primary user cannot be made primary again.
  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Primary User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Make Primary User' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await dialog.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: /Sam Ortiz/ }).click();
  await dialog.getByRole('button', { name: 'Make Primary User' }).click();
  await expect(dialog).toContainText('Make Sam Ortiz the primary user of this subscription?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Sam Ortiz is now the primary user.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Primary user' })).toContainText('Sam Ortiz');
  await expect(page.getByRole('button', { name: 'Change' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Agency Display Name' })).toHaveCount(0);

  // The new primary user cancels in the portal; the cancellation webhook locks the agency out again.
  await page.context().clearCookies();
  await signInAs(page, COLLEAGUE, baseURL);
  await page.goto('/');
  await expect(page).toHaveURL(/\/production$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrier Production' })).toBeVisible();
  await page.getByRole('link', { name: 'My subscription' }).click();
  await expect(page).toHaveURL(/\/my-subscription\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Primary user' })).toContainText('Sam Ortiz');
  await expect(page.getByRole('region', { name: 'Plan' })).toContainText('Understanding Pro (Active)');
  await page.getByRole('button', { name: 'Manage' }).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/\/no-subscription$/);
  await expect(page.getByText('Subscription status: Canceled')).toBeVisible();
});

test('the subscription choice is public and, like the checkout returns, passes axe', async ({
  page,
  baseURL,
}) => {
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a subscription' })).toBeVisible();
  await page.getByRole('button', { name: /^Select Essentials monthly/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Sign in to subscribe your agency.');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/auth0');
  await expectNoAxeViolations(page);

  await signInAs(page, 'owner@understanding.test', baseURL);
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a subscription' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Understanding Essentials' })).toContainText('$149');
  await expectNoAxeViolations(page);
  await page.goto('/cancel?returnTo=%2Fsubscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction canceled' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go back to choose a subscription' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
});

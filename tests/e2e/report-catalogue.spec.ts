import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, servePowerBiFromFake, signIn, signInAs, waitForMail } from './support.ts';

// Agency Production is a Power BI report in the demo data.
test.beforeEach(async ({ context }) => servePowerBiFromFake(context));

const ACCESS_DENIED = 'You do not have access to this feature.';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('an agency user without Carrier Production lands on Agency Production, a page with figures', async ({
  page,
}) => {
  await signIn(page, 'user@understanding.test');
  await expect(page).toHaveURL(/\/agency-production$/);
  // The demo gives him the scorecard (decision 058): his agency's figures, not a report to set up.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d{4} Invoice Revenue for /);
  await expect(page.getByTestId('scorecard-row').first()).toContainText(/\$[\d,]+/);
  await expect(page.getByText(/no dashboard|set it up/i)).toHaveCount(0);
  await expect(
    navigation(page).getByRole('link', { name: 'Agency Production', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  // The teasers the user may see are in the sidebar too, once each; Carrier Production is not.
  await expect(navigation(page).getByRole('link', { name: 'Market Assistance', exact: true })).toHaveCount(1);
  await expect(navigation(page).getByRole('link', { name: 'Revenue Tuner', exact: true })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Carrier Production' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a teaser says what the report does and sends an access request to support', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'user@understanding.test', baseURL);
  await page.goto('/revenue-tuner');
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue Tuner' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you will see' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Layout of the dashboard/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const since = Date.now();
  await page.getByRole('button', { name: 'Request Revenue Tuner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('Our producers would like to model renewals.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you. Your request has reached our support team, who will be in touch by e-mail.',
  );
  const mail = await waitForMail(
    'support@understanding.local',
    'Report access request: Revenue Tuner',
    since,
  );
  expect(mail.text).toContain('user@understanding.test');
  expect(mail.text).toContain('Our producers would like to model renewals.');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toHaveCount(0);
});

test('known reports the user may not open are denied, unknown paths are not found', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'user@understanding.test', baseURL);
  for (const path of ['/retention', '/lift-analysis', '/production', '/ams-data-health']) {
    await page.goto(path);
    await expect(page.getByText(ACCESS_DENIED), path).toBeVisible();
  }
  await page.goto('/no-such-report');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // With the scorecards flag, /scorecards leads to the scorecard in Agency Production.
  await page.goto('/scorecards');
  await expect(page).toHaveURL(/\/agency-production$/);
});

test('without the scorecards flag, /scorecards shows its own report page', async ({ page, baseURL }) => {
  await signInAs(page, 'admin@understanding.test', baseURL);
  await page.goto('/scorecards');
  await expect(page).toHaveURL(/\/scorecards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scorecards' })).toBeVisible();
});

test('staff assign a dashboard to a report for an agency, see it listed, and remove it', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'staff@understanding.test', baseURL);
  await page.goto('/admin/report-assignments');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  // The demo data assigns one dashboard per provider to the Heartland network.
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expectNoAxeViolations(page);

  const reportSelect = page.getByRole('combobox', { name: 'Report', exact: true });
  await reportSelect.selectOption({ label: 'Cross-Sell (/account-rounding)' });
  const level = page.getByRole('combobox', { name: 'Network or agency', exact: true });
  const agencyOption = level
    .locator('option')
    .filter({ hasText: /^HAA: / })
    .first();
  const agencyName = ((await agencyOption.textContent()) ?? '').replace(/^HAA: /, '');
  await level.selectOption({ label: `HAA: ${agencyName}` });
  await page.getByRole('combobox', { name: 'Provider', exact: true }).selectOption({ label: 'Metabase' });
  await page.getByRole('textbox', { name: 'Report id' }).fill('12');
  await page.getByRole('textbox', { name: 'Parameters' }).fill('not a parameter');
  await expect(page.getByText('Line 1: write name=value.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Parameters' }).fill('tenantParameter=agency');
  await page.getByRole('button', { name: 'Assign' }).click();

  const row = table.getByRole('row').filter({ hasText: 'Cross-Sell' });
  await expect(row).toContainText(agencyName);
  await expect(row).toContainText('Metabase');

  // The same report for the same agency again is refused with a message naming it.
  await reportSelect.selectOption({ label: 'Cross-Sell (/account-rounding)' });
  await level.selectOption({ label: `HAA: ${agencyName}` });
  await page.getByRole('combobox', { name: 'Provider', exact: true }).selectOption({ label: 'Metabase' });
  await page.getByRole('textbox', { name: 'Report id' }).fill('13');
  await page.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByRole('alert')).toContainText('A dashboard is already assigned to Cross-Sell');

  await row.getByRole('button', { name: `Remove Cross-Sell for ${agencyName}` }).click();
  await row.getByRole('button', { name: `Remove Cross-Sell for ${agencyName}` }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Cross-Sell' })).toHaveCount(0);
});

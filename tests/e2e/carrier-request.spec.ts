import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs, waitForMail } from './support.ts';

const STAFF = 'staff@understanding.test';
const OWNER = 'owner@understanding.test';

test('staff find a new carrier request and its e-mail on the admin pages, by keyboard', async ({
  page,
  baseURL,
}) => {
  const since = Date.now();
  const carrierName = `E2E Mutual ${since}`;
  await signInAs(page, OWNER, baseURL);
  const sent = await page.request.post('/api/carriers/jira-request', {
    data: {
      carrierName,
      carrierType: 'isSurety',
      carrierWebsite: 'www.e2e-mutual.com',
      additionalInfo: 'Surety bonds for contractors.',
    },
  });
  expect(await sent.json()).toMatchObject({ error: false });
  await page.context().clearCookies();

  await signInAs(page, STAFF, baseURL);
  await page.goto('/admin/access');
  const nav = page.getByRole('navigation', { name: 'Admin pages' });
  await nav.getByRole('link', { name: 'Carrier requests' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/carrier-requests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carrier requests' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: carrierName });
  await expect(row).toContainText('Surety');
  await expect(row).toContainText(OWNER);
  await expect(row).toContainText('Forwarded');
  await expectNoAxeViolations(page);

  await nav.getByRole('link', { name: 'Mail outbox' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
  const mail = page.getByRole('row').filter({ hasText: `New carrier request: ${carrierName}` });
  await expect(mail).toContainText('Sent (SMTP)');
  await expect(mail).toContainText('Carrier type: Surety');
  const received = await waitForMail(
    'support@understanding.local',
    `New carrier request: ${carrierName}`,
    since,
  );
  expect(received.text).toContain('Carrier type: Surety');
  await expectNoAxeViolations(page);
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';

const HIDDEN = '[Hidden information]';
const STORAGE_KEY = 'understanding.collaboration';

/**
 * A full calendar year the server accepts: the latest reporting month is two months back until the
 * 15th, one month back after it, so the year before last month's year is always fully reported.
 */
function reportedYear(): { startDate: string; endDate: string } {
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 2, 1);
  const year = lastMonth.getMonth() === 11 ? lastMonth.getFullYear() : lastMonth.getFullYear() - 1;
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** Carrier names by carrier id, as the server reports them to this session now. */
async function carrierNames(page: Page): Promise<Map<string, string>> {
  const response = await page.request.get(
    `/api/core-production/by-carrier?${new URLSearchParams(reportedYear()).toString()}`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    carriers: Record<string, { carrierUuid: string; carrierName: string }>;
  };
  return new Map(Object.values(body.carriers).map((row) => [row.carrierUuid, row.carrierName]));
}

const activeMenuButton = (page: Page) => page.getByRole('button', { name: 'Collaboration mode active' });

test('the agency owner enters collaboration mode with names hidden, and exits after confirming', async ({
  page,
}) => {
  await signIn(page, 'owner@understanding.test', '/production');
  await expect(page).toHaveURL(/\/production$/);
  const unmasked = await carrierNames(page);
  expect(unmasked.size).toBeGreaterThan(2);
  expect([...unmasked.values()]).not.toContain(HIDDEN);

  await page.getByRole('button', { name: /Profile menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Enter Collaboration Mode' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter collaboration mode' });
  await expect(dialog).toBeVisible();
  const checkboxes = dialog.getByRole('checkbox');
  await expect(checkboxes.first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Enter' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('5');
  await expectNoAxeViolations(page);

  // Two carriers that have figures in the year checked below, picked by keyboard from 25 rows.
  await dialog.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  const chosen: string[] = [];
  for (let i = 0; chosen.length < 2; i += 1) {
    const checkbox = checkboxes.nth(i);
    const uuid = await checkbox.getAttribute('value');
    if (uuid && unmasked.has(uuid)) {
      await checkbox.focus();
      await page.keyboard.press('Space');
      await expect(checkbox).toBeChecked();
      chosen.push(uuid);
    }
  }
  await dialog.getByRole('radio', { name: 'Hide carrier names' }).check();
  await expect(dialog.getByRole('status')).toContainText('Selected (2)');
  await dialog.getByRole('button', { name: 'Enter' }).click();

  await expect(dialog).toBeHidden();
  await expect(activeMenuButton(page)).toBeVisible();
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY);
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ carriersUuid: chosen, shareType: 'names' });

  const masked = await carrierNames(page);
  expect(masked.size).toBe(unmasked.size);
  for (const [uuid, name] of masked) {
    expect(name).toBe(chosen.includes(uuid) ? unmasked.get(uuid) : HIDDEN);
  }

  await page.getByRole('button', { name: /Profile menu for/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Enter Collaboration Mode' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await activeMenuButton(page).click();
  await expect(page.getByRole('menuitem', { name: 'Collaboration mode settings' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('menuitem', { name: 'Exit collaboration mode' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Yes, exit collaboration mode' }).click();

  await expect(confirm).toBeHidden();
  await expect(activeMenuButton(page)).toHaveCount(0);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
  expect(await carrierNames(page)).toEqual(unmasked);
});

test('collaboration settings reopen with the current choice; deselecting every carrier asks to exit', async ({
  page,
}) => {
  await signIn(page, 'owner@understanding.test', '/production');
  await page.getByRole('button', { name: /Profile menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Enter Collaboration Mode' }).click();
  const entry = page.getByRole('dialog', { name: 'Enter collaboration mode' });
  const first = entry.getByRole('checkbox').first();
  await first.check();
  await entry.getByRole('radio', { name: 'Show only these carriers' }).check();
  await entry.getByRole('button', { name: 'Enter' }).click();
  await expect(activeMenuButton(page)).toBeVisible();

  await activeMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Collaboration mode settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Collaboration mode settings' });
  await expect(settings.getByRole('checkbox').first()).toBeChecked();
  await expect(settings.getByRole('radio', { name: 'Show only these carriers' })).toBeChecked();
  await settings.getByRole('checkbox').first().uncheck();
  await expectNoAxeViolations(page);
  await settings.getByRole('button', { name: 'Apply' }).click();

  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(activeMenuButton(page)).toBeVisible();

  // Reloading keeps the mode: the session's copy on the server and in session storage.
  await page.reload();
  await expect(activeMenuButton(page)).toBeVisible();
});

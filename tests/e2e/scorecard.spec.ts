import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, literally, signInAs } from './support.ts';

const carriersTable = (page: Page) => page.getByRole('table', { name: 'Carriers' });
const rows = (page: Page) => page.getByTestId('scorecard-row');
const selectAll = (page: Page) => page.getByRole('checkbox', { name: 'Select all carriers' });
const selectedCount = (page: Page) => page.getByTestId('selected-count');

/** Runs `action` and waits for the by-carrier answer it asks for; answers its query. */
async function reloads(page: Page, action: () => Promise<unknown>): Promise<URLSearchParams> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/scorecards/by-carrier?'));
  await action();
  const response = await answered;
  expect(response.status()).toBe(200);
  await expect(page.getByLabel('Loading the scorecard')).toHaveCount(0);
  return new URL(response.url()).searchParams;
}

async function openScorecard(page: Page, email: string, baseURL: string | undefined) {
  await signInAs(page, email, baseURL);
  await reloads(page, () => page.goto('/agency-production'));
  await expect(rows(page).first()).toBeVisible();
}

test('an owner reads the scorecard: mode, filters, search, standard types, selection, lines, export', async ({
  page,
  baseURL,
}) => {
  // One journey through every control of the page: longer than one assertion's wait.
  test.setTimeout(180_000);
  await openScorecard(page, 'owner@understanding.test', baseURL);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^\d{4} Invoice Revenue for (?!Agencies).+/);
  await expect(page.getByTestId('latest-data')).toHaveText(/^Latest Data: \d{4}-\d{2}-\d{2}$/);
  for (const meter of ['Written Premium', 'Base Commission', 'Total Commission']) {
    const section = page.getByRole('region', { name: meter });
    await expect(section.getByText('Core', { exact: true })).toBeVisible();
    await expect(section.getByText('Non-core', { exact: true })).toBeVisible();
  }
  // Page size 5, written premium descending, 'Totals:' in the footer.
  await expect(rows(page)).toHaveCount(5);
  await expect(carriersTable(page).getByRole('columnheader', { name: /Written Premium/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByTestId('scorecard-totals')).toContainText('Totals:');
  await expect(carriersTable(page).getByText('Core carrier').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // 12M Book by default in the current year; YTD starts in January.
  const mode = page.getByRole('radiogroup', { name: 'Mode' });
  await expect(mode.getByRole('radio', { name: '12M Book' })).toBeChecked();
  const ytd = await reloads(page, () => mode.getByText('YTD').click());
  expect(ytd.get('startDate')).toMatch(/^\d{4}-01-01$/);

  // The filter popup: closes on an outside click, applies the carrier tree.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('radio', { name: 'All Carriers & Wholesalers' })).toBeChecked();
  await heading.click();
  await expect(page.getByRole('button', { name: 'Apply Filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('radio', { name: 'All Carriers', exact: true }).check();
  const filtered = await reloads(page, () => page.getByRole('button', { name: 'Apply Filters' }).click());
  expect(filtered.get('isMga')).toBe('false');
  await expect(page.getByTestId('active-composite')).toHaveText('All Carriers');

  // Search: a case-insensitive contains on the name.
  const first = (await rows(page).first().getByRole('checkbox').getAttribute('aria-label'))!.replace(
    'Select ',
    '',
  );
  const search = page.getByPlaceholder('Search for carrier...');
  await search.fill(first.slice(1, 6).toUpperCase());
  await expect(rows(page).first()).toContainText(first);
  await search.fill('');

  // Standard types: PL only; Apply is enabled once a type is picked.
  await reloads(page, () => page.getByRole('radiogroup', { name: 'Policy type' }).getByText('PL').click());
  const apply = page.getByRole('button', { name: 'Apply', exact: true });
  await expect(apply).toBeDisabled();
  await page.getByRole('combobox', { name: 'Standard types' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expect(apply).toBeEnabled();
  const typed = await reloads(page, () => apply.click());
  expect(typed.get('parentTypeCode')).toBe('PL');
  expect(typed.get('standardTypes')).toBeTruthy();
  await reloads(page, () => page.getByRole('radiogroup', { name: 'Policy type' }).getByText('P&C').click());
  await expect(page.getByRole('combobox', { name: 'Standard types' })).toHaveCount(0);

  // Selection: one row is partial, select-all takes every row, and the summary bar follows.
  await expect(selectedCount(page)).toHaveText('0 selected');
  await expect(selectAll(page)).toHaveAttribute('data-state', '0');
  await rows(page).nth(0).getByRole('checkbox').check();
  await expect(selectedCount(page)).toHaveText('1 selected');
  await expect(selectAll(page)).toHaveAttribute('data-state', '2');
  await expect(page.getByTestId('selection-summary')).toContainText(
    /Total Written Premium\$[1-9][\d,]* \(\d+\.\d%\)/,
  );
  await selectAll(page).click();
  await expect(selectAll(page)).toHaveAttribute('data-state', '1');
  await expect(selectAll(page)).toBeChecked();
  const total = Number(
    (await page
      .getByRole('status')
      .filter({ hasText: /carriers?$/ })
      .textContent())!.split(' ')[0],
  );
  await expect(selectedCount(page)).toHaveText(`${total} selected`);
  await rows(page).nth(1).getByRole('checkbox').uncheck();
  await expect(selectAll(page)).toHaveAttribute('data-state', '2');

  // A row opens to its lowest lines of business, or says its statement does not map that far.
  await rows(page)
    .first()
    .getByRole('button', { name: /Show the lines of business/ })
    .click();
  await expect(
    page
      .getByRole('table', { name: /^Lines of business of / })
      .or(page.getByText('Agency did not map to lowest LOB level')),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The CSV of the table.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Invoice_Revenue_.+\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^Company,Carrier Type,Line of Business,Written Premium \(USD\)/);
  expect(csv).toContain('Totals:');

  // An earlier year: no mode switch, and the filters go back to their defaults.
  await page.getByRole('combobox', { name: 'Year' }).click();
  const earlier = await reloads(page, () => page.getByRole('listbox').getByRole('option').nth(1).click());
  expect(earlier.get('startDate')).toMatch(/-01-01$/);
  expect(earlier.get('endDate')).toMatch(/-12-31$/);
  await expect(page.getByRole('radiogroup', { name: 'Mode' })).toHaveCount(0);
  await expect(
    page.getByRole('radiogroup', { name: 'Carrier type' }).getByRole('radio', { name: 'All' }),
  ).toBeChecked();
  await expect(selectedCount(page)).toHaveText('0 selected');
});

test('a network user sees the agencies together, then picks one agency', async ({ page, baseURL }) => {
  await openScorecard(page, 'network@understanding.test', baseURL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d{4} Invoice Revenue for Agencies$/);
  await expectNoAxeViolations(page);
  await page.getByRole('combobox', { name: 'Agency', exact: true }).click();
  const option = page.getByRole('listbox').getByRole('option').nth(1);
  const name = (await option.textContent())!;
  const query = await reloads(page, () => option.click());
  expect(query.get('selectedAgencyUuid')).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`Invoice Revenue for ${literally(name)}$`),
  );
  await expect(rows(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

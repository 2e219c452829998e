import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, literally, signIn } from './support.ts';

// The report's table: an agency's page shows its early warnings' table above it.
const table = (page: Page) => page.getByRole('table').last();
const dataRows = (page: Page) => table(page).locator('tbody tr');
const rowHeaders = (page: Page) => table(page).locator('tbody tr th[scope="row"]');
const search = (page: Page) => new URL(page.url()).searchParams;

/** Waits until the table shows figures (or says there are none), not the loader. */
async function waitForTable(page: Page) {
  await expect(page.getByLabel('Loading carrier production')).toHaveCount(0);
  await expect(dataRows(page).first()).toBeVisible();
}

/** Runs `action` and waits for the report data it asks for to arrive and show. */
async function reloads(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse((r) => /\/api\/core-production\/by-(carrier|agency)\?/.test(r.url()));
  await action();
  expect((await answered).status()).toBe(200);
  await waitForTable(page);
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A simple CSV split, enough for the header and the first fields of a line. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields;
}

test('the report passes the accessibility checks while it is still loading', async ({ page }) => {
  // Hold the report data back so the controls stay disabled while axe looks at the page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/core-production\/by-carrier\?/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, 'admin@understanding.test', '/production');
  await expect(page.getByLabel('Loading carrier production')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'PL' })).toBeDisabled();
  await expectNoAxeViolations(page);
  // axe skips the labels of disabled inputs, but their colour fades into the enabled one when the
  // data arrives, so the disabled colour itself must be readable on the control's background.
  const ratio = await page.getByText('PL', { exact: true }).evaluate((label) => {
    const rgb = (css: string) =>
      css
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number);
    const luminance = (css: string) => {
      const [r, g, b] = rgb(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    let background = label.parentElement!;
    while (getComputedStyle(background).backgroundColor === 'rgba(0, 0, 0, 0)') {
      background = background.parentElement!;
    }
    const [fg, bg] = [getComputedStyle(label).color, getComputedStyle(background).backgroundColor];
    const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
  release();
  await waitForTable(page);
  await expect(page.getByRole('radio', { name: 'PL' })).toBeEnabled();
});

test('a report that cannot load says so in the server-error modal, which Continue closes', async ({
  page,
}) => {
  await page.route(/\/api\/core-production\/by-carrier\?/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'internal', message: 'The server has encountered an error.' },
        referenceId: 'e2e-reference',
      }),
    }),
  );
  await signIn(page, 'owner@understanding.test', '/production');
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('Error loading by-carrier');
  await expect(modal.getByRole('link', { name: 'Go to login' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeHidden();
});

test('the agency owner works the Carrier Production report end to end', async ({ page }) => {
  await signIn(page, 'owner@understanding.test', '/production');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrier Production' })).toBeVisible();
  await waitForTable(page);
  await expect(page.getByRole('columnheader', { name: /Written Premium/ }).first()).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('img', { name: 'Written premium by line' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A line other than Total offers standard types; applying them refetches.
  const lines = page.getByRole('radiogroup', { name: 'Line of business' });
  await expect(lines.locator('label')).toHaveText(['Total (P&C)', 'PL', 'CL', 'Bond', 'Crop']);
  await expect(page.getByPlaceholder('Select standard types')).toHaveCount(0);
  await reloads(page, () => lines.getByText('PL', { exact: true }).click());
  await expect(page).toHaveURL(/line=PL/);
  await expect(page.getByText('* Manual entries will not be shown in results below')).toBeVisible();
  await page.getByRole('combobox', { name: 'Standard types' }).click();
  await page.getByRole('option', { name: 'Personal Auto' }).click();
  await page.keyboard.press('Escape');
  await reloads(page, () => page.getByRole('button', { name: 'Apply', exact: true }).click());
  await expect(page).toHaveURL(/types=PAUTO/);
  await expectNoAxeViolations(page);

  // The Filters dialog narrows the carriers.
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog.getByRole('radio', { name: 'All Carriers & Wholesalers' })).toBeChecked();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  await dialog.getByRole('radio', { name: 'All Carriers', exact: true }).check();
  await reloads(page, () => dialog.getByRole('button', { name: 'Apply Filters' }).click());
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/composite=carriers/);
  await expect(page.getByTestId('active-composite')).toHaveText('All Carriers');

  // A new timeframe goes back to Total, no standard types and every carrier.
  await reloads(page, () => choose(page, 'Timeframe', 'Last 12 months (12MM)'));
  await expect(page).toHaveURL(/timeframe=P12M--\d{4}-\d{2}/);
  expect(search(page).has('line')).toBe(false);
  expect(search(page).has('types')).toBe(false);
  expect(search(page).has('composite')).toBe(false);
  await expect(lines.getByRole('radio', { name: 'Total (P&C)' })).toBeChecked();
  await expect(page.getByTestId('active-composite')).toHaveText('All Carriers & Wholesalers');

  // One month shows the manual-data warning; a link reproduces the view.
  await reloads(page, () => choose(page, 'Timeframe', 'Monthly'));
  await expect(
    page.getByText('*Manually entered Carrier Production Data will not be returned'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toBeVisible();
  const monthly = page.url();
  await reloads(page, () => page.goto(monthly));
  await expect(page.getByRole('combobox', { name: 'Timeframe' })).toHaveValue('Monthly');
  await reloads(page, () => choose(page, 'Timeframe', 'Year to date (YTD)'));
  await expect(page.getByText('*Manually entered Carrier Production Data will not be returned')).toHaveCount(
    0,
  );

  // Search is a case-insensitive contains on the name.
  const first = (await rowHeaders(page).first().innerText()).trim();
  const fragment = first.slice(0, 5);
  const box = page.getByRole('searchbox', { name: 'Search by name' });
  await box.fill(fragment.toUpperCase());
  await expect(rowHeaders(page).first()).toContainText(first);
  // The first row matched before the search too: wait until no row is left that does not match.
  const matching = new RegExp(literally(fragment), 'i');
  await expect(rowHeaders(page).filter({ hasNotText: matching })).toHaveCount(0);
  await box.fill('no carrier is called this');
  await expect(table(page).getByText('No data found')).toBeVisible();
  await box.fill('');

  // A carrier opens to its lines.
  const opener = page.getByRole('button', { name: `Lines of ${first}` });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(table(page).locator('tbody tr[data-line-of]').first()).toBeVisible();

  // The CSV download of the current view.
  const ytdButton = page.getByRole('button', { name: /^Download Carrier Production for YTD \d{4} through/ });
  const [download] = await Promise.all([page.waitForEvent('download'), ytdButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^Prairie_Oak.*\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const csvLines = csv.split(/\r?\n/).filter(Boolean);
  expect(csvFields(csvLines[0]!)).toEqual(
    expect.arrayContaining([
      'Carrier',
      'Written Premium (USD)',
      'Prior Written Premium (USD)',
      'Loss Ratio (%)',
    ]),
  );
  expect(csvLines.length).toBeGreaterThan(1);
  await expect(ytdButton).toBeEnabled();

  // Incomplete data: the badge shows until the toggle hides those carriers.
  const badge = page.getByTestId('incomplete-badge');
  await expect(badge).toHaveText('Incomplete Carrier Data');
  // Keyboard focus (focus-visible) opens the tooltip.
  await badge.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(badge).toBeFocused();
  await expect(page.getByRole('tooltip').filter({ hasText: /^Incomplete carrier data/ })).toHaveText(
    'Incomplete carrier data in your selected period will lead to unexpected prior values and % change ratios.',
  );
  await expect(table(page).locator('tbody tr[data-incomplete]').first()).toBeVisible();
  const hide = page.getByRole('switch', { name: 'Hide incomplete data' });
  await hide.focus();
  await page.keyboard.press('Space');
  await expect(hide).toBeChecked();
  await expect(badge).toHaveCount(0);
  await expect(table(page).locator('tbody tr[data-incomplete]')).toHaveCount(0);
  await expect(page).toHaveURL(/hideIncomplete=true/);
  await expectNoAxeViolations(page);

  // The same report per agency.
  await reloads(page, () =>
    page.getByRole('radiogroup', { name: 'Show production by' }).getByText('Agency', { exact: true }).click(),
  );
  await expect(page).toHaveURL(/view=agencies/);
  await expect(page.getByRole('columnheader', { name: /^Agency/ })).toBeVisible();
  await expect(rowHeaders(page).first()).toHaveText(/^Prairie Oak .* - .+ - [A-Z]{2}$/);
  await expectNoAxeViolations(page);
});

test('the network user sees agencies a page of 25 at a time', async ({ page }) => {
  await signIn(page, 'network@understanding.test', '/production?view=agencies');
  await waitForTable(page);
  await expect(page.getByRole('columnheader', { name: /^Agency/ })).toBeVisible();
  const total = Number(
    (
      await page
        .getByRole('status')
        .filter({ hasText: /rows?$/ })
        .innerText()
    ).split(' ')[0],
  );
  if (total > 25) {
    await expect(dataRows(page)).toHaveCount(25);
    const pages = page.getByRole('navigation', { name: 'Table pages' });
    await expect(pages).toBeVisible();
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption({ label: 'All' });
    await expect(dataRows(page)).toHaveCount(total);
  } else {
    await expect(page.getByRole('navigation', { name: 'Table pages' })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  // The download follows the view: one total line per agency, then its lines of business.
  const button = page.getByRole('button', { name: /^Download Carrier Production for / });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const csvLines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter(Boolean);
  expect(csvFields(csvLines[0]!).slice(0, 3)).toEqual([
    'Agency',
    'Line of Business',
    'Written Premium (USD)',
  ]);
  const totals = csvLines.slice(1).filter((line) => csvFields(line)[1] === 'Total (P&C)');
  expect(totals).toHaveLength(total);
  expect(csvFields(totals[0]!)[0]).toMatch(/^.+ - .+ - [A-Z]{2}$/);
});

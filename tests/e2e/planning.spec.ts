import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations, signInAs } from './support.ts';

const NETWORK = 'network@understanding.test';

/** The figure cells of `row` line up, left and right, with the table's eight figure headers. */
async function expectUnderHeaders(table: Locator, row: Locator) {
  const edges = (cells: Locator) =>
    cells.evaluateAll((all) =>
      all.map((c) => {
        const box = c.getBoundingClientRect();
        return [Math.round(box.left), Math.round(box.right)];
      }),
    );
  const headers = await edges(table.locator('thead tr').nth(1).locator('th'));
  expect(headers).toHaveLength(8);
  expect((await edges(row.locator('td'))).slice(-8)).toEqual(headers);
}

test('a network analyst reads the planning tool by carrier, agency and agency code', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, NETWORK, baseURL);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Planning Tool' })
    .click();
  await expect(page).toHaveURL(/\/planning/);
  await expect(page.getByRole('heading', { level: 1, name: 'Planning Tool' })).toBeVisible();

  // The cards, with the network comparison of a policy type.
  const wp = page.getByRole('table', { name: 'Written Premium' });
  await expect(wp.getByRole('row')).toHaveCount(5);
  const pc = page.getByTestId('network-Written Premium-P&C');
  await pc.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Network:' })).toContainText(
    /Network: \$[\d,]+ \(100(\.0)?% of the network\)/,
  );

  // Carriers, with their date badges.
  const table = page.getByRole('table', { name: 'Planning' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const badge = table.locator('[data-icon]').first();
  await badge.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: /reported|no data/ })).toContainText(
    /(last reported in \d{4}-\d{2} with \d+ of \d+ months reported|has no data in the selected time period\.)/,
  );
  await expect(table.getByRole('rowheader', { name: 'Totals:' })).toBeVisible();

  // A row opens to its lines and its agency codes.
  await table
    .getByRole('button', { name: /show details/ })
    .first()
    .click();
  await expect(table.getByText('LOB', { exact: true })).toBeVisible();
  // Its figures are rows of the table: each sits under its column's header.
  const lob = table.getByTestId('LOB-row').first();
  await expect(lob).toBeVisible();
  await expectUnderHeaders(table, lob);
  await table.getByText('Subcode', { exact: true }).click();
  const subcode = table.getByTestId('Subcode-row').first();
  await expect(subcode).toBeVisible();
  await expectUnderHeaders(table, subcode);

  // Selection Summary of two rows.
  await table.getByRole('checkbox').nth(0).check();
  await table.getByRole('checkbox').nth(1).check();
  await expect(page.getByTestId('selection-summary')).toContainText(/Total WP: \$[1-9][\d,]*/);
  await expectNoAxeViolations(page);

  // By agency, then by agency code; a policy type other than P&C shows the LOB note.
  await page
    .getByRole('radiogroup', { name: 'Show production by' })
    .getByText('Agency', { exact: true })
    .click();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.locator('[data-icon]')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Show production by' }).getByText('Agency Code').click();
  await expect(table).toHaveAttribute('aria-busy', 'false');

  // By agency code the server pages, sorts and searches the table (decision 095).
  const sortedBy = (name: string | RegExp) =>
    table.getByRole('columnheader').filter({ has: page.getByRole('button', { name }) });
  await expect(sortedBy('Written Premium Current')).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('rowheader', { name: 'Totals:' })).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Table pages' });
  if (await pages.isVisible()) {
    const firstOfPage1 = await table
      .getByRole('button', { name: /show details/ })
      .first()
      .textContent();
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.getByRole('button', { name: /show details/ }).first()).not.toHaveText(firstOfPage1!);
  }
  await table.getByRole('button', { name: /^Name/ }).click();
  await expect(sortedBy(/^Name/)).toHaveAttribute('aria-sort', 'ascending');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const first = (await table
    .getByRole('button', { name: /show details/ })
    .first()
    .textContent())!.trim();
  const code = first.split(/\s/)[0]!;
  await page.getByRole('textbox', { name: 'Search agency codes' }).fill(code);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('button', { name: /show details/ }).first()).toContainText(code);
  // The CSV of the whole selection comes from the server.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/Agency_Codes_.*\.csv$/);
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Search agency codes' }).fill('');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('radiogroup', { name: 'Policy type' }).getByText('PL', { exact: true }).click();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await table
    .getByRole('button', { name: /show details/ })
    .first()
    .click();
  await expect(
    table.getByText(
      '* Written Premium entries will only show in the Subcode section when filtering by Broad Line of Business.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

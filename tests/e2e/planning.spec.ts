import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs } from './support.ts';

const NETWORK = 'network@understanding.test';

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
  await table.getByText('Subcode', { exact: true }).click();
  await expect(table.getByRole('table', { name: /: Subcode$/ })).toBeVisible();

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

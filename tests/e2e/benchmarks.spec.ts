import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs } from './support.ts';

const OWNER = 'owner@understanding.test';
const NETWORK = 'network@understanding.test';

test('an agency owner sees its percentile against its peers, per carrier and line', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, OWNER, baseURL);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Benchmarks' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Benchmarks' })).toBeVisible();
  await page.mouse.move(900, 600);
  await expect(page.getByText(/^Size band: /)).toBeVisible();
  const book = page.getByRole('article', { name: 'All carriers and lines' });
  await expect(
    book.getByRole('img', { name: /^Loss ratio: .*percentile of \d+ in your band/ }),
  ).toBeVisible();
  await expect(book.getByText(/^Median .* percentile of \d+ in your band/).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'By carrier' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Any period, by keyboard: one month, as on Carrier Production.
  const timeframe = page.getByRole('combobox', { name: 'Timeframe' });
  await timeframe.focus();
  await page.keyboard.press('ArrowDown');
  const monthly = page.getByRole('option', { name: 'Monthly' });
  await expect(monthly).toBeVisible();
  const monthlyId = await monthly.getAttribute('id');
  expect(monthlyId).toBeTruthy();
  // Down to Monthly an option at a time, each step seen before the next (the list wraps round): a
  // press counted on a list still opening, or the pointer resting on it, is not a wrong answer.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(timeframe).toHaveAttribute('aria-activedescendant', monthlyId!, { timeout: 300 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/timeframe=\d{4}-\d{2}(&|$)/);
  await expect(page.getByRole('combobox', { name: 'Month' })).toBeVisible();
  await expect(page.getByTestId('timeframe-summary')).toHaveText(/^\d{4}-\d{2}, compared with \d{4}-\d{2}$/);
  await expect(page.getByRole('article', { name: 'All carriers and lines' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a network user sees the early warnings and follows one to Carrier Production on the carrier', async ({
  page,
  baseURL,
}) => {
  // About a minute on an idle machine (two reports, two axe checks, Carrier Production): a bound for a hang.
  test.setTimeout(240_000);
  await signInAs(page, NETWORK, baseURL);
  await page.goto('/');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Benchmarks' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Member agencies' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "The network's distribution" })).toBeVisible();
  await expectNoAxeViolations(page);
  // A custom range: the 13 months up to the latest, compared with the 13 before them a year earlier.
  await page.getByRole('combobox', { name: 'Timeframe' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByRole('combobox', { name: 'Start month' }).click();
  await page.getByRole('option').nth(12).click();
  await expect(page).toHaveURL(/timeframe=\d{4}-\d{2}--\d{4}-\d{2}(&|$)/);
  await expect(page.getByTestId('timeframe-summary')).toHaveText(
    /^\d{4}-\d{2} to \d{4}-\d{2}, compared with /,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Member agencies' })).toBeVisible();

  await navigation.getByRole('link', { name: 'Early Warning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Early Warning' })).toBeVisible();
  await page.mouse.move(900, 600);
  const table = page.getByRole('table', { name: 'Early warnings' });
  // The server pages the warnings by agency name; a person lists one reason alone, or searches.
  const summary = page.getByText(/^1–\d+ of [\d,]+ warnings at [\d,]+ agenc/);
  await expect(summary).toBeVisible();
  const everyWarning = (await summary.textContent()) ?? '';
  // The largest books first, then back to agency names.
  const byBook = page.waitForResponse((r) => r.url().includes('order=premium') && r.status() === 200);
  await page.getByLabel('Order').selectOption({ label: 'Largest written premium first' });
  await byBook;
  await expect(summary).toHaveText(everyWarning);
  await page.getByLabel('Order').selectOption({ label: 'Agency name' });
  await page.getByLabel('Show').selectOption({ label: 'Loss ratio high and rising' });
  await expect(summary).not.toHaveText(everyWarning);
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toContainText(/Loss ratio over .* and rising/);
  await expect(rows.filter({ hasNotText: /Loss ratio over .* and rising/ })).toHaveCount(0);
  const agency = ((await rows.first().getByRole('rowheader').textContent()) ?? '').trim();
  await page.getByRole('searchbox', { name: 'Search agencies' }).fill(agency);
  await expect(summary).toHaveText(/ at 1 agency$/);
  await expect(rows.first().getByRole('rowheader')).toHaveText(agency);
  const rising = rows.first();
  await expectNoAxeViolations(page);
  const link = rising.getByRole('link');
  const carrier = ((await link.textContent()) ?? '').trim();
  expect(carrier).not.toBe('');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/production\?.*q=/);
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue(carrier);
  await expect(
    page
      .getByRole('cell', { name: carrier })
      .or(page.getByRole('rowheader', { name: carrier }))
      .first(),
  ).toBeVisible();
});

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

  // Another period, by keyboard.
  const timeframe = page.getByRole('combobox', { name: 'Timeframe' });
  await timeframe.focus();
  await timeframe.selectOption({ index: 1 });
  await expect(page).toHaveURL(/timeframe=/);
  await expect(page.getByRole('article', { name: 'All carriers and lines' })).toBeVisible();
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

  await navigation.getByRole('link', { name: 'Early Warning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Early Warning' })).toBeVisible();
  await page.mouse.move(900, 600);
  const table = page.getByRole('table', { name: 'Early warnings' });
  // The server pages the warnings by agency name; a person lists one reason alone, or searches.
  const summary = page.getByText(/^1–\d+ of [\d,]+ warnings at [\d,]+ agenc/);
  await expect(summary).toBeVisible();
  const everyWarning = (await summary.textContent()) ?? '';
  await page.getByLabel('Show').selectOption({ label: 'Loss ratio high and rising' });
  await expect(summary).not.toHaveText(everyWarning);
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toContainText(/Loss ratio over .* and rising/);
  expect(await rows.filter({ hasNotText: /Loss ratio over .* and rising/ }).count()).toBe(0);
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

import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TIME_ZONE,
  calendarDateIn,
  latestReportingMonth,
} from '../../src/shared/domain/reporting-month.ts';
import { expectNoAxeViolations, literally, signInAs } from './support.ts';

const OWNER = 'owner@understanding.test';
const STAFF = 'staff@understanding.test';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const latest = latestReportingMonth(calendarDateIn(BUSINESS_TIME_ZONE));
const thisYear = Number(latest.slice(0, 4));
const lastYear = thisYear - 1;
const latestMonthName = MONTHS[Number(latest.slice(5, 7)) - 1]!;

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an owner starts this year’s plan from last year’s, sets goals, and measures this year and last', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, OWNER, baseURL);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Growth Plan Measurement' })
    .click();
  await expect(page).toHaveURL(/\/growth-measurement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Growth Plan Measurement' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(thisYear));
  await expect(page.getByRole('combobox', { name: 'Through month' })).toHaveValue(latestMonthName);
  await expect(page.getByRole('heading', { name: `${thisYear} Growth Plan` })).toBeVisible();

  // Start the year again from last year's plan.
  await page.getByRole('link', { name: 'Edit plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${thisYear} growth plan` })).toBeVisible();
  await page.getByRole('button', { name: 'Delete plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText(`There is no growth plan for ${thisYear}.`)).toBeVisible();
  const create = page.getByRole('form', { name: `Create the ${thisYear} plan` });
  await create.getByRole('textbox', { name: 'Plan name' }).fill(`${thisYear} Plan from last year`);
  await expect(create.getByRole('checkbox', { name: /Start from the previous year's plan/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await create.getByRole('button', { name: 'Create plan' }).click();

  // The editor: last year's carriers and lines, with this year's priors filled in.
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${thisYear} growth plan` })).toBeVisible();
  const prior = page.getByRole('textbox', { name: /^Prior written premium, / }).first();
  await expect(prior).toBeVisible();
  const rowName = ((await prior.getAttribute('aria-label')) ?? '').replace('Prior written premium, ', '');
  const row = page.getByRole('row').filter({
    has: page.getByRole('textbox', { name: `Prior written premium, ${rowName}`, exact: true }),
  });
  const carrierName = rowName.replace(/ (Personal|Commercial|Bond|Crop)$/, '');
  // Adding a carrier (Help): remove the row, add it back; it starts from last year's written premium.
  const lastYearPremium = await prior.inputValue();
  await page.getByRole('button', { name: `Remove ${rowName}`, exact: true }).click();
  await expect(row).toHaveCount(0);
  // A searchable list: typing narrows the carriers to the one wanted.
  await page.getByRole('combobox', { name: 'Carrier to add' }).fill(carrierName);
  await page.getByRole('option', { name: carrierName, exact: true }).click();
  await page
    .getByRole('combobox', { name: 'Line of Business to add' })
    .selectOption({ label: rowName.slice(carrierName.length + 1) });
  await page.getByRole('button', { name: 'Add carrier' }).click();
  await expect(page.getByRole('textbox', { name: `Prior written premium, ${rowName}` })).toHaveValue(
    lastYearPremium,
  );
  await expect(page.getByRole('textbox', { name: `Growth goal %, ${rowName}` })).toHaveValue('0');
  await expect(page.getByRole('textbox', { name: `Rate %, ${rowName}` })).toHaveValue('0');
  await expect(page.getByRole('textbox', { name: `Retention %, ${rowName}` })).toHaveValue('100');
  await page.getByRole('textbox', { name: `Prior written premium, ${rowName}` }).fill('100000');
  await page.getByRole('textbox', { name: `Growth goal %, ${rowName}` }).fill('10');
  await page.getByRole('textbox', { name: `Rate %, ${rowName}` }).fill('5');
  await page.getByRole('textbox', { name: `Retention %, ${rowName}` }).fill('85');
  // 100,000 x 1.10 less 100,000 x 0.85 x 1.05: $20,750 of new business, 18.9 % of the $110,000 goal.
  await expect(row.getByTestId('wp-goal')).toHaveText('$110,000');
  await expect(row.getByTestId('new-business-goal')).toHaveText('$20,750');
  await expect(row.getByRole('cell', { name: '18.9%' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The plan was saved.' })).toBeVisible();

  // Measure this year: the current reporting month, carriers expanding by line, the chart.
  await page.getByRole('link', { name: 'Back to Growth Plan Measurement' }).click();
  await expect(page.getByRole('heading', { name: `${thisYear} Plan from last year` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Through month' })).toHaveValue(latestMonthName);
  const table = page.getByRole('table', {
    name: new RegExp(`^${thisYear} Plan from last year against actual`),
  });
  await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await table
    .getByRole('button', { name: /show lines of business/ })
    .first()
    .click();
  await expect(table.getByRole('button', { name: /hide lines of business/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(table.getByRole('button', { name: /show lines of business/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(table.getByRole('button', { name: /hide lines of business/ })).toHaveCount(0);
  await expect(
    page.getByRole('img', { name: `Total written premium against goal, ${thisYear}` }),
  ).toBeVisible();
  await choose(page, 'Line of Business', 'Personal');
  await expect(
    page.getByRole('img', { name: `Personal written premium against goal, ${thisYear}` }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Search carriers' }).fill(carrierName.slice(0, 6).toUpperCase());
  await choose(page, 'Line of Business', 'Total');
  await expect(
    table.getByRole('button', {
      name: new RegExp(`^${literally(carrierName)}:`),
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A past year starts at January.
  await choose(page, 'Year', String(lastYear));
  await expect(page.getByRole('combobox', { name: 'Through month' })).toHaveValue('January');
  await expect(page.getByRole('heading', { name: `${lastYear} Growth Plan` })).toBeVisible();
  await choose(page, 'Through month', 'December');
  await expect(
    page.getByRole('table', {
      name: `${lastYear} Growth Plan against actual, January to December ${lastYear}`,
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a user without the growthMeasurement flag is refused', async ({ page, baseURL }) => {
  await signInAs(page, STAFF, baseURL);
  await page.goto('/production');
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Carrier Production' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Growth Plan Measurement' }),
  ).toHaveCount(0);
  await page.goto('/growth-measurement');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('You do not have access to this feature.', { exact: true })).toBeVisible();
  const api = await page.request.get('/api/growth-measurement/carriers');
  expect(api.status()).toBe(403);
  await expectNoAxeViolations(page);
});

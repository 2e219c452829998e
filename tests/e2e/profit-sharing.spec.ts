import { expect, test, type Page } from '@playwright/test';
import { agreementTemplateCsv } from '../../src/shared/contracts/profit-sharing-import.ts';
import { expectNoAxeViolations, signInAs } from './support.ts';

const OWNER = 'owner@understanding.test';
const NETWORK = 'network@understanding.test';

test('an owner enters a carrier’s grid, reads the projected bonus and the next band, and tries a what-if', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, OWNER, baseURL);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profit Sharing' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profit Sharing' })).toBeVisible();
  // The pointer leaves the collapsed sidebar, whose icon's tooltip it opened.
  await page.mouse.move(900, 600);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // The demo's three agreements, each with its status and projection.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByText('Projected payout')).toBeVisible();
  await expectNoAxeViolations(page);

  // A second agreement with the carrier of the demo's Personal lines agreement.
  const personal = page.getByRole('link', { name: /: Personal lines growth bonus$/ });
  const carrier = ((await personal.textContent()) ?? '').replace(/: Personal lines growth bonus$/, '');
  expect(carrier).not.toBe('');
  await page.getByRole('link', { name: 'New agreement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New profit-sharing agreement' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New agreement' });
  await form.getByRole('combobox', { name: 'Carrier' }).fill(carrier.slice(0, 12));
  await page.getByRole('option', { name: carrier, exact: true }).click();
  await form.getByRole('textbox', { name: 'Agreement name' }).fill('Growth grid from the PDF');
  await form.getByRole('checkbox', { name: 'CL' }).uncheck();
  await form.getByRole('checkbox', { name: 'BOND' }).uncheck();
  await form.getByRole('checkbox', { name: 'CROP' }).uncheck();
  // The starting grid is three loss-ratio bands by three growth bands; the best cell pays 3.25 %.
  await form.getByRole('textbox', { name: 'Bonus %, row 1, column 3' }).fill('3.25');
  await form.getByRole('textbox', { name: 'Loss ratio must be under (%)' }).fill('');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save agreement' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: `${carrier}: Growth grid from the PDF` }),
  ).toBeVisible();
  const yearEnd = page.getByRole('region', { name: 'Projected to year end' });
  await expect(yearEnd).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bonus grid' }).getByText('3.25%')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Better bands at year end' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A what-if: a large amount of new business moves the projection to a better growth band.
  const before = await yearEnd.textContent();
  await page.getByRole('textbox', { name: 'Extra new business ($)' }).fill('2000000');
  await expect(yearEnd).not.toHaveText(before ?? '');
  await expect(yearEnd.getByText(/^Growth$/)).toBeVisible();

  // Back on the list, the new agreement has its card.
  await page.getByRole('link', { name: 'Back to Profit Sharing' }).click();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('link', { name: `${carrier}: Growth grid from the PDF` })).toBeVisible();
});

test('an owner imports a filled agreements template: a wrong row saves nothing, the fixed file adds the agreement', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, OWNER, baseURL);
  await page.goto('/profit-sharing');
  const personal = page.getByRole('link', { name: /: Personal lines growth bonus$/ });
  const carrier = ((await personal.textContent()) ?? '').replace(/: Personal lines growth bonus$/, '');
  expect(carrier).not.toBe('');
  const heading = await page.getByRole('heading', { name: /^Agreements for \d{4}$/ }).textContent();
  const year = Number(heading?.slice(-4));
  const section = page.getByRole('region', { name: 'Import agreements from a CSV' });
  await expect(section.getByRole('button', { name: 'Download the template' })).toBeEnabled();
  const filled = agreementTemplateCsv(carrier, year, 'Imported growth grid');
  const choose = (csv: string) =>
    section
      .getByLabel('Filled template (CSV)')
      .setInputFiles({ name: 'agreements.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // A bonus of 150 % in the fourth row: the problem is named by row and column, nothing is saved.
  await choose(filled.replace(/,0\.5\r\n/, ',150\r\n'));
  await section.getByRole('button', { name: 'Import' }).click();
  const problems = section.getByRole('list', { name: 'Problems in the file' });
  await expect(problems.getByText('Row 5, Bonus %: A bonus rate must be at most 100 %')).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByRole('link', { name: `${carrier}: Imported growth grid` })).toHaveCount(0);

  await choose(filled);
  await section.getByRole('button', { name: 'Import' }).click();
  await expect(section.getByText('1 agreement imported from agreements.csv.')).toBeVisible();
  const card = page.getByRole('article').filter({
    has: page.getByRole('link', { name: `${carrier}: Imported growth grid` }),
  });
  await expect(card.getByText('Projected payout')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a network user reads the network’s agreement and its member agencies ranked by payout at risk', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, NETWORK, baseURL);
  await page.goto('/profit-sharing');
  await expect(page.getByRole('heading', { level: 1, name: 'Profit Sharing' })).toBeVisible();
  await expect(page.getByRole('link', { name: /: Alliance master agreement$/ })).toBeVisible();
  const members = page.getByRole('region', { name: 'Member agencies by payout at risk' });
  // The owner's agency's agreements among them (three in the demo, and any the owner test added), and
  // five more agencies'.
  await expect(members.getByRole('row', { name: /Prairie Oak Insurance Agency/ }).first()).toBeVisible();
  expect(
    await members.getByRole('row', { name: /Prairie Oak Insurance Agency/ }).count(),
  ).toBeGreaterThanOrEqual(3);
  expect(await members.getByRole('row').count()).toBeGreaterThanOrEqual(1 + 8);
  // The ranking's count and totals are of every member agreement, whatever page is shown.
  await expect(members.getByText(/^\d+ agreements: payout at risk .+, projected payout /)).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * The additional compensation of `carrier` on the scorecard of `agency` for `year`, in whole dollars
 * as the page shows it (0 where it shows none), opened as a network user opens it: Agency
 * Production, the year, the agency, the carrier searched for.
 */
async function additionalOnScorecard(page: Page, agency: string, carrier: string, year: number) {
  const loaded = async (action: () => Promise<unknown>) => {
    const answered = page.waitForResponse((r) => r.url().includes('/api/scorecards/by-carrier?'));
    await action();
    expect((await answered).status()).toBe(200);
    await expect(page.getByLabel('Loading the scorecard')).toHaveCount(0);
  };
  await loaded(() => page.goto('/agency-production'));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/Invoice Revenue for Agencies$/);
  const yearBox = page.getByRole('combobox', { name: 'Year' });
  if ((await yearBox.inputValue()) !== String(year)) {
    await yearBox.click();
    await loaded(() => page.getByRole('option', { name: String(year), exact: true }).click());
  }
  const agencyBox = page.getByRole('combobox', { name: 'Agency', exact: true });
  await agencyBox.click();
  await agencyBox.fill(agency);
  await loaded(() => page.getByRole('option', { name: agency, exact: true }).click());
  await expect(heading).toHaveText(`${year} Invoice Revenue for ${agency}`);
  await page.getByRole('searchbox', { name: 'Search for carrier' }).fill(carrier);

  const table = page.getByRole('table', { name: 'Carriers' });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((h) => h.includes('Additional Compensation'));
  expect(column).toBeGreaterThan(0);
  // The search narrows the rows to the names containing the carrier's, its own among them.
  const row = page.getByTestId('scorecard-row').filter({ has: page.getByText(carrier, { exact: true }) });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  const text = await row.getByRole('cell').nth(column).innerText();
  if (text.includes('Not reported')) return 0;
  expect(text).toMatch(/^-?\$[\d,]+$/);
  return Number(text.replace(/[$,]/g, ''));
}

test('a network user records a contingent check, allocates it, and the agency’s scorecard counts its share', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, NETWORK, baseURL);
  await page.goto('/profit-sharing');
  await page.getByRole('link', { name: 'Contingent checks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contingent checks' })).toBeVisible();
  // The demo's allocated advance.
  const checks = page.getByRole('region', { name: /^Checks of / });
  await expect(checks.getByRole('row', { name: /Mid-year contingency advance/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const year = Number(/Checks of (\d{4})/.exec((await checks.getByRole('heading').textContent()) ?? '')![1]);
  await page.getByRole('button', { name: 'Record a check' }).click();
  const record = page.getByRole('dialog', { name: `Record a ${year} check` });
  await expect(record).toBeVisible();
  await record.getByRole('textbox', { name: 'Amount ($)' }).fill('1234.57');
  await record.getByLabel('Date received').fill(`${year}-02-10`);
  await record.getByRole('textbox', { name: 'Memo' }).fill('End-to-end check');
  await expectNoAxeViolations(page);
  await record.getByRole('button', { name: 'Record check' }).click();

  // The allocation opens on the new check, which names its carrier.
  const allocate = page.getByRole('dialog', { name: 'Allocate the check' });
  await expect(allocate.getByRole('radio', { name: 'By premium share' })).toBeChecked();
  const about = (await allocate.getByText(/ received \d{4}-\d{2}-\d{2}\. The shares count/).textContent())!;
  const carrier = /^(.+) \(.+\), \d{4}: /.exec(about)![1]!;

  await allocate.getByRole('button', { name: 'Preview' }).click();
  const preview = allocate.getByRole('table', { name: 'Preview: nothing is saved yet.' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('row', { name: /^Total/ })).toContainText('$1,234.57');
  await expectNoAxeViolations(page);
  // A member agency with premium under the agreement: the carrier is on its scorecard.
  const members = preview.locator('tbody tr');
  let agency = '';
  for (const cells of await Promise.all(
    (await members.all()).map((row) => row.getByRole('cell').allInnerTexts()),
  )) {
    if (cells[1] !== '$0.00') {
      agency = cells[0]!;
      break;
    }
  }
  expect(agency).not.toBe('');

  // The agency's scorecard before the check counts, in a second tab of the same session.
  const scorecard = await page.context().newPage();
  const before = await additionalOnScorecard(scorecard, agency, carrier, year);

  await allocate.getByRole('radio', { name: 'By hand' }).check();
  await expect(allocate.getByText(/left to share/)).toBeVisible();
  await allocate.getByRole('radio', { name: 'By premium share' }).check();
  await allocate.getByRole('button', { name: 'Save allocation' }).click();
  await expect(page.getByRole('status')).toContainText('is allocated');
  const row = checks.getByRole('row', { name: /End-to-end check/ });
  await expect(row).toContainText('By premium share');

  // Re-allocated by hand, whole dollars to the agency (the page shows dollars without cents) and the
  // cents to another member: the scorecard counts the new allocation in place of the first.
  await row.getByRole('button', { name: /^(Allocate|Re-allocate) the \$1,234\.57 check of / }).click();
  await expect(allocate.getByRole('table', { name: 'Saved: by premium share.' })).toBeVisible();
  await allocate.getByRole('radio', { name: 'By hand' }).check();
  const amounts = allocate.getByRole('textbox', { name: / \(\$\)$/ });
  const count = await amounts.count();
  for (let i = 0; i < count; i += 1) await amounts.nth(i).fill('0');
  await allocate.getByRole('textbox', { name: `${agency} ($)`, exact: true }).fill('1234');
  const labels = await allocate.locator('label').allInnerTexts();
  const other = labels.find((label) => label.endsWith(' ($)') && label !== `${agency} ($)`)!;
  await allocate.getByRole('textbox', { name: other, exact: true }).fill('0.57');
  await expect(allocate.getByText('Typed $1,234.57 of $1,234.57.')).toBeVisible();
  await allocate.getByRole('button', { name: 'Save allocation' }).click();
  await expect(page.getByRole('status')).toContainText('is allocated');
  await expect(row).toContainText('By hand');

  expect(await additionalOnScorecard(scorecard, agency, carrier, year)).toBe(before + 1234);
});

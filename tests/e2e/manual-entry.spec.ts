import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';

const OWNER = 'owner@understanding.test';

/** Demo carriers, one of which the owner's agency has no feed from (so no onboarded notice). */
const CANDIDATES = [
  'Beacon E&S Partners',
  'Sterling Program Underwriters',
  'Ridgeway Specialty MGA',
  'Apex Wholesale Insurance',
  'Fairview Casualty',
  'Stonegate Insurance Company',
  'Anchor Point Indemnity',
  'Golden Acre Crop Insurance',
  'Harvest Plains Agricultural',
];

/** A catalogue carrier that is not onboarded by a feed for the signed-in user's agency. */
async function carrierWithoutFeed(page: Page, origin = ''): Promise<string> {
  const response = await page.request.get(`${origin}/api/carriers/onboarded`);
  expect(response.status()).toBe(200);
  const onboarded = new Set(
    ((await response.json()) as { carriers: { name: string }[] }).carriers.map((c) => c.name),
  );
  // Not one of the carriers the demo agency already enters by hand either (listed on the page).
  const listed = (await page.getByRole('row').allInnerTexts()).join('\n');
  const name = CANDIDATES.find((c) => !onboarded.has(c) && !listed.includes(c));
  expect(name, 'a demo carrier without a feed or entries for this agency').toBeDefined();
  return name!;
}

/** Picks an option of a Mantine select by its label. */
async function choose(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

/** Stage one of the entry modal: the carrier (searched) and a sub-code, new or existing. */
async function pickCarrierAndSubCode(dialog: Locator, carrier: string, subCode: string, isNew: boolean) {
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill(carrier.slice(0, 2));
  await expect(dialog.getByText('Enter at least 3 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill(carrier.slice(0, 8));
  await dialog.getByRole('button', { name: carrier, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Sub-code' }).fill(subCode);
  if (isNew) await dialog.getByRole('button', { name: 'Click to create new subcode' }).click();
  else await dialog.getByRole('button', { name: subCode, exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
}

async function submitAndWaitForSuccess(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('an agency owner creates, edits and deletes manual carrier entries', async ({ page }) => {
  await signIn(page, OWNER, '/billingcarriers');
  await expect(page.getByRole('heading', { name: 'Input Additional Carrier Production' })).toBeVisible();
  // The demo agency already enters a few carriers by hand.
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'No data found' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const carrier = await carrierWithoutFeed(page);
  const year = await page.getByRole('combobox', { name: 'Year' }).inputValue();

  // January, with every validation message on the way.
  await page.getByRole('button', { name: 'New Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Carrier Data Entry' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await pickCarrierAndSubCode(dialog, carrier, 'E2E-01', true);
  await choose(dialog, 'Line of Business', 'PL');
  await choose(dialog, 'Month', 'January');
  await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).fill('12.5');
  await dialog.getByRole('textbox', { name: 'New Business YTD' }).click();
  await expect(dialog.getByText('Not a valid dollar amount')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).fill('1,000.00');
  await dialog.getByRole('radio', { name: 'Loss Ratio' }).check();
  await dialog.getByRole('textbox', { name: 'Loss Ratio' }).fill('55.123456');
  await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).click();
  await expect(dialog.getByText('Not a valid percent')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Loss Ratio' }).fill('55.5%');
  await expectNoAxeViolations(page);
  await submitAndWaitForSuccess(page, dialog);
  const row = page.getByRole('row', { name: new RegExp(carrier) });
  await expect(row.getByRole('cell', { name: '$1,000' })).toBeVisible();

  // February on the existing sub-code; then February again, which edits it (the warning says so).
  for (const [amount, warned] of [
    ['2,500', false],
    ['$3,000.00', true],
  ] as const) {
    await page.getByRole('button', { name: 'New Entry' }).click();
    dialog = page.getByRole('dialog', { name: 'New Carrier Data Entry' });
    await pickCarrierAndSubCode(dialog, carrier, 'E2E-01', false);
    await choose(dialog, 'Line of Business', 'PL');
    await choose(dialog, 'Month', 'February');
    const warning = dialog.getByText(
      'An entry already exists that matches these parameters. Submitting will edit it',
    );
    if (warned) await expect(warning).toBeVisible();
    else await expect(warning).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).fill(amount);
    await submitAndWaitForSuccess(page, dialog);
  }
  await expect(row.getByRole('cell', { name: '$3,000' })).toBeVisible();

  // A CL entry too, so there is a second line of business.
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'New Carrier Data Entry' });
  await pickCarrierAndSubCode(dialog, carrier, 'E2E-01', false);
  await choose(dialog, 'Line of Business', 'CL');
  await choose(dialog, 'Month', 'January');
  await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).fill('400');
  await submitAndWaitForSuccess(page, dialog);
  await expect(row.getByRole('cell', { name: '$3,400' })).toBeVisible();
  await expect(row.getByLabel('PL: entered')).toBeVisible();
  await expect(row.getByLabel('2 of 12 months completed')).toBeVisible();

  // The carrier's entries, newest first; January's edited through the modal with its breadcrumb.
  await row.getByRole('link', { name: carrier }).click();
  await expect(page).toHaveURL(/\/billingcarriers\/edit\?/);
  await expect(page.getByRole('heading', { name: carrier })).toBeVisible();
  const pl = page.getByRole('table', { name: 'Details of PL' });
  await expect(pl.getByRole('row').nth(1)).toContainText(`${year}-02-01`);
  await expect(pl.getByRole('row').nth(2)).toContainText(`${year}-01-01`);
  await expectNoAxeViolations(page);
  await pl.getByRole('button', { name: `Edit ${year}-01-01` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Existing Entry' });
  await expect(dialog.getByRole('navigation', { name: 'Entry' })).toContainText(`January ${year}`);
  await expect(dialog.getByRole('textbox', { name: 'Written Premium YTD' })).toHaveValue('1,000.00');
  await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).fill('1,100.00');
  await submitAndWaitForSuccess(page, dialog);
  await expect(pl.getByRole('row').nth(2)).toContainText('$1,100');

  // Delete one Details entry, then the CL line of business, each after its confirmation.
  await pl.getByRole('button', { name: `Delete the entry of ${year}-01-01` }).click();
  let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('You are about to permanently delete a Details entry.');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(pl.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete line of business CL' }).click();
  confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('You are about to permanently delete a Line of Business entry.');
  await expect(confirm).toContainText('Its Details entries will also be removed.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('table', { name: 'Details of CL' })).toHaveCount(0);

  // Back to the list; deleting the carrier removes everything that is left.
  await page.getByRole('link', { name: 'Back to the carriers' }).click();
  await page
    .getByRole('row', { name: new RegExp(carrier) })
    .getByRole('button', { name: `Delete ${carrier}` })
    .click();
  confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('You are about to permanently delete a Carrier entry.');
  await expect(confirm).toContainText('Its Line of Business and Details entries will also be removed.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(carrier) })).toHaveCount(0);
});

test('a user asks for a missing carrier from the entry modal', async ({ page }) => {
  await signIn(page, OWNER, '/billingcarriers');
  await page.getByRole('button', { name: 'New Entry' }).click();
  await page.getByRole('button', { name: 'Cannot find your Carrier? Let us know' }).click();
  const request = page.getByRole('dialog', { name: 'New carrier request' });
  await expect(request).toBeVisible();
  await expect(request.getByRole('textbox', { name: 'Email' })).toHaveValue(OWNER);
  await expect(request.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await request.getByRole('textbox', { name: 'Carrier Name' }).fill('Prairie Wind Mutual');
  await request.getByRole('textbox', { name: 'Carrier Website' }).fill('not a url');
  await request.getByRole('textbox', { name: 'Additional Info' }).fill('Farm and ranch.');
  await expect(request.getByText('Must be a valid URL.  eg. www.carrier.com')).toBeVisible();
  await expect(request.getByText('15/400')).toBeVisible();
  await request.getByRole('textbox', { name: 'Carrier Website' }).fill('www.prairiewind.com');
  await request.getByRole('combobox', { name: 'Carrier Type' }).selectOption({ label: 'Multiline' });
  await expectNoAxeViolations(page);
  await request.getByRole('button', { name: 'Submit' }).click();
  await expect(
    request.getByText('Your request was successfully received and will be reviewed by our staff.'),
  ).toBeVisible();
  await request.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('dialog', { name: 'New carrier request' })).toHaveCount(0);
});

/** The built app on its own port and data directory, so the test can stop and start it. */
function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
}

async function waitForHealth(page: Page, origin: string) {
  await expect
    .poll(async () => (await page.request.get(`${origin}/api/health`).catch(() => null))?.status(), {
      timeout: 120_000,
    })
    .toBe(200);
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

test('a saved entry survives a server restart', async ({ page }) => {
  test.setTimeout(240_000);
  const port = 4180;
  const origin = `http://127.0.0.1:${port}`;
  // A copy of the run's seeded demo data (tests/e2e/app-servers.ts): a fresh directory would seed again.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'understanding-restart-'));
  cpSync(process.env.E2E_SEEDED_DIR!, dataDir, { recursive: true });
  let server = startServer(port, dataDir);
  try {
    await waitForHealth(page, origin);
    await signIn(page, OWNER, `${origin}/billingcarriers`);
    const carrier = await carrierWithoutFeed(page, origin);
    await page.getByRole('button', { name: 'New Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Carrier Data Entry' });
    await pickCarrierAndSubCode(dialog, carrier, 'RESTART-1', true);
    await choose(dialog, 'Line of Business', 'Bond');
    await choose(dialog, 'Month', 'January');
    await dialog.getByRole('textbox', { name: 'Written Premium YTD' }).fill('7,654.32');
    await submitAndWaitForSuccess(page, dialog);

    await stopServer(server);
    server = startServer(port, dataDir);
    await waitForHealth(page, origin);
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(carrier) });
    await expect(row.getByRole('cell', { name: '$7,654' })).toBeVisible();
    await expect(row.getByLabel('BOND: entered')).toBeVisible();
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

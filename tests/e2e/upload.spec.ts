import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { levelsResponseSchema } from '../../src/shared/contracts/levels.ts';
import {
  addMonths,
  BUSINESS_TIME_ZONE,
  calendarDateIn,
  latestReportingMonth,
} from '../../src/shared/domain/reporting-month.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

const NETWORK_USER = 'network@understanding.test';

type Target = { agencyUuid: string; carriers: { uuid: string; name: string; code: string }[] };

/**
 * Two carriers with an agency code at one Heartland agency, from the demo data as the network user
 * sees it: the files below are written for them.
 */
async function findTarget(page: Page): Promise<Target> {
  const levels = levelsResponseSchema.parse(await (await page.request.get('/api/levels')).json());
  const heartland = levels.networks.find((n) => n.name === 'Heartland Agency Alliance');
  expect(heartland, 'the demo network').toBeDefined();
  for (const agency of heartland!.agencies) {
    const onboarded = (await (
      await page.request.get(`/api/carriers/onboarded?levelUuid=${agency.uuid}`)
    ).json()) as { carriers: { uuid: string; name: string }[] };
    const carriers: Target['carriers'] = [];
    for (const carrier of onboarded.carriers) {
      const codes = (await (
        await page.request.get(`/api/subcodes/fetch?levelUuid=${agency.uuid}&carrierUuid=${carrier.uuid}`)
      ).json()) as { subCodes: { code: string }[] };
      if (codes.subCodes.length === 1) carriers.push({ ...carrier, code: codes.subCodes[0]!.code });
      if (carriers.length === 2) return { agencyUuid: agency.uuid, carriers };
    }
  }
  throw new Error('No Heartland agency with two carriers and their agency codes');
}

/** A carrier's CSV as portals write it: a title block, messy amounts, the carrier named per row. */
function productionCsv(target: Target, month: string): string {
  const { name, code } = target.carriers[0]!;
  return [
    `${name} - Agency Production Report`,
    'Run on request',
    '',
    'Agency Code,Company,Policy Type,Month,Written Premium,New Business,Earned Premium,Incurred Losses',
    `${code},${name.toUpperCase()} CO,Personal Auto Policy,${month},"$1,500.25",$200.00,"1,000.00",(50.00)`,
    `${code},${name.toUpperCase()} CO,Homeowners Policy,${month},500.25,0,,"$300.10"`,
    '',
  ].join('\r\n');
}

/** A second carrier's XLSX, its carrier chosen on the form. */
async function productionXlsx(target: Target, month: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Production');
  sheet.addRow(['Agent Code', 'Line of Business', 'Period', 'Written Premium', 'Earned Premium']);
  sheet.addRow([target.carriers[1]!.code, 'Dwelling Fire Policy', month, 750.25, 600]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function uploadFiles(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  options: { carrier?: string; through: string },
) {
  const form = page.getByRole('form', { name: 'New upload' });
  await form.getByRole('radio', { name: 'Production' }).check();
  if (options.carrier) {
    await form.getByRole('combobox', { name: 'Carrier' }).fill(options.carrier.slice(0, 6));
    await page.getByRole('option', { name: options.carrier, exact: true }).click();
  }
  await form.getByLabel('Covers through').fill(options.through);
  await form.getByLabel('Files (CSV, text or XLSX)').setInputFiles(files);
  await form.getByRole('button', { name: 'Upload' }).click();
}

/** Maps the columns as proposed (the saved profile, else the suggestions) and reads the rows. */
async function readRows(page: Page) {
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  // These files hold each month's own figures, as their column names say.
  await expect(page.getByRole('radio', { name: "Each month's own figures" })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Read the rows' }).click();
  await expect(page.getByRole('heading', { name: 'Map the values' })).toBeVisible();
}

/**
 * Commits after checking the preview's totals; a full restatement (the demo's other lines of the
 * month removed, so the carrier's month is the file's) is declared first and its preview shown.
 */
async function commitAfterPreview(page: Page, written: string, restatement = false) {
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  if (restatement) {
    await page.getByRole('checkbox', { name: /This file is a full restatement/ }).check();
    await expect(
      page
        .getByRole('table', { name: 'Figures replaced' })
        .or(page.getByText('No loaded figure would be removed.')),
    ).toBeVisible();
  }
  const byCarrier = page.getByRole('table', { name: 'Totals by carrier' });
  await expect(byCarrier).toContainText(written);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('status').filter({ hasText: /rows? loaded/ })).toBeVisible();
}

/** The carrier's row of Carrier Production for the agency and month (the written premium first). */
async function carrierRow(page: Page, target: Target, month: string, carrier: string) {
  await page.goto(`/production?timeframe=${month}&level=${target.agencyUuid}`);
  await expect(page.getByLabel('Loading carrier production')).toHaveCount(0);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: carrier }) });
  await expect(row).toBeVisible();
  return row;
}

test('a network user uploads a CSV and an XLSX, maps, previews, commits, re-uploads without doubling and undoes', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, NETWORK_USER, '/upload');
  await expect(page.getByRole('heading', { name: 'Upload carrier files' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Upload Data' }),
  ).toHaveAttribute('href', '/upload');
  // The demo's past upload, the owner's, is in the network's history from the first visit.
  const uploads = page.getByRole('table', { name: 'Uploads' });
  await expect(uploads.getByRole('row').filter({ hasText: 'carrier-statement.csv' })).toContainText('Loaded');
  await expectNoAxeViolations(page);

  const target = await findTarget(page);
  const [first, second] = target.carriers as [Target['carriers'][0], Target['carriers'][0]];
  const month = addMonths(latestReportingMonth(calendarDateIn(BUSINESS_TIME_ZONE)), -2);
  const before = (await (await carrierRow(page, target, month, first.name)).innerText()).trim();
  expect(before).not.toContain('$2,001');
  await page.goto('/upload');

  // A file that is neither CSV nor XLSX is refused by name, before anything is sent.
  await uploadFiles(
    page,
    [{ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }],
    {
      through: month,
    },
  );
  await expect(page.getByText('Not a CSV, text or XLSX file: statement.pdf.')).toBeVisible();

  const csv = {
    name: 'fairview-production.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(productionCsv(target, month)),
  };
  const xlsx = {
    name: 'second-carrier.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await productionXlsx(target, month),
  };

  // The CSV: the carrier comes from the file; its carrier and policy types are not known yet.
  await uploadFiles(page, [csv], { through: month });
  await readRows(page);
  await expect(page.getByTestId('unmapped-count')).toHaveText('3');
  await page.getByRole('switch', { name: 'Show unmapped only' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use suggested matches' }).click();
  await expect(page.getByTestId('unmapped-count')).toHaveText('0');
  await expect(page.getByRole('cell', { name: 'Every value is mapped.' })).toBeVisible();
  await page.getByRole('switch', { name: 'Show unmapped only' }).uncheck();
  await expect(page.getByRole('combobox', { name: /^Match for carrier / })).toHaveValue(first.name);
  await expect(
    page.getByRole('combobox', { name: 'Match for policy type Personal Auto Policy' }),
  ).toHaveValue('Personal Auto');
  await expect(page.getByRole('combobox', { name: 'Match for policy type Homeowners Policy' })).toHaveValue(
    'Homeowners',
  );
  await page.getByRole('button', { name: 'Submit changes' }).click();
  await expect(page.getByRole('button', { name: 'Submit changes' })).toBeDisabled();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('table', { name: 'Totals by month' })).toContainText('$2,000.50');
  await expect(page.getByRole('table', { name: 'Totals by agency' })).toContainText('$1,000.00');
  await commitAfterPreview(page, '$2,000.50', true);

  // The XLSX: its carrier chosen on the form; a policy type the network has not mapped yet.
  await uploadFiles(page, [xlsx], { carrier: second.name, through: month });
  await readRows(page);
  await expect(page.getByTestId('unmapped-count')).toHaveText('1');
  // Matched by searching every standard type, beyond the suggestions.
  const dwelling = page.getByRole('combobox', { name: 'Match for policy type Dwelling Fire Policy' });
  await dwelling.click();
  await dwelling.fill('Personal Au');
  await expect(page.getByRole('option', { name: 'Personal Auto' })).toBeVisible();
  await dwelling.fill('Dwelling');
  await page.getByRole('option', { name: 'Dwelling Fire', exact: true }).click();
  await expect(dwelling).toHaveValue('Dwelling Fire');
  await expect(page.getByTestId('unmapped-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Preview' }).click();
  await commitAfterPreview(page, '$750.25', true);

  // This test's three files (another test of the network may have loaded its own meanwhile).
  const own = uploads
    .getByRole('row')
    .filter({ hasText: /carrier-statement\.csv|fairview-production\.csv|second-carrier\.xlsx/ });
  await expect(own.getByRole('cell', { name: 'Loaded', exact: true })).toHaveCount(3);
  await expectNoAxeViolations(page);

  // The matches chosen are remembered for the network once the files are loaded: listed, changed, deleted.
  const remembered = page.getByRole('table', { name: 'Remembered matches' });
  const dwellingRow = remembered.getByRole('row').filter({ hasText: 'dwelling fire policy' });
  await expect(dwellingRow).toContainText('The whole network');
  await expect(dwellingRow).toContainText('Dwelling Fire');
  await expect(remembered.getByRole('row').filter({ hasText: 'homeowners policy' })).toContainText(
    'Homeowners',
  );
  await dwellingRow.getByRole('button', { name: /^Change the match of/ }).click();
  await dwellingRow.getByRole('checkbox', { name: 'Miscellaneous' }).check();
  await dwellingRow.getByRole('button', { name: 'Save' }).click();
  await expect(dwellingRow.getByRole('cell', { name: 'Miscellaneous', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await dwellingRow.getByRole('button', { name: /^Delete the match of/ }).click();
  await expect(dwellingRow).toHaveCount(0);

  // Carrier Production shows the file's figures for the carrier, agency and month.
  await expect(await carrierRow(page, target, month, first.name)).toContainText('$2,001');
  await expect(await carrierRow(page, target, month, second.name)).toContainText('$750');

  // The same CSV again maps itself (saved profile, remembered values) and replaces, never doubles.
  await page.goto('/upload');
  await uploadFiles(page, [csv], { through: month });
  await expect(page.getByText(/Proposed from the saved profile/)).toBeVisible();
  await readRows(page);
  await expect(page.getByTestId('unmapped-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Preview' }).click();
  // The preview says the same file was loaded before, and which loaded figures it replaces.
  await expect(page.getByText('This file was already loaded')).toBeVisible();
  await expect(page.getByText(`The same file was loaded as ${csv.name} on`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Figures replaced' })).toContainText('Replaced by the file');
  await commitAfterPreview(page, '$2,000.50');
  const firstRow = await carrierRow(page, target, month, first.name);
  await expect(firstRow).toContainText('$2,001');
  await expect(firstRow).not.toContainText('$4,001');

  // Undo, newest first (an upload is undone only once no later one owns its cells), with a confirmation.
  await page.goto('/upload');
  for (const name of [csv.name, xlsx.name, csv.name]) {
    await uploads
      .getByRole('button', { name: `Undo ${name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Undo this upload?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    const undone = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/undo'));
    await dialog.getByRole('button', { name: 'Undo upload' }).click();
    expect((await undone).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
  }
  await expect(uploads.getByRole('cell', { name: 'Undone', exact: true })).toHaveCount(3);
  expect((await (await carrierRow(page, target, month, first.name)).innerText()).trim()).toBe(before);

  // An upload left unloaded is discarded from the list: it can no longer be continued.
  await page.goto('/upload');
  await uploadFiles(page, [csv], { through: month });
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(uploads.getByText(/^Expires /)).toHaveCount(1);
  await uploads.getByRole('button', { name: `Discard ${csv.name}` }).click();
  await expect(uploads.getByRole('cell', { name: 'Discarded', exact: true })).toHaveCount(1);
  await expect(uploads.getByRole('button', { name: `Continue ${csv.name}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an agency owner sees their agency's remembered matches only, never the network's", async ({ page }) => {
  await signIn(page, 'owner@understanding.test', '/upload');
  const remembered = page.getByRole('table', { name: 'Remembered matches' });
  await expect(remembered).toBeVisible();
  await expect(remembered.getByRole('cell', { name: 'No match is remembered yet.' })).toBeVisible();
  await expect(remembered).not.toContainText('The whole network');
  await expectNoAxeViolations(page);
});

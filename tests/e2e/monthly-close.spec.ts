import { expect, test, type Page } from '@playwright/test';
import { healthResponseSchema, type HealthLine } from '../../src/shared/contracts/reporting-health.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

const NETWORK_USER = 'network@understanding.test';

/**
 * A line of the network's checklist whose report did not arrive, at an agency with one agency code at
 * the carrier (the file below names it), as the network user's API answers it.
 */
async function lineToFix(page: Page): Promise<{ line: HealthLine; code: string; month: string }> {
  const answer = healthResponseSchema.parse(
    await (await page.request.get('/api/network-intelligence/health')).json(),
  );
  for (const line of answer.lines) {
    if (!line.problems.includes('late') && !line.problems.includes('missing')) continue;
    if (line.fix !== 'upload') continue;
    const codes = (await (
      await page.request.get(
        `/api/subcodes/fetch?levelUuid=${line.agencyUuid}&carrierUuid=${line.carrierUuid}`,
      )
    ).json()) as { subCodes: { code: string }[] };
    if (codes.subCodes.length === 1) return { line, code: codes.subCodes[0]!.code, month: answer.month };
  }
  throw new Error('No late or missing report in the demo network to fix by upload');
}

test('a network user works down the monthly close and fixes a late report by uploading it', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signIn(page, NETWORK_USER, '/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Monthly Close' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Close' })).toBeVisible();
  await page.mouse.move(900, 600);
  const checklist = page.getByRole('table', { name: /^Reports that need attention for / });
  await expect(checklist).toBeVisible();
  // Who needs a call, on the same page: the agencies with the largest books and an early warning in
  // the year to date, one row each, and a link to every warning in that order.
  const toCall = page.getByRole('table', { name: 'Agencies to call' });
  await expect(toCall).toBeVisible();
  const agencies = await toCall.getByRole('rowheader').allTextContents();
  expect(agencies.length).toBeGreaterThan(1);
  const names = agencies.map((a) => a.replace(/and [\d,]+ more warnings?$/, ''));
  expect(new Set(names).size).toBe(names.length);
  await expect(
    page.getByRole('link', { name: /^(See all [\d,]+ early warnings|Open Early Warning)$/ }),
  ).toHaveAttribute('href', /^\/early-warning\?level=[^&]+&order=premium$/);
  await expectNoAxeViolations(page);

  const { line, code, month } = await lineToFix(page);
  const row = checklist
    .getByRole('row')
    .filter({ hasText: line.agencyName })
    .filter({ has: page.getByRole('cell', { name: line.carrierName, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(line.problems.includes('late') ? 'Late' : 'Missing');
  const fineBefore = Number(
    await page
      .getByText(/^\d+ lines? (is|are) fine$/)
      .textContent()
      .then((t) => t?.split(' ')[0]),
  );

  // The fix: the upload page, with the carrier and the month chosen.
  await row.getByRole('link', { name: `Upload ${line.carrierName}'s ${month} file` }).click();
  await expect(page.getByRole('heading', { name: 'Upload carrier files' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New upload' });
  await expect(form.getByRole('combobox', { name: 'Carrier' })).toHaveValue(line.carrierName);
  await expect(form.getByLabel('Covers through')).toHaveValue(month);
  await form.getByRole('radio', { name: 'Production' }).check();
  await form.getByLabel('Files (CSV, text or XLSX)').setInputFiles({
    name: 'late-report.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Agency Code,Policy Type,Month,Written Premium,New Business,Earned Premium,Incurred Losses',
        `${code},Personal Auto,${month},1500.25,200.00,1000.00,50.00`,
        '',
      ].join('\n'),
    ),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await page.getByRole('button', { name: 'Read the rows' }).click();
  await expect(page.getByRole('heading', { name: 'Map the values' })).toBeVisible();
  await expect(page.getByTestId('unmapped-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Totals by carrier' })).toContainText('$1,500.25');
  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('status').filter({ hasText: /rows? loaded/ })).toBeVisible();

  // Back on the checklist, the line has left the list of what needs attention and is fine.
  await page.goto(`/monthly-close?month=${month}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Close' })).toBeVisible();
  const lines = page
    .getByRole('row')
    .filter({ hasText: line.agencyName })
    .filter({ has: page.getByRole('cell', { name: line.carrierName, exact: true }) });
  await expect(lines.and(page.locator('[data-status="attention"]'))).toHaveCount(0);
  await expect(page.getByText(`${fineBefore + 1} lines are fine`)).toBeVisible();
  await page.getByText(/^\d+ lines are fine$/).click();
  const fixed = lines.and(page.locator('[data-status="fine"]'));
  await expect(fixed).toHaveCount(1);
  await expect(fixed).toContainText('Received');
  await expect(fixed).toContainText('uploaded');
  await expectNoAxeViolations(page);
});

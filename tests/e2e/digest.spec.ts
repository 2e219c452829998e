import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DIGEST_BAD_LINK, DIGEST_SAVED, DIGEST_UNSUBSCRIBED } from '../../src/shared/contracts/digest.ts';
import { DIGEST_DAY_MESSAGE } from '../../src/shared/domain/digest.ts';
import { expectNoAxeViolations, signInAs, waitForMail } from './support.ts';

const OWNER = 'owner@understanding.test';

/** A screenshot at 1280 and 1920 px into LOOKS_SCREENS_DIR when it is set (to look at). */
async function shoot(page: Page, name: string) {
  const dir = process.env.LOOKS_SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    writeFileSync(path.join(dir, `${name}-${width}.png`), await page.screenshot({ fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an agency owner sees its own early warnings where it lands, and follows one to the carrier', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, OWNER, baseURL);
  await page.goto('/');
  await expect(page).toHaveURL(/\/production/);
  const panel = page.getByRole('region', { name: 'Early warnings' });
  const table = panel.getByRole('table', { name: 'Your early warnings' });
  await expect(table).toBeVisible();
  await page.mouse.move(900, 600);
  await expectNoAxeViolations(page);
  await shoot(page, 'landing-warnings');
  // The largest written premium first: the five shown are the ones that weigh most.
  const premiums = (
    await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''))
  ).map((text) => Number(text.split(' ')[0]!.replace(/[$,]/g, '')) || 0);
  expect(premiums.length).toBeGreaterThan(1);
  expect(premiums).toEqual([...premiums].sort((a, b) => b - a));
  const link = table.getByRole('rowheader').getByRole('link').first();
  const name = ((await link.textContent()) ?? '').trim();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&](q|line)=/);
  if (!name.endsWith(' lines')) {
    await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue(name);
    await expect(
      page
        .getByRole('table')
        .filter({ hasNot: page.getByRole('table', { name: 'Your early warnings' }) })
        .getByRole('rowheader', { name: name })
        .or(page.getByRole('cell', { name, exact: true }))
        .first(),
    ).toBeVisible();
  }
});

test('an agency owner subscribes to the monthly digest on My profile, receives it and unsubscribes by its link', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, OWNER, baseURL);
  const me = (await (await page.request.get('/api/user')).json()) as { user: { id: string } };
  await page.goto(`/my-profile/${me.user.id}`);
  const section = page.getByRole('region', { name: 'Monthly digest by e-mail' });
  const when = section.getByRole('combobox', { name: 'Send me the digest' });
  await expect(when).toHaveValue('off');

  // A day that not every month has is refused, by the browser and (below) the server.
  await when.selectOption({ label: 'On a day of the month I choose' });
  const day = section.getByRole('textbox', { name: 'Day of the month' });
  await day.fill('31');
  await section.getByRole('button', { name: 'Save digest' }).click();
  await expect(section.getByText(DIGEST_DAY_MESSAGE)).toBeVisible();
  const refused = await page.request.put('/api/profile/digest', { data: { mode: 'day', day: 31 } });
  expect(refused.status()).toBe(400);

  const since = Date.now();
  await day.fill('1');
  await section.getByRole('button', { name: 'Save digest' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText(DIGEST_SAVED);
  await page.mouse.move(900, 600);
  await expectNoAxeViolations(page);
  await shoot(page, 'my-profile-digest');

  // The scheduler (every 2 s in this suite) sends last month's digest: day 1 has passed.
  const mail = await waitForMail(OWNER, 'Your monthly digest', since);
  expect(mail.text).toContain('Written premium');
  expect(mail.text).toContain('Early warnings');
  expect(mail.html).toContain('<h1');
  expect(mail.listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/digest\/unsubscribe\?token=/);
  const link = /(http:\/\/\S+\/digest\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();

  // An altered link is refused; the real one turns the digest off without signing in.
  const forged = link!.replace(/.{3}$/, (end) => (end === 'AAA' ? 'BBB' : 'AAA'));
  // Another browser, signed in as no one.
  const context = await browser.newContext();
  const outsider = await context.newPage();
  try {
    await outsider.goto(forged);
    await expect(outsider.getByRole('alert')).toContainText(DIGEST_BAD_LINK);
    await outsider.goto(link!);
    await expect(outsider.getByRole('status')).toContainText(DIGEST_UNSUBSCRIBED);
    await expectNoAxeViolations(outsider);
  } finally {
    await context.close();
  }
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Monthly digest by e-mail' })
      .getByRole('combobox', { name: 'Send me the digest' }),
  ).toHaveValue('off');
});

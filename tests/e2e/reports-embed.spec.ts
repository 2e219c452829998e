import { expect, test, type Page } from '@playwright/test';
import { levelsResponseSchema } from '../../src/shared/contracts/levels.ts';
import {
  FAKE_METABASE_HEIGHT,
  FAKE_SIGMA_PAGE_HEIGHT,
  fakeEmbedOrigins,
  type FakeEmbedSiteState,
  type SigmaOutcome,
} from './fake-embed-site.ts';
import { expectNoAxeViolations, servePowerBiFromFake, signInAs } from './support.ts';

/**
 * The live report embed (spec part 1 §2, §4 Embeds, §8, §9) against the providers' fakes the suite
 * starts (tests/e2e/embed-providers.ts): Power BI through powerbi-client and the Power BI REST fake,
 * Sigma and Metabase frames from the fake site. Demo data: the first network's Agency Production is
 * a Power BI report, its AMS Data Health a Sigma workbook and its Retention a Metabase dashboard.
 */

const origins = fakeEmbedOrigins(Number(process.env.E2E_EMBED_PORT));
const SIGMA_WORKBOOK = 'demo-ams-data-health';
const ERROR_TITLE = 'Oops! Something went wrong.';
/** Opens the embedded Agency Production at his agency (the other agency users see the scorecard). */
const AGENCY_USER = 'admin@understanding.test';
/** The agency's owner holds every live feature of the plan, AMS Data Health among them. */
const OWNER = 'owner@understanding.test';
const STAFF = 'staff@understanding.test';

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origins.other}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `fake embed site ${path}`).toBe(true);
  return response.json();
}

const siteState = async () => (await control('state')) as FakeEmbedSiteState;
const scriptSigma = (outcomes: SigmaOutcome[]) => control('sigma', { workbookId: SIGMA_WORKBOOK, outcomes });

/** The answers of POST /api/sigma/embed the page receives, in order. */
function sigmaMints(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/sigma/embed') statuses.push(response.status());
  });
  return statuses;
}

const reportFrame = (page: Page, label: string) => page.locator(`iframe[title="${label}"]`);
const loader = (page: Page, label: string) => page.getByRole('status', { name: `Loading ${label}` });

test.beforeEach(async ({ context }) => {
  await control('reset', {});
  await servePowerBiFromFake(context);
});

test.describe('Power BI', () => {
  const LABEL = 'Agency Production';

  test('shows the loader, then the report with the embed token the server minted', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, AGENCY_USER, baseURL);
    // Hold the embed config back so the loading state can be seen (and checked by axe).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/reports\/[0-9a-f-]+\/config\?/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/agency-production');
    await expect(page.getByRole('heading', { level: 1, name: LABEL })).toBeVisible();
    await expect(loader(page, LABEL)).toBeVisible();
    await expectNoAxeViolations(page);
    release();

    const report = page.frameLocator(`iframe[title="${LABEL}"]`);
    await expect(report.getByTestId('embed-token')).toHaveText(/^fake-embed-/);
    await expect(reportFrame(page, LABEL)).toBeVisible();
    await expect(loader(page, LABEL)).toHaveCount(0);
    await expect(report.getByTestId('report-id')).toHaveText('demo-agency-production');
    const { powerBiEmbedTokens } = await siteState();
    await expect(report.getByTestId('embed-token')).toHaveText(powerBiEmbedTokens.at(-1)!);

    // Spec part 1 §2: at most 1600px wide, 16:9.
    const box = await reportFrame(page, LABEL).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(1600);
    expect(box!.height / box!.width).toBeCloseTo(9 / 16, 1);
    await expectNoAxeViolations(page);
  });

  test('fetches a new config when the old one expires and hands its token to the running report', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await signInAs(page, AGENCY_USER, baseURL);
    const configs: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/reports\/[0-9a-f-]+\/config\?/.test(request.url())) configs.push(request.url());
    });
    await page.goto('/agency-production');
    const token = page.frameLocator(`iframe[title="${LABEL}"]`).getByTestId('embed-token');
    await expect(token).toHaveText(/^fake-embed-/);
    const first = (await token.textContent())!;
    expect(configs).toHaveLength(1);

    // The fake's embed tokens expire after an hour; the client asks a minute before.
    await page.clock.fastForward('59:30');

    await expect(token).not.toHaveText(first);
    expect(configs.length).toBeGreaterThan(1);
    const { powerBiEmbedTokens, hits } = await siteState();
    expect(powerBiEmbedTokens).toContain(await token.textContent());
    // The new token went to the report (POST /report/token); the report was not embedded again.
    expect(hits.filter((hit) => hit.endsWith(' /reportEmbed'))).toHaveLength(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('ignores Power BI messages from another origin', async ({ page, baseURL }) => {
    // A frame of another origin inside the report posts a fatal error event for it before it loads.
    const impostor = 'https://powerbi-impostor.test';
    await control('powerbi/impostor', { origin: impostor });
    await page.context().route(`${impostor}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({
        response: await route.fetch({ url: `${origins.other}${url.pathname}${url.search}` }),
      });
    });
    await signInAs(page, AGENCY_USER, baseURL);
    await page.goto('/agency-production');

    const report = page.frameLocator(`iframe[title="${LABEL}"]`);
    await expect(report.getByTestId('embed-token')).toHaveText(/^fake-embed-/);
    await expect(reportFrame(page, LABEL)).toBeVisible();
    const { hits } = await siteState();
    expect(hits).toContain(`${origins.other} /powerbi-impostor`);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("shows the error panel with the server's message when Power BI fails", async ({ page, baseURL }) => {
    // Three failures: the first answer and the client's two retries of a 5xx.
    await control('powerbi/fail', { kind: 'generateToken', status: 500, times: 3 });
    await signInAs(page, AGENCY_USER, baseURL);
    await page.goto('/agency-production');

    const panel = page.getByRole('alert');
    await expect(panel).toContainText(ERROR_TITLE, { timeout: 30_000 });
    await expect(panel.getByText(/power bi/i)).toBeVisible();
    await expect(reportFrame(page, LABEL)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('Sigma', () => {
  const LABEL = 'AMS Data Health';

  test('shows the workbook once it has loaded, sized by its page height', async ({ page, baseURL }) => {
    const mints = sigmaMints(page);
    await signInAs(page, OWNER, baseURL);
    await page.goto('/ams-data-health');

    const frame = reportFrame(page, LABEL);
    await expect(frame).toBeVisible();
    await expect(page.frameLocator(`iframe[title="${LABEL}"]`).getByTestId('outcome')).toHaveText('loaded');
    await expect(loader(page, LABEL)).toHaveCount(0);
    await expect(frame).toHaveCSS('height', `${FAKE_SIGMA_PAGE_HEIGHT}px`);
    // Spec part 1 §2: the second provider's frame is at least 1400px wide.
    expect((await frame.boundingBox())!.width).toBeGreaterThanOrEqual(1400);
    expect(mints).toEqual([200]);
    await expectNoAxeViolations(page);
  });

  test('retries the first error with a new URL, and the retry shows the workbook', async ({
    page,
    baseURL,
  }) => {
    await scriptSigma(['error']);
    const mints = sigmaMints(page);
    await signInAs(page, OWNER, baseURL);
    await page.goto('/ams-data-health');

    await expect(page.frameLocator(`iframe[title="${LABEL}"]`).getByTestId('outcome')).toHaveText('loaded');
    await expect(reportFrame(page, LABEL)).toBeVisible();
    expect(mints).toEqual([200, 200]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('shows the error panel, without a message, on the second error', async ({ page, baseURL }) => {
    await scriptSigma(['error', 'error']);
    const mints = sigmaMints(page);
    await signInAs(page, OWNER, baseURL);
    await page.goto('/ams-data-health');

    const panel = page.getByRole('alert');
    await expect(panel).toBeVisible();
    await expect(panel).toHaveText(ERROR_TITLE);
    await expect(reportFrame(page, LABEL)).toHaveCount(0);
    expect(mints).toEqual([200, 200]);
    const { hits } = await siteState();
    expect(hits.filter((hit) => hit === `${origins.sigma} /org/workbook/${SIGMA_WORKBOOK}`)).toHaveLength(2);
    await expectNoAxeViolations(page);
  });

  test("ignores messages from another frame of Sigma's origin and from the frame on another origin", async ({
    page,
    baseURL,
  }) => {
    // The workbook first lets an impostor frame (Sigma's origin) post workbook:error to the app, then
    // navigates to another origin that posts workbook:error and workbook:loaded, then loads for real.
    await scriptSigma(['impostors']);
    const mints = sigmaMints(page);
    await signInAs(page, OWNER, baseURL);
    await page.goto('/ams-data-health');

    const workbook = page.frameLocator(`iframe[title="${LABEL}"]`);
    await expect(workbook.getByTestId('outcome')).toHaveText('loaded');
    await expect(reportFrame(page, LABEL)).toBeVisible();
    // No error was taken for the workbook's: no retry, no panel.
    expect(mints).toEqual([200]);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const { hits } = await siteState();
    expect(hits).toContain(`${origins.sigma} /impostor`);
    expect(hits).toContain(`${origins.other} /foreign`);
  });
});

test('Metabase: shows the dashboard once its frame has loaded, sized by its messages', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, STAFF, baseURL);
  // Staff look at the first network, whose Retention is a Metabase dashboard.
  const levels = levelsResponseSchema.parse(await (await page.request.get('/api/levels')).json());
  const heartland = levels.networks.find((n) => n.name === 'Heartland Agency Alliance');
  expect(heartland).toBeDefined();
  await page.goto(`/retention?level=${heartland!.uuid}`);

  const frame = reportFrame(page, 'Retention');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveCSS('height', `${FAKE_METABASE_HEIGHT}px`);
  await expect(page.frameLocator('iframe[title="Retention"]').getByRole('heading')).toHaveText(
    'Fake Metabase dashboard',
  );
  await expectNoAxeViolations(page);
});

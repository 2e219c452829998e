import { defineConfig } from '@playwright/test';
import { currentSlot, slotPorts, e2eWorkers } from './tests/e2e/slots.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

// Each worker has a slot (tests/e2e/slots.ts): its own app server, database and fakes. This file is
// loaded again in every worker, where TEST_PARALLEL_INDEX names the slot: `baseURL` and the E2E_*
// variables the specs read are that slot's.
const slot = slotPorts(currentSlot());
process.env.E2E_SMTP_PORT = String(slot.smtpPort);
process.env.E2E_MAIL_DIR = slot.mailDir;
// The embedded dashboards' providers are fakes the suite starts (tests/e2e/embed-providers.ts): the
// Power BI REST API, and one site with the Power BI report page, Sigma (as localhost) and Metabase.
process.env.E2E_EMBED_PORT = String(slot.embedPort);
process.env.E2E_POWERBI_PORT = String(slot.powerBiPort);
// Billing runs against the fake Stripe API (tests/e2e/stripe-provider.ts), which posts its events to the app.
process.env.E2E_STRIPE_PORT = String(slot.stripePort);
process.env.E2E_BASE_URL = slot.baseURL;

/** e2e runs the built app (`node dist/server/main.js`), one server per worker (slot). */
export default defineConfig({
  testDir: 'tests/e2e',
  // The fakes, then the app servers that talk to them (one per slot, started side by side).
  globalSetup: [
    './tests/e2e/mail-sink.ts',
    './tests/e2e/embed-providers.ts',
    './tests/e2e/stripe-provider.ts',
    './tests/e2e/app-servers.ts',
  ],
  // Files run in order within a worker, each worker against its own slot.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  // Bounds for a hung test or step, never reached by a passing one: three workers share two cores with
  // their servers, so a step can take several times its time on an idle machine (decision 047).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: slot.baseURL,
    // A trace records every action of every test (a fifth of the suite's time) to keep only a failed
    // one's. CI keeps no file after its run, only what it printed: there the trace is off. A failure
    // run again locally (`npm run test:e2e -- <spec>`) keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});

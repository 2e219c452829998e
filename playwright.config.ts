import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  FAKE_POWERBI_CLIENT_ID,
  FAKE_POWERBI_CLIENT_SECRET,
  FAKE_POWERBI_TENANT_ID,
} from './tests/support/fake-powerbi.ts';
import { POWERBI_EMBED_ORIGIN } from './tests/e2e/embed-providers.ts';
import { allSlots, currentSlot, slotPorts, e2eWorkers, type Slot } from './tests/e2e/slots.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from './tests/support/fake-stripe.ts';
import {
  FAKE_METABASE_SECRET_KEY,
  FAKE_SIGMA_CLIENT_ID,
  FAKE_SIGMA_SECRET,
  fakeEmbedOrigins,
} from './tests/e2e/fake-embed-site.ts';

// Each worker has a slot (tests/e2e/slots.ts): its own app server, database and fakes. This file is
// loaded again in every worker, where TEST_PARALLEL_INDEX names the slot: `baseURL` and the E2E_*
// variables the specs read are that slot's.
const slot = slotPorts(currentSlot());
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `understanding-e2e-${process.pid}`);
process.env.E2E_SMTP_PORT = String(slot.smtpPort);
process.env.E2E_MAIL_DIR = slot.mailDir;
// The embedded dashboards' providers are fakes the suite starts (tests/e2e/embed-providers.ts): the
// Power BI REST API, and one site with the Power BI report page, Sigma (as localhost) and Metabase.
process.env.E2E_EMBED_PORT = String(slot.embedPort);
process.env.E2E_POWERBI_PORT = String(slot.powerBiPort);
// Billing runs against the fake Stripe API (tests/e2e/stripe-provider.ts), which posts its events to the app.
process.env.E2E_STRIPE_PORT = String(slot.stripePort);
process.env.E2E_BASE_URL = slot.baseURL;

/** The built app of one slot, on a fresh embedded database of its own with demo data. */
function appServer(s: Slot) {
  const embedOrigins = fakeEmbedOrigins(s.embedPort);
  const powerBiUrl = `http://127.0.0.1:${s.powerBiPort}`;
  return {
    command: 'node dist/server/main.js',
    url: `${s.baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(s.port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, `slot-${s.slot}`),
      PUBLIC_URL: s.baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${s.smtpPort}`,
      MAIL_FROM: 'Understanding <no-reply@understanding.test>',
      POWERBI_TENANT_ID: FAKE_POWERBI_TENANT_ID,
      POWERBI_CLIENT_ID: FAKE_POWERBI_CLIENT_ID,
      POWERBI_CLIENT_SECRET: FAKE_POWERBI_CLIENT_SECRET,
      POWERBI_AUTHORITY_URL: powerBiUrl,
      POWERBI_API_URL: powerBiUrl,
      POWERBI_EMBED_ORIGIN: POWERBI_EMBED_ORIGIN,
      SIGMA_CLIENT_ID: FAKE_SIGMA_CLIENT_ID,
      SIGMA_SECRET: FAKE_SIGMA_SECRET,
      SIGMA_BASE_URL: `${embedOrigins.sigma}/org`,
      METABASE_SITE_URL: `${embedOrigins.other}/metabase`,
      METABASE_SECRET_KEY: FAKE_METABASE_SECRET_KEY,
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${s.stripePort}`,
    },
  };
}

/** e2e runs the built app (`node dist/server/main.js`), one server per worker (slot). */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: [
    './tests/e2e/mail-sink.ts',
    './tests/e2e/embed-providers.ts',
    './tests/e2e/stripe-provider.ts',
  ],
  // Files run in order within a worker, each worker against its own slot.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  // Bounds for a hung test or step, never reached by a passing one: two workers share two cores with
  // their servers, so a step can take several times its time on an idle machine (decision 047).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: slot.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: allSlots().map(appServer),
});

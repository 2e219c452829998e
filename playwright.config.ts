import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  FAKE_POWERBI_CLIENT_ID,
  FAKE_POWERBI_CLIENT_SECRET,
  FAKE_POWERBI_TENANT_ID,
} from './tests/support/fake-powerbi.ts';
import { POWERBI_EMBED_ORIGIN } from './tests/e2e/embed-providers.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from './tests/support/fake-stripe.ts';
import {
  FAKE_METABASE_SECRET_KEY,
  FAKE_SIGMA_CLIENT_ID,
  FAKE_SIGMA_SECRET,
  fakeEmbedOrigins,
} from './tests/e2e/fake-embed-site.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `understanding-e2e-${process.pid}`);
// The app sends its e-mail over SMTP to the suite's own mail sink (tests/e2e/mail-sink.ts).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2000);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `understanding-e2e-mail-${port}`);
// The embedded dashboards' providers are fakes the suite starts (tests/e2e/embed-providers.ts): the
// Power BI REST API, and one site with the Power BI report page, Sigma (as localhost) and Metabase.
const embedPort = Number(process.env.E2E_EMBED_PORT ?? port + 2100);
const powerBiPort = Number(process.env.E2E_POWERBI_PORT ?? port + 2101);
process.env.E2E_EMBED_PORT = String(embedPort);
process.env.E2E_POWERBI_PORT = String(powerBiPort);
const embedOrigins = fakeEmbedOrigins(embedPort);
const powerBiUrl = `http://127.0.0.1:${powerBiPort}`;
// Billing runs against the fake Stripe API (tests/e2e/stripe-provider.ts), which posts its events to the app.
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 2200);
process.env.E2E_STRIPE_PORT = String(stripePort);
process.env.E2E_BASE_URL = baseURL;

/** e2e runs the built app (`node dist/server/main.js`) on a fresh embedded database with demo data. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: [
    './tests/e2e/mail-sink.ts',
    './tests/e2e/embed-providers.ts',
    './tests/e2e/stripe-provider.ts',
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
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
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
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
      STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    },
  },
});

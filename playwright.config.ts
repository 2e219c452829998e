import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `understanding-e2e-${process.pid}`);
// The app sends its e-mail over SMTP to the suite's own mail sink (tests/e2e/mail-sink.ts).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2000);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `understanding-e2e-mail-${port}`);

/** e2e runs the built app (`node dist/server/main.js`) on a fresh embedded database with demo data. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/mail-sink.ts',
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
    },
  },
});

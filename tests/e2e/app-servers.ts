import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import {
  FAKE_POWERBI_CLIENT_ID,
  FAKE_POWERBI_CLIENT_SECRET,
  FAKE_POWERBI_TENANT_ID,
} from '../support/fake-powerbi.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from '../support/fake-stripe.ts';
import { POWERBI_EMBED_ORIGIN } from './embed-providers.ts';
import {
  FAKE_METABASE_SECRET_KEY,
  FAKE_SIGMA_CLIENT_ID,
  FAKE_SIGMA_SECRET,
  fakeEmbedOrigins,
} from './fake-embed-site.ts';
import { allSlots, type Slot } from './slots.ts';

/** The environment of one slot's app: its own data directory, and its slot's fakes. */
export function appServerEnv(s: Slot, dataDir: string): Record<string, string> {
  const embedOrigins = fakeEmbedOrigins(s.embedPort);
  const powerBiUrl = `http://127.0.0.1:${s.powerBiPort}`;
  return {
    PORT: String(s.port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, `slot-${s.slot}`),
    PUBLIC_URL: s.baseURL,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${s.smtpPort}`,
    MAIL_FROM: 'Understanding <no-reply@understanding.test>',
    // The monthly digest's scheduler looks every 2 seconds, so a digest asked for arrives at once.
    DIGEST_INTERVAL_SECONDS: '2',
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
  };
}

const STARTUP_TIMEOUT_MS = 300_000;

async function healthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app for ${url} exited with ${server.exitCode}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer ${url} within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const killed = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killed);
}

/**
 * Playwright global setup: the built app (`node dist/server/main.js`) of every slot, started at once
 * (each seeds its own fresh demo database, so they boot side by side rather than one after the
 * other), and stopped at the end. Its stderr goes to the runner's, prefixed with the slot.
 */
export default async function startAppServers() {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `understanding-e2e-${process.pid}`);
  const servers = allSlots().map((s) => {
    const server = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, ...appServerEnv(s, dataDir) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[app ${s.slot}] ${chunk.toString()}`));
    return { slot: s, server };
  });
  try {
    await Promise.all(servers.map(({ slot, server }) => healthy(`${slot.baseURL}/api/health`, server)));
  } catch (error) {
    await Promise.all(servers.map(({ server }) => stop(server)));
    throw error;
  }
  return async () => {
    await Promise.all(servers.map(({ server }) => stop(server)));
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
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

/** The slot's own data directory under the run's. */
const slotDataDir = (s: Slot, dataDir: string) => path.join(dataDir, `slot-${s.slot}`);

/** The environment of one slot's app: its own data directory, and its slot's fakes. */
export function appServerEnv(s: Slot, dataDir: string): Record<string, string> {
  const embedOrigins = fakeEmbedOrigins(s.embedPort);
  const powerBiUrl = `http://127.0.0.1:${s.powerBiPort}`;
  return {
    PORT: String(s.port),
    HOST: '127.0.0.1',
    DATA_DIR: slotDataDir(s, dataDir),
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

// A bound for a hung start only: a seeding under heavy outside load took over 300 s.
const STARTUP_TIMEOUT_MS = 600_000;

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
 * Starts the built app (`node dist/server/main.js`) of one slot, on its data directory or on `on`; its
 * stderr goes to the runner's.
 */
function startAppServer(s: Slot, dataDir: string, on?: string): ChildProcess {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...appServerEnv(s, dataDir), ...(on ? { DATA_DIR: on } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[app ${s.slot}] ${chunk.toString()}`));
  return server;
}

/** The seeded demo data directory every slot's copy, and any server a spec starts itself, begins from. */
export const seededDataDir = (dataDir: string) => path.join(dataDir, 'seeded');

/**
 * Playwright global setup: the built app of every slot, each on a demo database of its own, stopped at
 * the end. The demo data is seeded once: an app seeds a fresh database and builds its read model, stops,
 * and every slot starts on a copy of that data directory (a copy takes seconds, a seeding about 100 s of
 * CPU). The seeded directory stays for the run: a spec that starts a server of its own (the restart
 * test) starts it on another copy, `E2E_SEEDED_DIR` (decision 073).
 */
export default async function startAppServers() {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `understanding-e2e-${process.pid}`);
  const seeded = seededDataDir(dataDir);
  const [first] = allSlots();
  const seeding = startAppServer(first!, dataDir, seeded);
  try {
    await healthy(`${first!.baseURL}/api/health`, seeding);
  } finally {
    await stop(seeding);
  }
  if (seeding.exitCode !== 0) throw new Error(`the seeding app exited with ${seeding.exitCode}`);
  for (const s of allSlots()) cpSync(seeded, slotDataDir(s, dataDir), { recursive: true });
  process.env.E2E_SEEDED_DIR = seeded;
  const servers = allSlots().map((s) => ({ slot: s, server: startAppServer(s, dataDir) }));
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

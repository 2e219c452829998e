// Runs the Playwright suite against the built app with the system Chromium. Without Chromium the
// suite is skipped with a message (npm test needs only npm packages "and, where present, the system
// Chromium"); CI installs Chromium first, so there it always runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `e2e: no Chromium at ${chromium}; install it (apt-get install -y chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping the browser tests.`);
  process.exit(0);
}

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const built = run('npm', ['run', 'build']);
if (built !== 0) process.exit(built);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'understanding-e2e-'));
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  E2E_DATA_DIR: dataDir,
  CHROMIUM_PATH: chromium,
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);

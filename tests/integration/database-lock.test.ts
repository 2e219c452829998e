import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openPglite } from '#server/db/client.ts';
import { openMigratedDataDir } from '#tests/support/test-database.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'understanding-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('embedded database lock', () => {
  it('refuses a second opening of the same directory until the first closes', async () => {
    const dir = tempDir();
    const first = await openMigratedDataDir(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('refuses a directory held by another live process, naming it', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'understanding.lock'), String(holder.pid));
      await expect(openPglite(dir)).rejects.toThrow(`already open in another process (pid ${holder.pid})`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, 'understanding.lock'), String(gone.pid));
    const database = await openMigratedDataDir(dir);
    await database.close();
  });
});

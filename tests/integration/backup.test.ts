import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoot } from '#server/config.ts';
import {
  BackupError,
  backupStoppedDatabase,
  requestBackup,
  restoreBackup,
  snapshotDatabase,
  writeBackupFile,
} from '#server/db/backup.ts';
import { DatabaseLockedError, lockDataDir, openPglite } from '#server/db/client.ts';
import { networks } from '#server/db/schema/tenancy.ts';
import { buildNetwork } from '#tests/support/factories.ts';
import { openMigratedDataDir } from '#tests/support/test-database.ts';

const migrationsDir = path.join(appRoot, 'src/server/db/migrations');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `understanding-${name}-`));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A migrated embedded database in a new DATA_DIR holding one network; closed again. */
async function databaseWithNetwork(dataDir: string, name: string) {
  const database = await openMigratedDataDir(dataDir);
  await buildNetwork(database.db, { name });
  await database.close();
}

async function networkNames(dataDir: string): Promise<string[]> {
  const database = await openPglite(dataDir);
  try {
    const rows = await database.db.select({ name: networks.name }).from(networks).orderBy(networks.name);
    return rows.map((row) => row.name);
  } finally {
    await database.close();
  }
}

/** The environment of a command run by hand: no PostgreSQL, this DATA_DIR. */
function envFor(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  return {
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'backup-test-secret-long-enough-0123456789',
    DEMO_DATA: 'off',
    ...extra,
  };
}

/** Runs `npm run db:backup` / `db:restore` the way the scripts do (tsx on the CLI file). */
function runCli(
  script: 'backup-cli.ts' | 'restore-cli.ts',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/db/${script}`, ...args], {
      cwd: appRoot,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the real server (src/server/main.ts) on DATA_DIR and a free port; resolves with its URL. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: appRoot,
    env: envFor(dataDir, { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' }),
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let log = '';
    let url = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 60_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      url ||= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1] ?? '';
      if (url && log.includes('Understanding is ready')) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('backups of the embedded database', () => {
  it('backs up a stopped database and restores it, keeping the database it replaced', async () => {
    const dataDir = tempDir('backup-stopped');
    await databaseWithNetwork(dataDir, 'Before the backup');
    const file = path.join(tempDir('backup-files'), 'backup.tar.gz');
    const bytes = await backupStoppedDatabase(dataDir, file);
    expect(bytes).toBe(statSync(file).size);
    expect(readdirSync(path.dirname(file))).toEqual(['backup.tar.gz']);

    // Changes after the backup are not in it.
    const database = await openPglite(dataDir);
    await buildNetwork(database.db, { name: 'After the backup' });
    await database.close();
    expect(await networkNames(dataDir)).toEqual(['After the backup', 'Before the backup']);

    const { previous } = await restoreBackup(dataDir, file);
    expect(await networkNames(dataDir)).toEqual(['Before the backup']);
    expect(previous).toMatch(/pgdata\.before-restore-/);
    expect(existsSync(path.join(previous!, 'PG_VERSION'))).toBe(true);

    // A restore into an empty DATA_DIR (another machine) finds the same data, and takes writes.
    const elsewhere = tempDir('backup-elsewhere');
    expect((await restoreBackup(elsewhere, file)).previous).toBeNull();
    expect(await networkNames(elsewhere)).toEqual(['Before the backup']);
    const restored = await openPglite(elsewhere);
    await restored.migrate(migrationsDir);
    await buildNetwork(restored.db, { name: 'After the restore' });
    await restored.close();
    expect(await networkNames(elsewhere)).toEqual(['After the restore', 'Before the backup']);
  }, 180_000);

  it('a backup taken while transactions run holds each of them whole, and the writes go on', async () => {
    const dataDir = tempDir('backup-concurrent');
    const database = await openMigratedDataDir(dataDir);
    await database.db.execute(sql`create table pairs (txn int not null, part int not null)`);
    let stopWriting = false;
    let committed = 0;
    // Each transaction writes two rows with a pause between them, as the app's multi-step writes do.
    const writer = (async () => {
      for (let txn = 1; !stopWriting; txn++) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pairs values (${txn}, 1)`);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await tx.execute(sql`insert into pairs values (${txn}, 2)`);
        });
        committed = txn;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const staging = path.join(dataDir, 'snapshot');
    const file = path.join(tempDir('backup-files'), 'concurrent.tar.gz');
    const beforeSnapshot = committed;
    await snapshotDatabase(database, dataDir, staging);
    await writeBackupFile(staging, file);
    await new Promise((resolve) => setTimeout(resolve, 200));
    stopWriting = true;
    await writer;
    await database.close();

    const restoredDir = tempDir('backup-concurrent-restored');
    await restoreBackup(restoredDir, file);
    const restored = await openPglite(restoredDir);
    try {
      const result = await restored.db.execute<{ transactions: number; torn: number }>(sql`
        select count(distinct txn)::int as transactions,
               (select count(*) from (select txn from pairs group by txn having count(*) <> 2) t)::int as torn
        from pairs`);
      const { transactions, torn } = result.rows[0]!;
      expect(torn).toBe(0);
      expect(transactions).toBeGreaterThanOrEqual(beforeSnapshot);
      expect(beforeSnapshot).toBeGreaterThan(0);
      // The writer went on during and after the backup.
      expect(committed).toBeGreaterThan(transactions);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to restore while the database is open, and refuses a file that is not a backup', async () => {
    const dataDir = tempDir('backup-refusals');
    await databaseWithNetwork(dataDir, 'Kept');
    const file = path.join(tempDir('backup-files'), 'backup.tar.gz');
    await backupStoppedDatabase(dataDir, file);

    const release = lockDataDir(dataDir);
    await expect(restoreBackup(dataDir, file)).rejects.toBeInstanceOf(DatabaseLockedError);
    release();

    const notABackup = path.join(path.dirname(file), 'notes.tar.gz');
    writeFileSync(notABackup, 'these are not the files you are looking for');
    await expect(restoreBackup(dataDir, notABackup)).rejects.toBeInstanceOf(BackupError);
    await expect(restoreBackup(dataDir, path.join(dataDir, 'missing.tar.gz'))).rejects.toThrow(
      /There is no backup file/,
    );
    expect(await networkNames(dataDir)).toEqual(['Kept']);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pgdata'))).toEqual(['pgdata']);

    // A process that holds DATA_DIR but never said it answers backups (SIGUSR2 would end it) is not
    // signalled.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    await expect(requestBackup(dataDir, other.pid!)).rejects.toThrow(/does not answer backup requests yet/);
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
  }, 120_000);

  it('while the server runs, db:backup gets a consistent copy from it and db:restore waits for it to stop', async () => {
    const dataDir = tempDir('backup-running');
    await databaseWithNetwork(dataDir, 'Seeded before start');
    const server = await startServer(dataDir);

    // A write through the running server: a failed sign-in is counted in sign_in_failures.
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'someone@example.test', password: 'Not-the-password-1' }),
    });
    expect(signIn.status).toBe(401);

    const file = path.join(tempDir('backup-files'), 'running.tar.gz');
    const backup = await runCli('backup-cli.ts', ['--out', file], envFor(dataDir));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /Backup written to .*running\.tar\.gz .*made by the running server, pid \d+/,
    );
    expect(existsSync(file)).toBe(true);
    // The server is still serving.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const refused = await runCli('restore-cli.ts', [file], envFor(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The server \(pid \d+\) is using the database .* Stop it/);

    await stop(server.child);
    const elsewhere = tempDir('backup-restored');
    const restored = await runCli('restore-cli.ts', [file], envFor(elsewhere));
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file} into ${elsewhere}`);

    expect(await networkNames(elsewhere)).toEqual(['Seeded before start']);
    const database = await openPglite(elsewhere);
    try {
      const failures = await database.db.execute<{ email: string; failures: number }>(
        sql`select email, failures from sign_in_failures`,
      );
      expect(failures.rows).toEqual([{ email: 'someone@example.test', failures: 1 }]);
      const [network] = await database.db
        .select()
        .from(networks)
        .where(eq(networks.name, 'Seeded before start'));
      expect(network).toBeDefined();
    } finally {
      await database.close();
    }
  }, 180_000);

  it('db:backup and db:restore refuse a PostgreSQL DATABASE_URL and point to pg_dump / pg_restore', async () => {
    const env = envFor(tempDir('backup-postgres'), { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' });
    const backup = await runCli('backup-cli.ts', [], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump --format=custom');
    const restore = await runCli('restore-cli.ts', ['some.dump'], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
  }, 60_000);
});

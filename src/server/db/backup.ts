import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { create as createTar, extract as extractTar } from 'tar';
import { lockDataDir, openPglite, PGDATA_FOLDER, type Database } from './client.ts';

/**
 * Backups of the embedded database: PGlite's data directory as a gzipped tarball, taken inside the
 * process that owns the database (PGlite is single-process; the lock file keeps it so). A running
 * server makes one when it receives SIGUSR2 (`npm run db:backup` sends it); with no server running,
 * the command opens the database itself. PostgreSQL is backed up with pg_dump instead (README,
 * "Backups").
 */

/** Inside DATA_DIR: where backups and the requests for them go. */
export const BACKUPS_FOLDER = 'backups';
export const BACKUP_SIGNAL = 'SIGUSR2';
/** Written by a server once it answers backup requests: SIGUSR2 would end a process without the handler. */
const SERVING = 'server.pid';
const REQUEST = '.request';
const DONE = '.tar.gz';
const FAILED = '.failed';

export class BackupError extends Error {}

/** A backup's file name, sortable by time: understanding-20260302-080000-1a2b3c. */
export function backupId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(/[-:]/g, '')
    .replace('T', '-');
  return `understanding-${stamp}-${randomBytes(3).toString('hex')}`;
}

export const backupsDir = (dataDir: string) => path.join(dataDir, BACKUPS_FOLDER);

/** Whether DATA_DIR holds an embedded database. */
export const hasEmbeddedDatabase = (dataDir: string) =>
  existsSync(path.join(dataDir, PGDATA_FOLDER, 'PG_VERSION'));

/** Files of a running server that a copy leaves out (PostgreSQL's base backups do the same). */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** The WAL segments a copy needs: from the checkpoint's redo point to the current one, inclusive. */
type WalRange = { first: string; last: string };

/**
 * Copies a data directory. Of pg_wal it copies only the segments in `wal`: older ones are not needed
 * to start from the checkpoint, and later ones are old segments renamed for reuse (they made up 300
 * of the demo database's 500 MB); PostgreSQL creates new ones as it needs them.
 */
async function copyTree(from: string, to: string, wal: WalRange, inWal = false): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (NOT_COPIED.has(entry.name)) continue;
    if (inWal && WAL_SEGMENT.test(entry.name) && (entry.name < wal.first || entry.name > wal.last)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target, wal, !inWal && entry.name === 'pg_wal');
    else if (entry.isFile()) await copyFile(source, target);
  }
}

/**
 * Copies the database's data directory to `staging`, consistently: inside a PGlite transaction,
 * which holds PGlite's transaction lock, so no statement or transaction of the app runs meanwhile
 * (PGlite runs PostgreSQL in single-user mode: no background process writes either); a CHECKPOINT
 * first writes every committed change into the data files. The copy is the database as of the last
 * commit and opens without replaying anything. Queries wait only for the file copy, not for the
 * compression.
 */
export async function snapshotDatabase(database: Database, dataDir: string, staging: string): Promise<void> {
  if (database.driver !== 'pglite') {
    throw new BackupError('Only the embedded database is backed up this way; use pg_dump for PostgreSQL.');
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`checkpoint`);
    const result = await tx.execute<WalRange>(sql`
      select (select redo_wal_file from pg_control_checkpoint()) as first,
             pg_walfile_name(pg_current_wal_lsn()) as last`);
    const wal = result.rows[0];
    if (!wal) throw new BackupError('The database did not say where its write-ahead log stands.');
    await copyTree(path.join(dataDir, PGDATA_FOLDER), staging, wal);
  });
}

/**
 * Packs a snapshot as a gzipped tarball (streamed, so memory stays small whatever the database's
 * size), next to the target, then renames: a backup file is either whole or absent. Owner-only, as it
 * holds every account's data. Returns its size.
 */
export async function writeBackupFile(staging: string, file: string): Promise<number> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    await createTar(
      { gzip: true, cwd: staging, file: partial, portable: true, mode: 0o600 },
      readdirSync(staging),
    );
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return statSync(file).size;
}

/** A snapshot of `database` packed into `file`; the staging copy is removed whatever happens. */
async function backUp(database: Database, dataDir: string, file: string): Promise<number> {
  const staging = path.join(backupsDir(dataDir), `${path.basename(file)}.staging`);
  rmSync(staging, { recursive: true, force: true });
  try {
    await snapshotDatabase(database, dataDir, staging);
    return await writeBackupFile(staging, file);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Backs up DATA_DIR's database when no server runs: opens it (taking its lock, so a server that
 * starts meanwhile is refused until the copy is done), snapshots it, closes it, packs the snapshot.
 * Throws DatabaseLockedError when another process holds the database.
 */
export async function backupStoppedDatabase(dataDir: string, file: string): Promise<number> {
  if (!hasEmbeddedDatabase(dataDir)) {
    throw new BackupError(`There is no embedded database in ${dataDir} to back up.`);
  }
  const database = await openPglite(dataDir);
  try {
    return await backUp(database, dataDir, file);
  } finally {
    await database.close();
  }
}

/**
 * Asks the server running on DATA_DIR (pid `pid`) for a backup: leaves a request in DATA_DIR/backups,
 * signals the server, and waits until the server has written `<id>.tar.gz` (or `<id>.failed`).
 * Returns the backup's path.
 */
export async function requestBackup(
  dataDir: string,
  pid: number,
  { timeoutMs = 120_000, pollMs = 100 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<string> {
  const dir = backupsDir(dataDir);
  if (!answersBackups(dataDir, pid)) {
    throw new BackupError(
      `The server (pid ${pid}) holding ${dataDir} does not answer backup requests yet: it is starting, or ` +
        'it is older than this command. Try again in a moment, or stop it and run the backup again.',
    );
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = backupId();
  const request = path.join(dir, id + REQUEST);
  const done = path.join(dir, id + DONE);
  const failed = path.join(dir, id + FAILED);
  writeFileSync(request, `${JSON.stringify({ requestedAt: new Date().toISOString(), by: process.pid })}\n`);
  try {
    process.kill(pid, BACKUP_SIGNAL);
  } catch (error) {
    rmSync(request, { force: true });
    throw new BackupError(
      `Could not signal the server (pid ${pid}): ${(error as Error).message}. Stop it and run the backup again.`,
    );
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(done)) return done;
    if (existsSync(failed)) {
      const reason = readFileSync(failed, 'utf8').trim();
      rmSync(failed, { force: true });
      throw new BackupError(`The server could not make the backup: ${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  rmSync(request, { force: true });
  throw new BackupError(
    `The server (pid ${pid}) did not write a backup within ${Math.round(timeoutMs / 1000)} s. ` +
      'Check its log; a server older than this command does not make backups: stop it and run the backup again.',
  );
}

/** Whether process `pid` said it answers backup requests (a signal would end any other process). */
function answersBackups(dataDir: string, pid: number): boolean {
  try {
    return readFileSync(path.join(backupsDir(dataDir), SERVING), 'utf8').trim() === String(pid);
  } catch {
    return false;
  }
}

export type BackupLog = {
  info: (object: Record<string, unknown>, message: string) => void;
  error: (object: Record<string, unknown>, message: string) => void;
};

/**
 * The running server's side (embedded database only): on SIGUSR2 it answers every request waiting in
 * DATA_DIR/backups with `<id>.tar.gz`, one snapshot for all of them; a signal with no request
 * (`kill -USR2 <pid>`) makes a backup with a new name. Signals that arrive during a backup are served
 * after it. It writes its pid to DATA_DIR/backups/server.pid, which the command checks before
 * signalling. Returns the function that stops listening.
 */
export function serveBackupRequests(database: Database, dataDir: string, log: BackupLog): () => void {
  const dir = backupsDir(dataDir);
  let running: Promise<void> | null = null;
  let again = false;

  const serve = async () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const requests = readdirSync(dir).filter((name) => name.endsWith(REQUEST));
    const ids = requests.length > 0 ? requests.map((name) => name.slice(0, -REQUEST.length)) : [backupId()];
    const started = performance.now();
    try {
      const [first, ...others] = ids.map((id) => path.join(dir, id + DONE));
      const bytes = await backUp(database, dataDir, first!);
      for (const file of others) {
        copyFileSync(first!, `${file}.partial`);
        renameSync(`${file}.partial`, file);
      }
      log.info(
        {
          files: ids.map((id) => path.join(dir, id + DONE)),
          bytes,
          ms: Math.round(performance.now() - started),
        },
        'database backup written',
      );
    } catch (error) {
      log.error({ err: error }, 'database backup failed');
      for (const id of ids) writeFileSync(path.join(dir, id + FAILED), `${(error as Error).message}\n`);
    } finally {
      for (const name of requests) rmSync(path.join(dir, name), { force: true });
    }
  };

  const onSignal = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await serve();
      } while (again);
    })().finally(() => {
      running = null;
    });
  };
  process.on(BACKUP_SIGNAL, onSignal);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, SERVING), `${process.pid}\n`);
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
    if (answersBackups(dataDir, process.pid)) rmSync(path.join(dir, SERVING), { force: true });
  };
}

/**
 * Restores a backup into DATA_DIR while no server runs (its lock is held throughout, so none can
 * start): the tarball is unpacked into a new data directory beside the current one and opened to check
 * that it is an Understanding database; only then does the current one move aside (kept as
 * `pgdata.before-restore-<time>`) and the restored one take its place. Throws DatabaseLockedError when
 * a server holds DATA_DIR. Returns where the previous database was kept, if there was one.
 */
export async function restoreBackup(dataDir: string, file: string): Promise<{ previous: string | null }> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  const release = lockDataDir(dataDir);
  const stamp = backupId().slice('understanding-'.length);
  const staging = path.join(dataDir, `${PGDATA_FOLDER}.restoring-${stamp}`);
  try {
    mkdirSync(staging, { mode: 0o700 });
    try {
      await extractTar({ file, cwd: staging, strict: true, preservePaths: false });
    } catch (error) {
      throw new BackupError(`${file} is not a backup made by npm run db:backup: ${(error as Error).message}`);
    }
    await checkDatabase(staging, file);
    const current = path.join(dataDir, PGDATA_FOLDER);
    let previous: string | null = null;
    if (existsSync(current)) {
      previous = path.join(dataDir, `${PGDATA_FOLDER}.before-restore-${stamp}`);
      renameSync(current, previous);
    }
    renameSync(staging, current);
    return { previous };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

/** Opens the unpacked directory (PostgreSQL checks its files) and looks for the app's migrations. */
async function checkDatabase(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`${file} is not a backup made by npm run db:backup: it holds no database.`);
  }
  const client = await PGlite.create(dir);
  try {
    await client.query('select count(*) from drizzle.__drizzle_migrations');
  } catch {
    throw new BackupError(`${file} holds a PostgreSQL database, but not an Understanding one.`);
  } finally {
    await client.close();
  }
}

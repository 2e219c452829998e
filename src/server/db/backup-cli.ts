/* eslint-disable no-console */
/**
 * `npm run db:backup [-- --out FILE] [--timeout SECONDS]`: a consistent backup of the embedded
 * database in DATA_DIR as a gzipped tarball (default DATA_DIR/backups/understanding-<time>.tar.gz).
 * While the server runs, the server makes it (this command signals it; see db/backup.ts); otherwise
 * the command opens the database itself. With DATABASE_URL set it refuses: use pg_dump.
 */
import { copyFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DatabaseLockedError, lockHolder } from './client.ts';
import {
  BackupError,
  backupId,
  backupStoppedDatabase,
  backupsDir,
  hasEmbeddedDatabase,
  requestBackup,
} from './backup.ts';

class UsageError extends Error {}

const USAGE = 'Usage: npm run db:backup -- [--out FILE] [--timeout SECONDS]';

function parseArgs(argv: readonly string[]): { out?: string; timeoutSeconds: number } {
  const result: { out?: string; timeoutSeconds: number } = { timeoutSeconds: 120 };
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(out|timeout)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) throw new UsageError(`Unknown argument: ${argv[i]}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${match[1]} needs a value`);
    if (match[1] === 'out') result.out = path.resolve(value);
    else if (/^\d+$/.test(value) && Number(value) > 0) result.timeoutSeconds = Number(value);
    else throw new UsageError('--timeout needs a positive whole number of seconds');
  }
  return result;
}

/** Moves the server's file to where it was asked for (copying across file systems). */
function moveTo(from: string, to: string): void {
  if (from === to) return;
  try {
    renameSync(from, to);
  } catch {
    copyFileSync(from, to);
    rmSync(from, { force: true });
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: this command backs up the embedded database only.\n' +
        'Back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom --file=understanding.dump "$DATABASE_URL"\n' +
        '(README, "Backups").',
    );
    return 1;
  }
  const dataDir = config.dataDir;
  if (!hasEmbeddedDatabase(dataDir)) {
    console.error(`There is no embedded database in ${dataDir} to back up (set DATA_DIR?).`);
    return 1;
  }
  const started = performance.now();
  let holder = lockHolder(dataDir);
  let file = args.out ?? path.join(backupsDir(dataDir), `${backupId()}.tar.gz`);
  let how = 'the server was not running';
  if (holder === null) {
    try {
      await backupStoppedDatabase(dataDir, file);
    } catch (error) {
      // A server started in the meantime: ask it instead.
      if (!(error instanceof DatabaseLockedError)) throw error;
      holder = lockHolder(dataDir);
      if (holder === null) throw error;
    }
  }
  if (holder !== null) {
    const made = await requestBackup(dataDir, holder, { timeoutMs: args.timeoutSeconds * 1000 });
    file = args.out ?? made;
    moveTo(made, file);
    how = `made by the running server, pid ${holder}`;
  }
  const megabytes = statSync(file).size / 1024 / 1024;
  const seconds = (performance.now() - started) / 1000;
  console.log(`Backup written to ${file} (${megabytes.toFixed(1)} MB, ${how}, ${seconds.toFixed(1)} s).`);
  console.log('Keep a copy away from this machine; restore it with: npm run db:restore -- <file>');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError ||
      error instanceof BackupError
    )
      console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);

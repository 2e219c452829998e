/* eslint-disable no-console */
/**
 * `npm run db:restore -- FILE`: replaces the embedded database in DATA_DIR with a backup made by
 * `npm run db:backup`. The server must be stopped (the command refuses while DATA_DIR's lock is held);
 * the database it replaces is kept beside it. With DATABASE_URL set it refuses: use pg_restore.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DatabaseLockedError, lockHolder } from './client.ts';
import { BackupError, restoreBackup } from './backup.ts';

const USAGE = 'Usage: npm run db:restore -- FILE   (a .tar.gz made by npm run db:backup)';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('--')) {
    console.error(USAGE);
    return 1;
  }
  const file = path.resolve(args[0]!);
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: this command restores the embedded database only.\n' +
        'Restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" understanding.dump\n' +
        '(README, "Backups").',
    );
    return 1;
  }
  const holder = lockHolder(config.dataDir);
  if (holder !== null) {
    console.error(
      `The server (pid ${holder}) is using the database in ${config.dataDir}. Stop it, restore, then start it again.`,
    );
    return 1;
  }
  const started = performance.now();
  const { previous } = await restoreBackup(config.dataDir, file);
  const seconds = (performance.now() - started) / 1000;
  console.log(`Restored ${file} into ${config.dataDir} (${seconds.toFixed(1)} s).`);
  if (previous) {
    console.log(`The database it replaced is kept in ${previous}; delete it once the restored one is fine.`);
  }
  console.log('Start the server (npm start); it applies any migrations newer than the backup.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof BackupError)
      console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);

/* eslint-disable no-console */
/**
 * `npm run db:seed [-- --agencies N] [--seed N]`: loads demo data into the configured database
 * (PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR), after migrating it.
 * Without --agencies it loads the demo and refuses a database that already has agencies; with
 * --agencies N it adds one large benchmark network of N agencies.
 */
import { hashPassword } from 'better-auth/crypto';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DatabaseLockedError } from '#server/db/client.ts';
import { isEmptyDatabase, openConfiguredDatabase } from '#server/db/open.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { seedDemoData } from './generate.ts';

class UsageError extends Error {}

/** Parses `--agencies N` / `--agencies=N` and `--seed N` / `--seed=N` (positive whole numbers). */
function parseArgs(argv: readonly string[]): { agencies?: number; seed?: number } {
  const result: { agencies?: number; seed?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--(agencies|seed)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unknown argument: ${arg}`);
    const name = match[1] as 'agencies' | 'seed';
    const raw = match[2] ?? argv[++i];
    const value = Number(raw);
    if (
      raw === undefined ||
      !/^\d+$/.test(raw) ||
      !Number.isSafeInteger(value) ||
      (name === 'agencies' && value < 1)
    ) {
      throw new UsageError(
        `--${name} needs a ${name === 'agencies' ? 'positive' : 'non-negative'} whole number`,
      );
    }
    result[name] = value;
  }
  return result;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    if (args.agencies === undefined && !(await isEmptyDatabase(database))) {
      console.error(
        `The database (${where}) already has agencies; the demo is only loaded into an empty database.\n` +
          'Use another DATA_DIR (or database), or pass --agencies N to add a large benchmark network.',
      );
      return 1;
    }
    console.log(
      args.agencies === undefined
        ? `Loading the demo into ${where}...`
        : `Adding a benchmark network of ${args.agencies} agencies to ${where}...`,
    );
    const started = performance.now();
    const summary = await seedDemoData(database.db, {
      today: calendarDateIn(BUSINESS_TIME_ZONE),
      ...(args.agencies === undefined ? {} : { agencies: args.agencies }),
      ...(args.seed === undefined ? {} : { seed: args.seed }),
      passwordHash: hashPassword,
      log: (message) => console.log(message),
    });
    const seconds = (performance.now() - started) / 1000;
    console.table(summary);
    console.log(`Done in ${seconds.toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: npm run db:seed -- [--agencies N] [--seed N]`);
    } else if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
      console.error(error.message);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    process.exit(1);
  },
);

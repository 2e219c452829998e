import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as tenancy from './schema/tenancy.ts';
import * as dimensions from './schema/dimensions.ts';
import * as facts from './schema/facts.ts';
import * as auth from './schema/auth.ts';
import * as access from './schema/access.ts';
import * as rollups from './schema/rollups.ts';

export const schema = { ...tenancy, ...dimensions, ...facts, ...auth, ...access, ...rollups };
export type Schema = typeof schema;

type RowsResult<T> = { rows: T[] };

/** Raw query results of both drivers share `rows`; that is all services rely on. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}

/** One database handle type for both drivers: services never know which one they run on. */
export type Db = PgDatabase<RowsResultHKT, Schema>;

/** What a statement needs: the database or a transaction of it. */
export type Executor = Pick<Db, 'execute'>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate: (migrationsFolder: string) => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests copy a migrated database this way). */
  dump?: () => Promise<Blob>;
  close: () => Promise<void>;
};

export class DatabaseLockedError extends Error {}

/**
 * The planner's cost of a random page read against a sequential one (PostgreSQL's default 4 is a
 * spinning disk's): a report's pages are in memory or on SSD. At 4 the planner looked up each of a
 * network's thousands of running-total keys by its primary key rather than read the month's rows
 * once and join them, 1.7 times slower (decision 082).
 */
export const RANDOM_PAGE_COST = 1.1;

/** Inside DATA_DIR: the PGlite data directory and the lock file holding the owner's pid. */
export const PGDATA_FOLDER = 'pgdata';
export const LOCK_FILE = 'understanding.lock';

/**
 * Opens the embedded PGlite database in `dataDir`. A lock file holding the owner's pid stops a second
 * process from opening the same directory (PGlite is single-process); a lock left by a dead process
 * is taken over. `loadDataDir` (a `dump()`) is what a new database starts from, in `dataDir` or in
 * memory.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(dataDir, LOCK_FILE));
    try {
      client = await PGlite.create(
        path.join(dataDir, PGDATA_FOLDER),
        options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
      );
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: (migrationsFolder) => migratePglite(drizzlePglite(client), { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(url: string): Promise<Database> {
  // Reports are many short aggregate queries: JIT compilation costs more than it saves on them (about
  // 90 ms a query, measured), and their sorts and hashes fit in 32 MB instead of spilling to disk.
  // Random reads cost what `RANDOM_PAGE_COST` says.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c jit=off -c work_mem=32MB -c max_parallel_workers_per_gather=0 -c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  // An idle connection the server closed (restart, failover, a dropped database) is discarded by the
  // pool and replaced on the next query; without a listener the event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`A database connection was closed by the server: ${error.message}`);
  });
  // Numeric and bigint stay strings (exact); dates stay 'YYYY-MM-DD'.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await pool.query('select 1');
  return {
    db,
    driver: 'postgres',
    migrate: (migrationsFolder) => migratePg(drizzlePg(pool), { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * Takes DATA_DIR's lock without opening the database (a restore replaces the data directory under
 * it); refuses like `openPglite` when a live process holds it. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  return acquireLock(path.join(dataDir, LOCK_FILE));
}

/** The pid of the live process that holds DATA_DIR's lock (this one included), else null. */
export function lockHolder(dataDir: string): number | null {
  const lockFile = path.join(dataDir, LOCK_FILE);
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/** Lock files this process holds (a pid equal to ours in a lock we do not hold is a stale one). */
const heldLocks = new Set<string>();

function acquireLock(lockFile: string): () => void {
  if (heldLocks.has(lockFile)) {
    throw new DatabaseLockedError(
      `The database in ${path.dirname(lockFile)} is already open in this process.`,
    );
  }
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseLockedError(
        `The database in ${path.dirname(lockFile)} is already open in another process (pid ${pid}). ` +
          'Stop that process first, or set DATA_DIR to another directory.',
      );
    }
    rmSync(lockFile, { force: true });
  }
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx');
  } catch {
    throw new DatabaseLockedError(
      `The database in ${path.dirname(lockFile)} is being opened by another process. Try again in a moment.`,
    );
  }
  writeSync(fd, String(process.pid));
  closeSync(fd);
  heldLocks.add(lockFile);
  return () => {
    heldLocks.delete(lockFile);
    rmSync(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

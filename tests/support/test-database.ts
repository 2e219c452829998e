import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, PGDATA_FOLDER, type Database } from '#server/db/client.ts';
import { adminQuery, scratchRoot, withDatabase } from './global-setup.ts';

/**
 * A fresh, migrated database of the test file's own: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set. Closing it drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = inject('postgresTemplate');
  if (url && postgresTemplate) {
    const name = `understanding_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await adminQuery(url, `create database "${name}" template "${postgresTemplate}"`);
    const database = await openPostgres(withDatabase(url, name));
    return {
      ...database,
      close: async () => {
        await database.close();
        await adminQuery(url, `drop database if exists "${name}" with (force)`);
      },
    };
  }
  const dir = mkdtempSync(path.join(scratchRoot(), 'understanding-test-'));
  const database = await openMigratedDataDir(dir);
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded database in a new DATA_DIR, migrated: a copy of the run's migrated template directory
 * (not the migrations run again from nothing, which takes five times as long; nor a dump loaded
 * into memory, whose unpacking took as long as PGlite's start), or migrated when the run has none
 * (its integration suite runs on PostgreSQL).
 */
export async function openMigratedDataDir(dataDir: string): Promise<Database> {
  const template = inject('pgliteTemplate');
  if (template) {
    cpSync(path.join(template, PGDATA_FOLDER), path.join(dataDir, PGDATA_FOLDER), { recursive: true });
    return openPglite(dataDir);
  }
  const database = await openPglite(dataDir);
  await database.migrate(path.join(appRoot, 'src/server/db/migrations'));
  return database;
}

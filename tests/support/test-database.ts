import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { adminQuery, withDatabase } from './global-setup.ts';

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
  const template = readFileSync(inject('pgliteTemplate'));
  return openPglite(undefined, { loadDataDir: new Blob([template]) });
}

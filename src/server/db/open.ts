import { sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from './client.ts';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir);
  try {
    await database.migrate(config.migrationsDir);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** True when no agency exists yet: the signal to load demo data into a new embedded database. */
export async function isEmptyDatabase(database: Database): Promise<boolean> {
  const result = await database.db.execute<{ found: boolean }>(
    sql`select exists (select 1 from agencies) as found`,
  );
  return !result.rows[0]?.found;
}

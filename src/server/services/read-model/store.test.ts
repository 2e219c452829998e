import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';
import { executeRead } from './store.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const settings = sql`select current_setting('max_parallel_workers_per_gather') as workers,
  current_setting('parallel_setup_cost') as setup_cost`;

describe('a read over a whole network', () => {
  it('may use one parallel worker where the server has workers (PostgreSQL), none on PGlite', async () => {
    const found = await executeRead<{ workers: string; setup_cost: string }>(database.db, settings, true);
    expect(found.rows).toEqual([{ workers: database.driver === 'postgres' ? '1' : '0', setup_cost: '10' }]);
  });

  it('leaves every other statement of the pool planned without workers, at the default costs', async () => {
    await executeRead(database.db, settings, true);
    const after = await executeRead<{ workers: string; setup_cost: string }>(database.db, settings, false);
    expect(after.rows).toEqual([{ workers: '0', setup_cost: '1000' }]);
  });
});

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

describe('whole cents summed (bigint_sum)', () => {
  const sumOf = async (values: string) =>
    (
      await database.db.execute<{ total: string | null; type: string }>(
        sql.raw(`select bigint_sum(v)::text as total, pg_typeof(bigint_sum(v))::text as type
          from (values ${values}) t(v)`),
      )
    ).rows[0];

  it('answers numeric as sum does: exact past 2^53, NULL when no value was reported', async () => {
    expect(await sumOf('(9007199254740993::bigint), (-2::bigint), (null)')).toEqual({
      total: '9007199254740991',
      type: 'numeric',
    });
    expect(await sumOf('(null::bigint), (null)')).toEqual({ total: null, type: 'numeric' });
  });

  it('fails rather than answer a sum past the largest bigint', async () => {
    // The driver's error is the cause of the one drizzle throws.
    await expect(sumOf('(9223372036854775807::bigint), (1::bigint)')).rejects.toMatchObject({
      cause: { message: 'bigint out of range' },
    });
  });
});

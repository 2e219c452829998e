import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';
import { seedDemoData, type DemoSummary } from './generate.ts';

const today = { year: 2026, month: 11, day: 22 };

/**
 * Every row of the benchmark network's bulk tables, as one digest per table (each row's every column,
 * the facts' generated ids included, in a fixed order).
 */
const TABLES = {
  agencies: 'uuid',
  subscribers: 'agency_uuid, uuid',
  subscriptions: 'agency_uuid, uuid',
  agency_codes: 'agency_uuid, uuid',
  carrier_reported_months: 'agency_uuid, carrier_uuid, month',
  production_facts: 'agency_uuid, id',
  commission_facts: 'agency_uuid, id',
} as const;

async function digests(database: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    const found = await database.db.execute<{ digest: string }>(
      sql.raw(`select count(*) || ':' || md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), ''))
        as digest from ${table} t
        where ${table === 'agencies' ? 'uuid' : 'agency_uuid'} in (
          select a.uuid from agencies a join networks n on n.uuid = a.network_uuid
          where n.name = 'Benchmark Network 3')`),
    );
    result[table] = found.rows[0]!.digest;
  }
  return result;
}

describe('the benchmark network', () => {
  let database: Database;
  let summary: DemoSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await seedDemoData(database.db, { today, agencies: 3, passwordHash: async (p) => p });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('is the same rows, ids included, as the generator has always written for the same seed and day', async () => {
    // Taken from the generator as it wrote these rows with INSERT statements, before it wrote them
    // with COPY: the bulk load changes how the rows travel, never which rows they are.
    expect(await digests(database)).toEqual({
      agencies: '3:9b7257adc4ccea8f47171a0ace4a2cf1',
      subscribers: '3:92e682354ca332ffccbd00524fe9444f',
      subscriptions: '3:3121fc14ddc005db3ea1ef8805d53155',
      agency_codes: '81:0a5898f2a0268bd57c93aad1982dd06a',
      carrier_reported_months: '4847:1769e2905e95a96dc7c9f45060d7c1c5',
      production_facts: '9522:f06b3dba4ce6700235b952d03faf5210',
      commission_facts: '9342:659a6b378abedc8f955fd1e7e5e38ce0',
    });
    expect(summary).toMatchObject({ agencies: 3, productionFacts: 9522, commissionFacts: 9342 });
  });
});

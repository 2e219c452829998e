import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/support/test-database.ts';

/**
 * `docs/scale-out.md` checked against the migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): every table has its placement under Citus, and a distributed table's keys
 * all hold `network_uuid` or the document names the change each one needs. Then the SQL both
 * drivers must accept: every statement of the read model through EXPLAIN on this run's database,
 * and no construct of a PostgreSQL newer than 15, nor one only the `pg` protocol allows, in the
 * server's SQL.
 */

type Placement = 'distributed' | 'reference' | 'local';

/** The document's table of every table: its placement, and the change Citus requires ('—': none). */
function documentedTables(): Map<string, { placement: Placement; change: string }> {
  const doc = readFileSync(path.join(appRoot, 'docs/scale-out.md'), 'utf8');
  const tables = new Map<string, { placement: Placement; change: string }>();
  for (const line of doc.split('\n')) {
    const row = /^\|\s*`([a-z0-9_]+)`\s*\|\s*(distributed|reference|local)\s*\|\s*(.*?)\s*\|$/.exec(line);
    if (row) tables.set(row[1]!, { placement: row[2] as Placement, change: row[3]! });
  }
  return tables;
}

/** What a distributed table lacks, as the document names it: the column, the primary key, an index. */
async function lacking(database: Database): Promise<Map<string, string[]>> {
  const tables = await database.db.execute<{ name: string; has_network: boolean }>(sql`
    select c.relname as name, exists (select 1 from pg_attribute a where a.attrelid = c.oid
        and a.attname = 'network_uuid' and a.attnum > 0 and not a.attisdropped) as has_network
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
      and c.relname !~ '^import_rows_[0-9a-f]{32}$'`);
  const keys = await database.db.execute<{ name: string; index: string; is_primary: boolean }>(sql`
    select c.relname as name, i.relname as index, x.indisprimary as is_primary
    from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and x.indisunique
      and not exists (select 1 from pg_attribute a where a.attrelid = c.oid
        and a.attname = 'network_uuid' and a.attnum = any (x.indkey::int2[]))`);
  const result = new Map(
    tables.rows.map((t) => [t.name, t.has_network ? [] : ['add `network_uuid`']] as [string, string[]]),
  );
  for (const key of keys.rows) {
    result.get(key.name)?.push(key.is_primary ? 'primary key' : `\`${key.index}\``);
  }
  return result;
}

/** The read model's statements as rendered in `sql/*.sql`, with the parameters their header lists. */
function readModelStatements(): { file: string; text: string; params: unknown[] }[] {
  const dir = path.join(appRoot, 'src/server/services/read-model/sql');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .flatMap((file) => {
      // A snapshot may hold several statements (a builder that runs two), each after its own
      // "-- Parameters:" block numbered from $1.
      const statements: { sql: string[]; params: unknown[] }[] = [{ sql: [], params: [] }];
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const current = statements.at(-1)!;
        if (line.startsWith('-- Parameters:') && current.sql.some((l) => l.trim() !== ''))
          statements.push({ sql: [], params: [] });
        const param = /^--\s+\$(\d+) = (.*)$/.exec(line);
        if (param) statements.at(-1)!.params[Number(param[1]) - 1] = JSON.parse(param[2]!);
        else if (!line.startsWith('--')) statements.at(-1)!.sql.push(line);
      }
      return statements.map((statement, index) => ({
        file: statements.length > 1 ? `${file} (statement ${index + 1})` : file,
        text: statement.sql.join('\n'),
        params: statement.params,
      }));
    });
}

/**
 * Constructs one driver refuses and the other accepts: of PostgreSQL 16 and later (PGlite is 17, a
 * server may be 15), and those only a server's own files or the `pg` protocol allow. `allowedIn` is
 * the one file built for that driver difference.
 */
const ONE_DRIVER_ONLY: { construct: RegExp; why: string; allowedIn?: string }[] = [
  { construct: /\bany_value\s*\(/i, why: 'any_value() is PostgreSQL 16+' },
  {
    construct: /\bjson_(table|exists|query|value|scalar|serialize)\s*\(/i,
    why: 'SQL/JSON query functions are PostgreSQL 16+/17+',
  },
  { construct: /\bjson_(array|object)agg\s*\(/i, why: 'json_arrayagg/json_objectagg are PostgreSQL 16+' },
  { construct: /\bis\s+(not\s+)?json\b/i, why: 'IS JSON is PostgreSQL 16+' },
  { construct: /\bmerge_action\s*\(/i, why: 'merge_action() (MERGE ... RETURNING) is PostgreSQL 17+' },
  { construct: /\bon_error\b/i, why: "COPY's ON_ERROR is PostgreSQL 17+" },
  {
    construct: /\b(random_normal|array_sample|array_shuffle|date_add|date_subtract|pg_input_is_valid)\s*\(/i,
    why: 'PostgreSQL 16+ function',
  },
  { construct: /\bsystem_user\b/i, why: 'SYSTEM_USER is PostgreSQL 16+' },
  { construct: /\buuidv7\s*\(/i, why: 'uuidv7() is PostgreSQL 18+' },
  {
    construct: /\bfrom\s+stdin\b/i,
    why: 'COPY FROM STDIN is the pg protocol only (PGlite reads /dev/blob)',
    allowedIn: 'src/server/db/copy-from.ts',
  },
  {
    construct: /\b(pg_read_file|pg_read_binary_file|lo_import|lo_export)\s*\(/i,
    why: "a server's own files: none in PGlite",
  },
];

/** The server's SQL: its code (not its tests), migrations and the read model's rendered statements. */
function serverSources(): { file: string; text: string }[] {
  const root = path.join(appRoot, 'src/server');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => (file.endsWith('.ts') && !file.endsWith('.test.ts')) || file.endsWith('.sql'),
  );
  return files.map((file) => ({
    file: path.posix.join('src/server', file.split(path.sep).join('/')),
    text: readFileSync(path.join(root, file), 'utf8'),
  }));
}

describe('scale-out', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('places every table of the schema, and no other, in docs/scale-out.md', async () => {
    const documented = [...documentedTables().keys()].sort();
    const actual = [...(await lacking(database)).keys()].sort();
    expect(documented).toEqual(actual);
  });

  it('names, for each distributed table, every key that lacks network_uuid and only those', async () => {
    const found = await lacking(database);
    const wrong: Record<string, { lacks: string[]; documented: string }> = {};
    for (const [table, { placement, change }] of documentedTables()) {
      if (placement !== 'distributed') continue;
      const lacks = found.get(table) ?? [];
      // '—' when nothing lacks; else the change names each key that lacks (and nothing that does not).
      const named =
        change === '—' ? lacks.length === 0 : lacks.length > 0 && lacks.every((l) => change.includes(l));
      if (!named) wrong[table] = { lacks, documented: change };
    }
    expect(wrong).toEqual({});
  });

  it("runs every statement of the read model through this driver's planner", async () => {
    const client = (
      database.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }
    ).$client;
    const refused: Record<string, string> = {};
    for (const { file, text, params } of readModelStatements()) {
      try {
        await client.query(`explain ${text}`, params);
      } catch (error) {
        refused[file] = error instanceof Error ? error.message : String(error);
      }
    }
    expect(refused).toEqual({});
  });

  it('has no SQL that only one driver accepts', () => {
    const found: string[] = [];
    for (const { file, text } of serverSources()) {
      for (const { construct, why, allowedIn } of ONE_DRIVER_ONLY) {
        if (file !== allowedIn && construct.test(text)) found.push(`${file}: ${why}`);
      }
    }
    expect(found).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * Every index of some tables, as the statements that drop them and the statements that build them
 * again exactly as they were (their names and definitions as PostgreSQL reports them; the index of a
 * primary-key or unique constraint as its constraint). A bulk load into tables that hold no other
 * rows drops them first and builds them after, in its own transaction: one sort per index instead of
 * a B-tree descent per row and index (decision 077).
 *
 * Only for tables that no foreign key references (the caller's tables are checked): dropping a
 * referenced key would need the foreign keys dropped too. The drop locks the table against every
 * reader until the transaction ends, so it is meant for tables no one else reads at the time.
 */
export type TableIndexes = { drop: string[]; build: string[] };

export async function tableIndexes(db: Executor, tables: readonly string[]): Promise<TableIndexes> {
  const names = sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
  const referenced = await db.execute<{ name: string }>(sql`
    select confrelid::regclass::text as name from pg_constraint
    where contype = 'f' and confrelid::regclass::text in (${names})`);
  if (referenced.rows.length > 0) {
    throw new Error(`A foreign key references ${referenced.rows[0]!.name}: its indexes are kept.`);
  }
  const found = await db.execute<{ drop: string; build: string }>(sql`
    select format('alter table %I drop constraint %I', t.relname, c.conname) as drop,
      format('alter table %I add constraint %I %s', t.relname, c.conname, pg_get_constraintdef(c.oid)) as build
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where t.relnamespace = current_schema()::regnamespace and t.relname in (${names})
      and c.contype in ('p', 'u')
    union all
    select format('drop index %I', i.relname), pg_get_indexdef(i.oid)
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace and t.relname in (${names})
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by 1`);
  return { drop: found.rows.map((r) => r.drop), build: found.rows.map((r) => r.build) };
}

/** Whether none of the tables holds a row (of any network). */
export async function tablesAreEmpty(db: Executor, tables: readonly string[]): Promise<boolean> {
  for (const table of tables) {
    const found = await db.execute(sql`select 1 from ${sql.identifier(table)} limit 1`);
    if (found.rows.length > 0) return false;
  }
  return true;
}

import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { BROAD_LINE_CODES } from '#shared/contracts/production.ts';
import { addMonths, parseYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';

/**
 * A columnar reference for `bench:production`: the network's facts copied into an in-process DuckDB
 * (whole cents, exact), and the network's by-agency view (every carrier with a kind, manual entries
 * counted, a manual month after a gap left out of a period starting inside it) computed there straight
 * from the facts, so the ratio of our first view to a columnar engine is measured in one run.
 */
type Timing = { p50: number; p95: number };

const monthNumber = (month: YearMonth) => {
  const { year, month: m } = parseYearMonth(month)!;
  return year * 12 + m - 1;
};

async function loadFacts(database: Database, networkUuid: string, duck: DuckDBConnection): Promise<number> {
  await duck.run(`create table facts (agency varchar, m integer, broad varchar, type varchar,
    class smallint, manual boolean, gap smallint, wp bigint, nwp bigint, ep bigint, il bigint)`);
  const appender = await duck.createAppender('facts');
  const months = await database.db.execute<{ month: string }>(
    sql`select distinct month::text as month from production_facts where network_uuid = ${networkUuid}::uuid order by 1`,
  );
  let rows = 0;
  type Row = {
    agency: string;
    m: number;
    broad: string;
    type: string | null;
    class: number;
    manual: boolean;
  };
  type Amounts = { gap: number; wp: string | null; nwp: string | null; ep: string | null; il: string | null };
  for (const { month } of months.rows) {
    const facts = await database.db.execute<Row & Amounts>(sql`
      select f.agency_uuid::text as agency,
        (extract(year from f.month) * 12 + extract(month from f.month) - 1)::int as m,
        case when l.level = 1 then l.code else p.code end as broad,
        case when l.level = 2 then l.code end as type,
        ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8)
          | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32)) as class,
        f.source = 'manual' as manual, f.gap_months as gap,
        (f.written_premium * 100)::bigint::text as wp, (f.new_written_premium * 100)::bigint::text as nwp,
        (f.earned * 100)::bigint::text as ep, (f.incurred * 100)::bigint::text as il
      from production_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.network_uuid = ${networkUuid}::uuid and f.month = ${month}::date`);
    for (const f of facts.rows) {
      appender.appendVarchar(f.agency);
      appender.appendInteger(Number(f.m));
      appender.appendVarchar(f.broad);
      if (f.type === null) appender.appendNull();
      else appender.appendVarchar(f.type);
      appender.appendSmallInt(Number(f.class));
      appender.appendBoolean(f.manual);
      appender.appendSmallInt(Number(f.gap));
      for (const amount of [f.wp, f.nwp, f.ep, f.il]) {
        if (amount === null) appender.appendNull();
        else appender.appendBigInt(BigInt(amount));
      }
      appender.endRow();
    }
    rows += facts.rows.length;
  }
  appender.closeSync();
  return rows;
}

/** The by-agency view of a period and line over the facts, as DuckDB computes it. */
function byAgencyQuery(tf: Timeframe, line: string): string {
  const [s, e] = [monthNumber(tf.startMonth), monthNumber(tf.endMonth)];
  const [ps, pe] = [monthNumber(addMonths(tf.startMonth, -12)), monthNumber(addMonths(tf.endMonth, -12))];
  const child = line === 'P&C' ? 'broad' : 'type';
  const sums = ['wp', 'nwp', 'ep', 'il']
    .flatMap((c) => [
      `sum(${c}) filter (where m between ${s} and ${e} and m - gap >= ${s})`,
      `sum(${c}) filter (where m between ${ps} and ${pe} and m - gap >= ${ps})`,
    ])
    .join(', ');
  return `select agency, case when grouping(${child}) = 1 then '${line}' else ${child} end as line_code, ${sums}
    from facts
    where class <> 0 and (m between ${s} and ${e} or m between ${ps} and ${pe})
      ${line === 'P&C' ? '' : `and broad = '${line}'`}
    group by grouping sets ((agency, ${child}), (agency))`;
}

export async function columnarReference(
  database: Database,
  networkUuid: string,
  timeframes: Timeframe[],
  ours: Map<string, Timing>,
  time: (fn: () => Promise<unknown>) => Promise<Timing>,
): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const duck = await instance.connect();
  const started = performance.now();
  const rows = await loadFacts(database, networkUuid, duck);
  console.log(`  DuckDB: ${rows} facts loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const table: Record<string, string | number>[] = [];
  for (const tf of timeframes) {
    for (const line of BROAD_LINE_CODES) {
      const query = byAgencyQuery(tf, line);
      const columnar = await time(() => duck.runAndReadAll(query));
      const ourTiming = ours.get(`${tf.name} ${line}`)!;
      table.push({
        timeframe: tf.name,
        line,
        'ours, first view p50/p95 ms': `${Math.round(ourTiming.p50)}/${Math.round(ourTiming.p95)}`,
        'DuckDB from the facts p50/p95 ms': `${Math.round(columnar.p50)}/${Math.round(columnar.p95)}`,
        'ours / DuckDB (p95)': Number((ourTiming.p95 / columnar.p95).toFixed(2)),
      });
    }
  }
  console.log('  By agency at the network level (every carrier), ours beside a columnar engine:');
  console.table(table);
  duck.closeSync();
}

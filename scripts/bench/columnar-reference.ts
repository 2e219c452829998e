import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { BroadLineCode } from '#shared/contracts/production.ts';
import { compositeFilter, type CarrierKinds } from '#shared/domain/carrier-composite.ts';
import { addMonths, parseYearMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import { reportCountsManualEntries, type Timeframe } from '#shared/domain/timeframe.ts';

/**
 * A columnar reference for the benches: the network's facts copied into an in-process DuckDB (whole
 * cents, exact), and a view computed there straight from the facts, by agency, by carrier or as the
 * first page by agency code, for any period, line, standard types and carrier kinds (the kinds'
 * predicate, manual entries counted only where `reportCountsManualEntries` says, a manual month after
 * a gap left out of a period starting inside it), so the ratio of our views to a columnar engine is
 * measured in one run. The scorecard's reference loads the commission facts instead, and computes
 * its calls by carrier and by policy type from them.
 */
type Timing = { p50: number; p95: number };

/** What a view asks for: its months, line, standard types and carrier kinds. */
export type ReferenceView = {
  tf: Pick<Timeframe, 'isYtd' | 'startMonth' | 'endMonth'>;
  line: BroadLineCode;
  standardTypes: readonly string[];
  kinds: CarrierKinds;
};

const monthNumber = (month: YearMonth) => {
  const { year, month: m } = parseYearMonth(month)!;
  return year * 12 + m - 1;
};

async function loadFacts(database: Database, networkUuid: string, duck: DuckDBConnection): Promise<number> {
  await duck.run(`create table facts (agency varchar, carrier varchar, code varchar, m integer,
    broad varchar, type varchar, class smallint, manual boolean, gap smallint,
    wp bigint, nwp bigint, ep bigint, il bigint)`);
  const appender = await duck.createAppender('facts');
  const months = await database.db.execute<{ month: string }>(
    sql`select distinct month::text as month from production_facts where network_uuid = ${networkUuid}::uuid order by 1`,
  );
  let rows = 0;
  type Row = {
    agency: string;
    carrier: string;
    code: string | null;
    m: number;
    broad: string;
    type: string | null;
    class: number;
    manual: boolean;
  };
  type Amounts = { gap: number; wp: string | null; nwp: string | null; ep: string | null; il: string | null };
  for (const { month } of months.rows) {
    const facts = await database.db.execute<Row & Amounts>(sql`
      select f.agency_uuid::text as agency, f.carrier_uuid::text as carrier, f.agency_code_uuid::text as code,
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
      appender.appendVarchar(f.carrier);
      if (f.code === null) appender.appendNull();
      else appender.appendVarchar(f.code);
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

/**
 * The network's commission facts, whole cents (the scorecard's source): each with its own line (a
 * standard type, or a broad line where the statement stops there) and its broad line, its carrier's
 * class and whether the carrier is core.
 */
async function loadCommissionFacts(
  database: Database,
  networkUuid: string,
  duck: DuckDBConnection,
): Promise<number> {
  await duck.run(`create table commissions (agency varchar, carrier varchar, m integer, broad varchar,
    line varchar, typed boolean, class smallint, core boolean, wp bigint, base bigint, additional bigint)`);
  const appender = await duck.createAppender('commissions');
  const months = await database.db.execute<{ month: string }>(
    sql`select distinct month::text as month from commission_facts where network_uuid = ${networkUuid}::uuid order by 1`,
  );
  let rows = 0;
  type Row = {
    agency: string;
    carrier: string;
    m: number;
    broad: string;
    line: string;
    typed: boolean;
    class: number;
    core: boolean;
    wp: string | null;
    base: string | null;
    additional: string | null;
  };
  for (const { month } of months.rows) {
    const facts = await database.db.execute<Row>(sql`
      select f.agency_uuid::text as agency, f.carrier_uuid::text as carrier,
        (extract(year from f.month) * 12 + extract(month from f.month) - 1)::int as m,
        case when l.level = 1 then l.code else p.code end as broad, l.code as line, l.level = 2 as typed,
        ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8)
          | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32)) as class, c.is_core_carrier as core,
        (f.written_premium * 100)::bigint::text as wp, (f.base_commission * 100)::bigint::text as base,
        (f.additional_commission * 100)::bigint::text as additional
      from commission_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.network_uuid = ${networkUuid}::uuid and f.month = ${month}::date`);
    for (const f of facts.rows) {
      appender.appendVarchar(f.agency);
      appender.appendVarchar(f.carrier);
      appender.appendInteger(Number(f.m));
      appender.appendVarchar(f.broad);
      appender.appendVarchar(f.line);
      appender.appendBoolean(f.typed);
      appender.appendSmallInt(Number(f.class));
      appender.appendBoolean(f.core);
      for (const amount of [f.wp, f.base, f.additional]) {
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

/** A wholesaler passes when wholesalers do; another carrier when one of its kinds does. */
function compositePredicate(kinds: CarrierKinds): string {
  const filter = compositeFilter(kinds);
  return `case when class & 1 <> 0 then ${filter.wholesalers} else class & ${filter.kindBits} <> 0 end`;
}

/** The facts a view reads, of its period and its prior period, and the sums of each. */
function selection(view: ReferenceView) {
  const { tf, line, standardTypes, kinds } = view;
  const [s, e] = [monthNumber(tf.startMonth), monthNumber(tf.endMonth)];
  const [ps, pe] = [monthNumber(addMonths(tf.startMonth, -12)), monthNumber(addMonths(tf.endMonth, -12))];
  const sums = ['wp', 'nwp', 'ep', 'il'].flatMap((c) => [
    `sum(${c}) filter (where m between ${s} and ${e} and m - gap >= ${s})`,
    `sum(${c}) filter (where m between ${ps} and ${pe} and m - gap >= ${ps})`,
  ]);
  const where = [
    compositePredicate(kinds),
    `(m between ${s} and ${e} or m between ${ps} and ${pe})`,
    ...(line === 'P&C' ? [] : [`broad = '${line}'`]),
    ...(standardTypes.length === 0 ? [] : [`type in (${standardTypes.map((t) => `'${t}'`).join(', ')})`]),
    ...(reportCountsManualEntries(tf, standardTypes) ? [] : ['not manual']),
  ];
  return { sums, where: where.join(' and ') };
}

/** The commission facts a scorecard call reads: its months, line, standard types and carrier kinds. */
function commissionSelection(view: ReferenceView): string {
  const { tf, line, standardTypes, kinds } = view;
  return [
    compositePredicate(kinds),
    `m between ${monthNumber(tf.startMonth)} and ${monthNumber(tf.endMonth)}`,
    ...(line === 'P&C' ? [] : [`broad = '${line}'`]),
    ...(standardTypes.length === 0
      ? []
      : [`typed and line in (${standardTypes.map((t) => `'${t}'`).join(', ')})`]),
  ].join(' and ');
}

const COMMISSION_SUMS = `sum(wp) as wp, sum(base) as base, sum(additional) as additional,
      count(base) + count(additional) as commissions`;

/** The scorecard by carrier: each carrier's figures per line, per carrier and in all. */
export function scorecardByCarrierQuery(view: ReferenceView): string {
  return `select carrier, line, ${COMMISSION_SUMS} from commissions where ${commissionSelection(view)}
    group by grouping sets ((carrier, line), (carrier), ())`;
}

/**
 * The scorecard by policy type (by agency, and its stats): per broad line and core flag, per line, per
 * flag and in all, with the carriers that have figures (per line, and over all lines).
 */
export function scorecardByPolicyTypeQuery(view: ReferenceView): string {
  const some = (prefix: string) => `(coalesce(${prefix}wp, 0) <> 0 or coalesce(${prefix}base, 0) <> 0
      or coalesce(${prefix}additional, 0) <> 0)`;
  return `with k as (select carrier, broad, core, ${COMMISSION_SUMS} from commissions
      where ${commissionSelection(view)} group by carrier, broad, core),
    w as (select *, row_number() over c = 1 as first_line, sum(wp) over c as carrier_wp,
      sum(base) over c as carrier_base, sum(additional) over c as carrier_additional
      from k window c as (partition by carrier))
    select broad, core, count(*) filter (where ${some('')}) as carriers,
      count(*) filter (where first_line and ${some('carrier_')}) as all_carriers,
      sum(wp), sum(base), sum(additional), sum(commissions)
    from w group by grouping sets ((broad, core), (broad), (core), ())`;
}

/** A view by agency or by carrier: each one's line and its children (broad lines, or standard types). */
export function byLevelQuery(view: ReferenceView, by: 'agency' | 'carrier'): string {
  const { sums, where } = selection(view);
  const child = view.line === 'P&C' ? 'broad' : 'type';
  return `select ${by}, case when grouping(${child}) = 1 then '${view.line}' else ${child} end as line_code,
      ${sums.join(', ')}
    from facts where ${where}
    group by grouping sets ((${by}, ${child}), (${by}))`;
}

/** The first page by agency code (25 rows by written premium), with the selection's count and totals. */
export function codePageQuery(view: ReferenceView): string {
  const { sums, where } = selection(view);
  return `with codes as (select agency, carrier, code, ${sums.join(', ')} from facts where ${where}
      group by agency, carrier, code)
    select * from (select *, count(*) over () as total_count from codes) order by 4 desc nulls last limit 25`;
}

/** The reference: the facts loaded once, then any query timed as the benches time ours. */
export type ColumnarReference = { time: (query: string) => Promise<Timing>; close: () => void };

export async function columnarReference(
  database: Database,
  networkUuid: string,
  time: (fn: () => Promise<unknown>) => Promise<Timing>,
  facts: 'production' | 'commission' = 'production',
): Promise<ColumnarReference> {
  const instance = await DuckDBInstance.create(':memory:');
  const duck = await instance.connect();
  const started = performance.now();
  const load = facts === 'production' ? loadFacts : loadCommissionFacts;
  const rows = await load(database, networkUuid, duck);
  console.log(
    `  DuckDB: ${rows} ${facts} facts loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { time: (query) => time(() => duck.runAndReadAll(query)), close: () => duck.closeSync() };
}

/** One row of a table of ours beside DuckDB's. */
export function besideRow(ours: Timing, columnar: Timing): Record<string, string | number> {
  return {
    'ours p50/p95 ms': `${Math.round(ours.p50)}/${Math.round(ours.p95)}`,
    'DuckDB from the facts p50/p95 ms': `${Math.round(columnar.p50)}/${Math.round(columnar.p95)}`,
    'ours / DuckDB (p95)': Number((ours.p95 / columnar.p95).toFixed(2)),
  };
}

/** Prints a table of `besideRow`s and its worst ratio against the target (ours <= DuckDB). */
export function printBeside(table: Record<string, string | number>[]): void {
  console.log('  At the network level, ours beside a columnar engine over the same facts:');
  console.table(table);
  const worst = Math.max(...table.map((row) => row['ours / DuckDB (p95)'] as number));
  console.log(`  worst ours / DuckDB (p95): ${worst} (target <= 1)`);
}

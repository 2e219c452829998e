import { sql } from 'drizzle-orm';
import type {
  BenchmarkFigure,
  BenchmarkRow,
  BenchmarksQuery,
  BenchmarksResponse,
  MemberFigures,
} from '#shared/contracts/benchmarks.ts';
import { BENCHMARK_METRICS, sizeBandLabel, type BenchmarkMetric } from '#shared/domain/benchmarks.ts';
import { PLAN_LINE_NAMES } from '#shared/domain/growth-plan.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { periodOut, reportPeriod } from '#server/services/production/production-report.ts';
import type { ReportPeriod } from '#server/services/read-model/request.ts';
import { readBenchmarkSettings } from './benchmarks-settings.ts';
import {
  benchmarksQuery,
  membersQuery,
  type BenchmarkSqlRow,
  type BenchmarkStatementInput,
  type MemberSqlRow,
} from './benchmarks-sql.ts';

/**
 * Benchmarks against peers (GET /api/network-intelligence/benchmarks). At an agency: per carrier,
 * per broad line and in total, each figure's distribution over the network's agencies (n and
 * quartiles) beside the agency's value and its percentile rank in its size band; nothing names
 * another agency. At the network: the distributions and the member agencies with their figures.
 */

const toNumber = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The period of a benchmarks query (the Carrier Production rules: months, no future, isYtd). */
export function benchmarkPeriod(query: BenchmarksQuery, today: CalendarDay): ReportPeriod {
  return reportPeriod({ ...query, standardTypes: [] }, today);
}

/** Names of carriers and broad lines, for the keys of rows. */
export async function keyNames(db: Db, carrierUuids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>(Object.entries(PLAN_LINE_NAMES));
  names.set('total', 'All carriers and lines');
  if (carrierUuids.length > 0) {
    const rows = await db.execute<{ uuid: string; name: string }>(
      sql`select uuid, display_name as name from carriers where uuid in (${sql.join(
        carrierUuids.map((u) => sql`${u}::uuid`),
        sql`, `,
      )})`,
    );
    for (const row of rows.rows) names.set(row.uuid, row.name);
  }
  return names;
}

const DIMENSION_ORDER = { total: 0, line: 1, carrier: 2 } as const;

function rowsOf(sqlRows: BenchmarkSqlRow[], names: Map<string, string>): BenchmarkRow[] {
  const byKey = new Map<string, BenchmarkRow>();
  for (const r of sqlRows) {
    const id = `${r.dimension}:${r.key}`;
    const row = byKey.get(id) ?? {
      dimension: r.dimension,
      key: r.key,
      name: names.get(r.key) ?? r.key,
      figures: [],
    };
    const figure: BenchmarkFigure = {
      metric: r.metric as BenchmarkMetric,
      n: Number(r.n),
      q1: Number(r.q1),
      median: Number(r.median),
      q3: Number(r.q3),
      value: toNumber(r.value),
      bandN: r.band_n === null ? null : Number(r.band_n),
      percentileRank: toNumber(r.percentile_rank),
    };
    row.figures.push(figure);
    byKey.set(id, row);
  }
  const order = (m: BenchmarkMetric) => BENCHMARK_METRICS.indexOf(m);
  return [...byKey.values()]
    .map((row) => ({ ...row, figures: row.figures.sort((a, b) => order(a.metric) - order(b.metric)) }))
    .sort(
      (a, b) =>
        DIMENSION_ORDER[a.dimension] - DIMENSION_ORDER[b.dimension] ||
        a.name.localeCompare(b.name) ||
        a.key.localeCompare(b.key),
    );
}

const memberOf = (r: MemberSqlRow): MemberFigures => ({
  agencyUuid: r.agency_uuid,
  agencyName: r.agency_name,
  band: Number(r.band),
  writtenPremium: toNumber(r.written_premium),
  growth: toNumber(r.growth),
  newBusinessShare: toNumber(r.new_business_share),
  lossRatio: toNumber(r.loss_ratio),
  commissionRate: toNumber(r.commission_rate),
});

export async function benchmarks(
  db: Db,
  level: Level,
  query: BenchmarksQuery,
  carriers: readonly string[] | null,
  today: CalendarDay,
): Promise<BenchmarksResponse> {
  const period = benchmarkPeriod(query, today);
  const settings = await readBenchmarkSettings(db, level.networkUuid);
  const input: BenchmarkStatementInput = {
    networkUuid: level.networkUuid,
    period,
    carriers,
    sizeBandLimits: settings.sizeBandLimits,
  };
  const agencyUuid = level.kind === 'agency' ? level.agencyUuid : null;
  const [distribution, members] = await Promise.all([
    db.execute<BenchmarkSqlRow>(benchmarksQuery(input, agencyUuid)),
    agencyUuid ? null : db.execute<MemberSqlRow>(membersQuery(input)),
  ]);
  // An agency without figures in the period has no premium: the first band.
  const band = agencyUuid ? Number(distribution.rows[0]?.band ?? 0) : null;
  const carrierKeys = [
    ...new Set(distribution.rows.filter((r) => r.dimension === 'carrier').map((r) => r.key)),
  ];
  const names = await keyNames(db, carrierKeys);
  return {
    period: periodOut(period),
    level: level.kind,
    settings,
    band: band === null ? null : { index: band, label: sizeBandLabel(band, settings.sizeBandLimits) },
    rows: rowsOf(distribution.rows, names),
    members: members ? members.rows.map(memberOf) : null,
  };
}

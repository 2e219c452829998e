import { sql } from 'drizzle-orm';
import type {
  BenchmarkFigure,
  BenchmarkRow,
  BenchmarksQuery,
  BenchmarksResponse,
  MemberFigures,
} from '#shared/contracts/benchmarks.ts';
import {
  BENCHMARK_METRICS,
  quartilesOfSorted,
  rankInSorted,
  sizeBandLabel,
  type BenchmarkMetric,
} from '#shared/domain/benchmarks.ts';
import { PLAN_LINE_NAMES } from '#shared/domain/growth-plan.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { periodOut, reportPeriod } from '#server/services/production/production-report.ts';
import type { ReportPeriod } from '#server/services/read-model/request.ts';
import { readBenchmarkSettings } from './benchmarks-settings.ts';
import type { BenchmarkStatementInput } from './benchmarks-sql.ts';
import { figureKey, readNetworkFigures, type Dimension, type NetworkFigures } from './network-figures.ts';

/**
 * Benchmarks against peers (GET /api/network-intelligence/benchmarks). At an agency: per carrier,
 * per broad line and in total, each figure's distribution over the network's agencies (n and
 * quartiles) beside the agency's value and its percentile rank in its size band; nothing names
 * another agency. At the network: the distributions and the member agencies with their figures.
 * Both are read from the network's figures (`network-figures.ts`): every agency's figures, kept per
 * network, request and data version, with each figure's reported values in order (decision 078).
 */

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

/** A distribution's row, or an agency's place in it (`value` and after: none at the network). */
type FigureRow = {
  dimension: Dimension;
  key: string;
  metric: BenchmarkMetric;
  n: number;
  q1: number;
  median: number;
  q3: number;
  value: number | null;
  bandN: number | null;
  percentileRank: number | null;
};

const TOTAL = figureKey('total', 'total');

/** Every figure's distribution over the network, per dimension and key. */
function distributionRows(network: NetworkFigures): FigureRow[] {
  return network.keys().map(({ key, metric }) => {
    const { n, q1, median, q3 } = quartilesOfSorted(network.values(key, metric))!;
    const at = key.indexOf(':');
    return {
      dimension: key.slice(0, at) as Dimension,
      key: key.slice(at + 1),
      metric: BENCHMARK_METRICS[metric]!,
      n,
      q1,
      median,
      q3,
      value: null,
      bandN: null,
      percentileRank: null,
    };
  });
}

/**
 * An agency's rows: every distribution of a dimension and key it has figures for, with its value, its
 * band's count and its percentile rank (none where it did not report the figure).
 */
function agencyRows(network: NetworkFigures, agencyUuid: string): FigureRow[] {
  const own = network.agencies.get(agencyUuid);
  if (!own) return [];
  return distributionRows(network).flatMap((d) => {
    const id = figureKey(d.dimension, d.key);
    const row = own.rows.get(id);
    if (!row) return [];
    const i = BENCHMARK_METRICS.indexOf(d.metric);
    const value = row.values[i] ?? null;
    const band = network.bandValues(own.band, id, i);
    return [
      {
        ...d,
        value,
        bandN: value === null ? null : band.length,
        percentileRank: rankInSorted(value, band),
      },
    ];
  });
}

function rowsOf(figureRows: FigureRow[], names: Map<string, string>): BenchmarkRow[] {
  const byKey = new Map<string, BenchmarkRow>();
  for (const r of figureRows) {
    const id = figureKey(r.dimension, r.key);
    const row = byKey.get(id) ?? {
      dimension: r.dimension,
      key: r.key,
      name: names.get(r.key) ?? r.key,
      figures: [],
    };
    const figure: BenchmarkFigure = {
      metric: r.metric,
      n: r.n,
      q1: r.q1,
      median: r.median,
      q3: r.q3,
      value: r.value,
      bandN: r.bandN,
      percentileRank: r.percentileRank,
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

/**
 * The names of agencies, in the order the pages list them (by name, case aside, then uuid), read
 * when answering: a kept answer holds no names, so a renamed agency shows its new name.
 */
export async function agencyNames(db: Db, agencyUuids: readonly string[]): Promise<Map<string, string>> {
  if (agencyUuids.length === 0) return new Map();
  const rows = await db.execute<{ uuid: string; name: string }>(sql`
    select uuid, name from agencies where uuid = any(${`{${agencyUuids.join(',')}}`}::uuid[])
    order by lower(name), uuid`);
  return new Map(rows.rows.map((row) => [row.uuid, row.name]));
}

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
  const network = await readNetworkFigures(db, input);
  const figureRows = agencyUuid ? agencyRows(network, agencyUuid) : distributionRows(network);
  // An agency without figures in the period has no premium: the first band.
  const band = agencyUuid ? (figureRows.length > 0 ? network.agencies.get(agencyUuid)!.band : 0) : null;
  const carrierKeys = [...new Set(figureRows.filter((r) => r.dimension === 'carrier').map((r) => r.key))];
  const [names, members] = await Promise.all([
    keyNames(db, carrierKeys),
    agencyUuid ? null : membersOf(db, network),
  ]);
  return {
    period: periodOut(period),
    level: level.kind,
    settings,
    band: band === null ? null : { index: band, label: sizeBandLabel(band, settings.sizeBandLimits) },
    rows: rowsOf(figureRows, names),
    members,
  };
}

/** The network's member agencies with figures in the period, by name, with their figures in total. */
async function membersOf(db: Db, network: NetworkFigures): Promise<MemberFigures[]> {
  const totals = new Map(
    [...network.agencies].flatMap(([uuid, own]) => {
      const total = own.rows.get(TOTAL);
      return total ? [[uuid, { band: own.band, total }] as const] : [];
    }),
  );
  const names = await agencyNames(db, [...totals.keys()]);
  return [...names].map(([agencyUuid, agencyName]) => {
    const { band, total } = totals.get(agencyUuid)!;
    const [growth, newBusinessShare, lossRatio, commissionRate] = total.values;
    return {
      agencyUuid,
      agencyName,
      band,
      writtenPremium: total.writtenPremium,
      growth: growth ?? null,
      newBusinessShare: newBusinessShare ?? null,
      lossRatio: lossRatio ?? null,
      commissionRate: commissionRate ?? null,
    };
  });
}

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
import { cachedAnswer } from '#server/services/read-model/answer-cache.ts';
import type { ReportPeriod } from '#server/services/read-model/request.ts';
import { readBenchmarkSettings } from './benchmarks-settings.ts';
import {
  networkBenchmarksQuery,
  type BenchmarkStatementInput,
  type NetworkBenchmarkSqlRow,
} from './benchmarks-sql.ts';

/**
 * Benchmarks against peers (GET /api/network-intelligence/benchmarks). At an agency: per carrier,
 * per broad line and in total, each figure's distribution over the network's agencies (n and
 * quartiles) beside the agency's value and its percentile rank in its size band; nothing names
 * another agency. At the network: the distributions and the member agencies with their figures.
 * Both are picked from the network's rows (`networkBenchmarksQuery`), computed once per network,
 * request and data version and kept in this process (decision 075).
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

/** A distribution's row, or an agency's place in it (`value` and after: none at the network). */
type FigureRow = {
  dimension: 'total' | 'carrier' | 'line';
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

const METRICS = BENCHMARK_METRICS.length;

/**
 * An agency's figures per dimension and key it has figures for (its `metrics` rows): per figure in
 * `BENCHMARK_METRICS` order, its value, then its band's count, then its percentile rank (null where
 * not reported). Numbers, as the answer sends them: a network's rows are kept compact.
 */
type AgencyFigures = {
  band: number;
  figures: Map<string, (number | null)[]>;
  /** Written premium over its whole book, when it has figures in the period (a member). */
  writtenPremium: number | null;
};

/** The network's benchmarks for one request, as kept: they name every agency and stay on the server. */
type NetworkBenchmarks = { distribution: FigureRow[]; agencies: Map<string, AgencyFigures> };

const keyOf = (dimension: string, key: string) => `${dimension}:${key}`;
const TOTAL = keyOf('total', 'total');

function networkBenchmarksOf(sqlRows: NetworkBenchmarkSqlRow[]): NetworkBenchmarks {
  const distribution: FigureRow[] = [];
  const agencies = new Map<string, AgencyFigures>();
  const figuresOf = (r: NetworkBenchmarkSqlRow) => {
    const own: AgencyFigures = agencies.get(r.agency_uuid!) ?? {
      band: 0,
      figures: new Map<string, (number | null)[]>(),
      writtenPremium: null,
    };
    agencies.set(r.agency_uuid!, own);
    const key = keyOf(r.dimension, r.key);
    const found = own.figures.get(key) ?? new Array<number | null>(3 * METRICS).fill(null);
    own.figures.set(key, found);
    return { own, figures: found };
  };
  // The statement's parts come in no particular order: ranks are placed once every figure is.
  for (const r of sqlRows) {
    if (r.part === 'distribution') {
      distribution.push({
        dimension: r.dimension,
        key: r.key,
        metric: r.metric as BenchmarkMetric,
        n: Number(r.n),
        q1: Number(r.q1),
        median: Number(r.median),
        q3: Number(r.q3),
        value: null,
        bandN: null,
        percentileRank: null,
      });
    } else if (r.part === 'metrics') {
      const { own, figures } = figuresOf(r);
      own.band = Number(r.band);
      [r.growth, r.new_business_share, r.loss_ratio, r.commission_rate].forEach((value, i) => {
        figures[i] = toNumber(value);
      });
      if (r.dimension === 'total') own.writtenPremium = toNumber(r.written_premium);
    }
  }
  for (const r of sqlRows) {
    if (r.part !== 'rank') continue;
    const { figures } = figuresOf(r);
    const i = BENCHMARK_METRICS.indexOf(r.metric as BenchmarkMetric);
    figures[METRICS + i] = Number(r.band_n);
    figures[2 * METRICS + i] = toNumber(r.percentile_rank);
  }
  return { distribution, agencies };
}

/**
 * An agency's rows: every distribution of a dimension and key it has figures for, with its value, its
 * band's count and its percentile rank (none where it did not report the figure).
 */
function agencyRows(network: NetworkBenchmarks, agencyUuid: string): FigureRow[] {
  const own = network.agencies.get(agencyUuid);
  if (!own) return [];
  return network.distribution.flatMap((d) => {
    const figures = own.figures.get(keyOf(d.dimension, d.key));
    if (!figures) return [];
    const i = BENCHMARK_METRICS.indexOf(d.metric);
    return [
      {
        ...d,
        value: figures[i] ?? null,
        bandN: figures[METRICS + i] ?? null,
        percentileRank: figures[2 * METRICS + i]!,
      },
    ];
  });
}

function rowsOf(figureRows: FigureRow[], names: Map<string, string>): BenchmarkRow[] {
  const byKey = new Map<string, BenchmarkRow>();
  for (const r of figureRows) {
    const id = keyOf(r.dimension, r.key);
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

/** The network's benchmarks for the input, kept per network and data version (decision 075). */
function readNetworkBenchmarks(db: Db, input: BenchmarkStatementInput): Promise<NetworkBenchmarks> {
  const request = { ...input, carriers: input.carriers && [...input.carriers].sort() };
  return cachedAnswer(db, input.networkUuid, 'benchmarks', request, async () =>
    networkBenchmarksOf((await db.execute<NetworkBenchmarkSqlRow>(networkBenchmarksQuery(input))).rows),
  );
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
  const network = await readNetworkBenchmarks(db, input);
  const figureRows = agencyUuid ? agencyRows(network, agencyUuid) : network.distribution;
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
async function membersOf(db: Db, network: NetworkBenchmarks): Promise<MemberFigures[]> {
  const totals = new Map(
    [...network.agencies].flatMap(([uuid, own]) => {
      const total = own.figures.get(TOTAL);
      return total ? [[uuid, { band: own.band, writtenPremium: own.writtenPremium, total }] as const] : [];
    }),
  );
  const names = await agencyNames(db, [...totals.keys()]);
  return [...names].map(([agencyUuid, agencyName]) => {
    const { band, writtenPremium, total } = totals.get(agencyUuid)!;
    const [growth, newBusinessShare, lossRatio, commissionRate] = total;
    return {
      agencyUuid,
      agencyName,
      band,
      writtenPremium,
      growth: growth ?? null,
      newBusinessShare: newBusinessShare ?? null,
      lossRatio: lossRatio ?? null,
      commissionRate: commissionRate ?? null,
    };
  });
}

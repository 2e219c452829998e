import {
  WARNINGS_PAGE_SIZE,
  type BenchmarksQuery,
  type Warning,
  type WarningOrder,
  type WarningsResponse,
} from '#shared/contracts/benchmarks.ts';
import {
  BENCHMARK_METRICS,
  quartilesOfSorted,
  warningReasons,
  type WarningReason,
} from '#shared/domain/benchmarks.ts';
import { parseTimeframe, presets, type CalendarDay } from '#shared/domain/timeframe.ts';
import { latestReportingMonth } from '#shared/domain/reporting-month.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { periodOut } from '#server/services/production/production-report.ts';
import { agencyNames, benchmarkPeriod, keyNames } from './benchmarks.ts';
import { readBenchmarkSettings } from './benchmarks-settings.ts';
import { figureKey, readNetworkFigures, type FigureRow, type NetworkFigures } from './network-figures.ts';

/**
 * Early warning (GET /api/network-intelligence/warnings): at the network, its member agencies'
 * carriers and lines whose loss ratio is above the network's threshold and rising, or whose written
 * premium growth is below the network's first quartile, by agency name or the largest books first, a
 * page at a time (searched by agency name, or one reason alone); at an agency, its own. Read from the
 * network's figures (`network-figures.ts`), kept per network, request and data version (decision 078).
 */

type Found = {
  row: FigureRow;
  reasons: WarningReason[];
  growthFirstQuartile: number | null;
  figures: { lossRatio: number | null; priorLossRatio: number | null; growth: number | null };
};

const GROWTH = BENCHMARK_METRICS.indexOf('growth');
const LOSS_RATIO = BENCHMARK_METRICS.indexOf('lossRatio');

/**
 * The warnings of the agencies (every agency's when not given), each in its rows' order: carriers,
 * then lines, each by key.
 */
function findWarnings(
  network: NetworkFigures,
  threshold: number,
  agencyUuids: Iterable<string> = network.agencies.keys(),
): Map<string, Found[]> {
  const firstQuartiles = new Map<string, number | null>();
  const firstQuartile = (key: string) => {
    if (!firstQuartiles.has(key)) {
      firstQuartiles.set(key, quartilesOfSorted(network.values(key, GROWTH))?.q1 ?? null);
    }
    return firstQuartiles.get(key)!;
  };
  const found = new Map<string, Found[]>();
  for (const agencyUuid of agencyUuids) {
    const own = network.agencies.get(agencyUuid);
    if (!own) continue;
    const warnings: Found[] = [];
    for (const [key, row] of own.rows) {
      if (row.dimension === 'total') continue;
      const growthFirstQuartile = firstQuartile(key);
      const figures = {
        lossRatio: row.values[LOSS_RATIO] ?? null,
        priorLossRatio: row.priorLossRatio,
        growth: row.values[GROWTH] ?? null,
      };
      const reasons = warningReasons(figures, threshold, growthFirstQuartile);
      if (reasons.length > 0) warnings.push({ row, reasons, growthFirstQuartile, figures });
    }
    if (warnings.length > 0) found.set(agencyUuid, warnings);
  }
  return found;
}

/** The network's warnings found last per kept figures (and their generation) and threshold. */
const derived = new WeakMap<
  NetworkFigures,
  { generation: number; threshold: number; found: Map<string, Found[]> }
>();

function warningsOf(network: NetworkFigures, threshold: number): Map<string, Found[]> {
  const kept = derived.get(network);
  if (kept && kept.generation === network.generation && kept.threshold === threshold) return kept.found;
  const found = findWarnings(network, threshold);
  derived.set(network, { generation: network.generation, threshold, found });
  return found;
}

/**
 * The periods read ahead: every preset the benchmarks and early-warning pages offer, the last whole
 * year (the year before the year to date), which networks review as their agencies' results, and the
 * latest reporting month, the month the selector's Monthly opens on (the month a monthly close is
 * about).
 */
export function periodsAhead(today: CalendarDay): { startDate: string; endDate: string }[] {
  const chosen = presets(today);
  const lastYear = Number(chosen.find((tf) => tf.name === 'YTD')!.startMonth.slice(0, 4)) - 1;
  const month = parseTimeframe(latestReportingMonth(today), today)!;
  return [
    ...chosen.map(({ startDate, endDate }) => ({ startDate, endDate })),
    { startDate: `${lastYear}-01-01`, endDate: `${lastYear}-12-31` },
    { startDate: month.startDate, endDate: month.endDate },
  ];
}

/**
 * Reads a network's figures of every period of `periodsAhead` before their first view (the server's
 * warm-up, `read-model/warm-up.ts`), every carrier, with the network's warnings found. Answers how
 * many reads of the running totals it made (none: every period was kept and up to date).
 */
export async function keepPresetsAhead(db: Db, networkUuid: string, today: CalendarDay): Promise<number> {
  const settings = await readBenchmarkSettings(db, networkUuid);
  let reads = 0;
  for (const { startDate, endDate } of periodsAhead(today)) {
    const period = benchmarkPeriod({ startDate, endDate, isYtd: undefined }, today);
    const input = { networkUuid, period, carriers: null, sizeBandLimits: settings.sizeBandLimits };
    const network = await readNetworkFigures(db, input, () => (reads += 1));
    warningsOf(network, settings.lossRatioThreshold);
  }
  return reads;
}

export type WarningsPage = {
  page?: number;
  pageSize?: number;
  search?: string | undefined;
  reason?: WarningReason | undefined;
  order?: WarningOrder;
  perAgency?: boolean;
};

const TOTAL = figureKey('total', 'total');

/** The agency's written premium in the period, for the 'premium' order. */
const bookOf = (network: NetworkFigures, agencyUuid: string) =>
  network.agencies.get(agencyUuid)?.rows.get(TOTAL)?.writtenPremium ?? null;

/** The larger written premium first; none after every amount. */
const descending = (x: number | null, y: number | null) =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : y - x;

export async function earlyWarnings(
  db: Db,
  level: Level,
  query: BenchmarksQuery,
  carriers: readonly string[] | null,
  today: CalendarDay,
  {
    page = 1,
    pageSize: size = WARNINGS_PAGE_SIZE,
    search,
    reason,
    order = 'agency',
    perAgency = false,
  }: WarningsPage = {},
): Promise<WarningsResponse> {
  const period = benchmarkPeriod(query, today);
  const settings = await readBenchmarkSettings(db, level.networkUuid);
  const network = await readNetworkFigures(db, {
    networkUuid: level.networkUuid,
    period,
    carriers,
    sizeBandLimits: settings.sizeBandLimits,
  });
  const threshold = settings.lossRatioThreshold;
  // An agency's own are found alone; the network's are kept until its figures change.
  const found =
    level.kind === 'agency'
      ? findWarnings(network, threshold, [level.agencyUuid])
      : warningsOf(network, threshold);
  const ofReason = (warnings: readonly Found[]) =>
    reason ? warnings.filter((w) => w.reasons.includes(reason)) : warnings;
  // The largest books first, and within each agency its carriers and lines by written premium.
  const byPremium = (warnings: readonly Found[]) =>
    order === 'premium'
      ? [...warnings].sort((a, b) => descending(a.row.writtenPremium, b.row.writtenPremium))
      : warnings;
  const agencies =
    level.kind === 'agency' ? [level.agencyUuid].filter((uuid) => found.has(uuid)) : [...found.keys()];
  // By agency name (then uuid), or the largest books first (then by name); a search keeps the names
  // that contain it.
  const names = [...(await agencyNames(db, agencies))];
  if (order === 'premium') names.sort(([a], [b]) => descending(bookOf(network, a), bookOf(network, b)));
  const needle = search?.toLowerCase() ?? '';
  const listed = names
    .filter(([, name]) => name.toLowerCase().includes(needle))
    .map(([agencyUuid, agencyName]) => ({
      agencyUuid,
      agencyName,
      warnings: byPremium(ofReason(found.get(agencyUuid)!)),
    }))
    .filter((a) => a.warnings.length > 0);
  const total = listed.reduce((sum, a) => sum + a.warnings.length, 0);
  // One row per agency: its first warning, and how many others it has.
  const items = perAgency
    ? listed.map((a) => ({ ...a, warnings: a.warnings.slice(0, 1), others: a.warnings.length - 1 }))
    : listed.map((a) => ({ ...a, others: undefined }));
  const pageSize = level.kind === 'agency' ? Math.max(total, 1) : size;
  const first = (page - 1) * pageSize;
  // Only the page's warnings are made into answers.
  const shown: { agencyUuid: string; agencyName: string; warning: Found; others: number | undefined }[] = [];
  let at = 0;
  for (const a of items) {
    if (shown.length < pageSize && at + a.warnings.length > first) {
      const start = Math.max(0, first - at);
      for (const warning of a.warnings.slice(start, start + pageSize - shown.length)) {
        shown.push({ agencyUuid: a.agencyUuid, agencyName: a.agencyName, warning, others: a.others });
      }
    }
    at += a.warnings.length;
  }
  const keys = await keyNames(db, [
    ...new Set(shown.filter((s) => s.warning.row.dimension === 'carrier').map((s) => s.warning.row.key)),
  ]);
  const warnings = shown.map(
    ({
      agencyUuid,
      agencyName,
      others,
      warning: { row, reasons, growthFirstQuartile, figures },
    }): Warning => ({
      agencyUuid,
      agencyName,
      dimension: row.dimension as Warning['dimension'],
      key: row.key,
      name: keys.get(row.key) ?? row.key,
      carrierUuid: row.dimension === 'carrier' ? row.key : null,
      reasons,
      writtenPremium: row.writtenPremium,
      priorWrittenPremium: row.priorWrittenPremium,
      growthFirstQuartile,
      ...figures,
      ...(others === undefined ? {} : { others }),
    }),
  );
  return {
    period: periodOut(period),
    level: level.kind,
    settings,
    warnings,
    total,
    agencies: listed.length,
    page,
    pageSize,
  };
}

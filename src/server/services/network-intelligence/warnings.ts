import type { BenchmarksQuery, Warning, WarningsResponse } from '#shared/contracts/benchmarks.ts';
import { warningReasons } from '#shared/domain/benchmarks.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { periodOut } from '#server/services/production/production-report.ts';
import { cachedAnswer } from '#server/services/read-model/answer-cache.ts';
import { agencyNames, benchmarkPeriod, keyNames } from './benchmarks.ts';
import { readBenchmarkSettings } from './benchmarks-settings.ts';
import { warningsQuery, type WarningSqlRow } from './benchmarks-sql.ts';

/**
 * Early warning (GET /api/network-intelligence/warnings): at the network, its member agencies'
 * carriers and lines whose loss ratio is above the network's threshold and rising, or whose written
 * premium growth is below the network's first quartile; at an agency, its own. The network's warnings
 * are computed once per network, request and data version and kept in this process (decision 075);
 * an agency's are picked from them.
 */
export async function earlyWarnings(
  db: Db,
  level: Level,
  query: BenchmarksQuery,
  carriers: readonly string[] | null,
  today: CalendarDay,
): Promise<WarningsResponse> {
  const period = benchmarkPeriod(query, today);
  const settings = await readBenchmarkSettings(db, level.networkUuid);
  const input = { networkUuid: level.networkUuid, period, carriers, sizeBandLimits: settings.sizeBandLimits };
  const threshold = settings.lossRatioThreshold;
  const request = { ...input, carriers: carriers && [...carriers].sort(), threshold };
  const network = await cachedAnswer(db, level.networkUuid, 'warnings', request, async () => {
    const found = await db.execute<WarningSqlRow>(warningsQuery(input, threshold));
    return found.rows;
  });
  const own = level.kind === 'agency' ? network.filter((r) => r.agency_uuid === level.agencyUuid) : network;
  const [agencies, names] = await Promise.all([
    agencyNames(db, [...new Set(own.map((r) => r.agency_uuid))]),
    keyNames(db, [...new Set(own.filter((r) => r.dimension === 'carrier').map((r) => r.key))]),
  ]);
  // By agency name (then uuid), as the pages list them; each agency's rows stay in the statement's order.
  const order = new Map([...agencies.keys()].map((uuid, index) => [uuid, index]));
  const result = {
    rows: own
      .filter((r) => order.has(r.agency_uuid))
      .map((r, index) => ({ r, index }))
      .sort((a, b) => order.get(a.r.agency_uuid)! - order.get(b.r.agency_uuid)! || a.index - b.index)
      .map(({ r }) => ({ ...r, agency_name: agencies.get(r.agency_uuid)! })),
  };
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  const warnings = result.rows.flatMap((r): Warning[] => {
    const figures = {
      lossRatio: num(r.loss_ratio),
      priorLossRatio: num(r.prior_loss_ratio),
      growth: num(r.growth),
    };
    const growthFirstQuartile = num(r.growth_q1);
    const reasons = warningReasons(figures, threshold, growthFirstQuartile);
    if (reasons.length === 0) return [];
    return [
      {
        agencyUuid: r.agency_uuid,
        agencyName: r.agency_name,
        dimension: r.dimension,
        key: r.key,
        name: names.get(r.key) ?? r.key,
        carrierUuid: r.dimension === 'carrier' ? r.key : null,
        reasons,
        writtenPremium: num(r.written_premium),
        priorWrittenPremium: num(r.prior_written_premium),
        growthFirstQuartile,
        ...figures,
      },
    ];
  });
  return { period: periodOut(period), level: level.kind, settings, warnings };
}

import type { BenchmarksQuery, Warning, WarningsResponse } from '#shared/contracts/benchmarks.ts';
import { warningReasons } from '#shared/domain/benchmarks.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { periodOut } from '#server/services/production/production-report.ts';
import { benchmarkPeriod, keyNames } from './benchmarks.ts';
import { readBenchmarkSettings } from './benchmarks-settings.ts';
import { warningsQuery, type WarningSqlRow } from './benchmarks-sql.ts';

/**
 * Early warning (GET /api/network-intelligence/warnings): at the network, its member agencies'
 * carriers and lines whose loss ratio is above the network's threshold and rising, or whose written
 * premium growth is below the network's first quartile; at an agency, its own.
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
  const result = await db.execute<WarningSqlRow>(
    warningsQuery(input, settings.lossRatioThreshold, level.kind === 'agency' ? level.agencyUuid : null),
  );
  const names = await keyNames(db, [
    ...new Set(result.rows.filter((r) => r.dimension === 'carrier').map((r) => r.key)),
  ]);
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  const warnings = result.rows.flatMap((r): Warning[] => {
    const figures = {
      lossRatio: num(r.loss_ratio),
      priorLossRatio: num(r.prior_loss_ratio),
      growth: num(r.growth),
    };
    const growthFirstQuartile = num(r.growth_q1);
    const reasons = warningReasons(figures, settings.lossRatioThreshold, growthFirstQuartile);
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

import type { ProductionQuery } from '#shared/contracts/production.ts';
import type { ByMonthResponse } from '#shared/contracts/performance-charts.ts';
import type { CollaborationMode } from '#shared/domain/collaboration.ts';
import { addMonths } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { factsRequest, periodOut, reportPeriod } from '#server/services/production/production-report.ts';
import { readMonthlyFigures } from '#server/services/read-model/read-model.ts';

/**
 * Performance Charts' month-by-month figures (GET /api/core-production/by-month): Carrier
 * Production's query, through the read model at the caller's level, every month of the period listed.
 * Sums over carriers, so collaboration mode only limits the carriers counted (names are not shown).
 */
export async function productionByMonth(
  db: Db,
  level: Level,
  q: ProductionQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<ByMonthResponse> {
  const period = reportPeriod(q, today);
  const { months, period: totals } = await readMonthlyFigures(
    db,
    factsRequest('carrier', level, q, period, mode),
  );
  const listed: ByMonthResponse['months'] = [];
  for (let month = period.start; month <= period.end; month = addMonths(month, 1)) {
    listed.push({ month, lines: months.get(month) ?? {} });
  }
  return {
    period: periodOut(period),
    lineCode: q.broadLineOfBusinessStandardTypeCode,
    months: listed,
    totals,
  };
}

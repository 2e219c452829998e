import type { ReportedMonthsResponse } from '#shared/contracts/reported-months.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { levelScope, reportedMonthsByCarrier } from '#server/services/read-model/sql.ts';

/**
 * Per carrier, the months in the range that every agency of the level carrying the carrier reported
 * (a month one agency misses is missing data for the level), and the most recent reported month.
 */
export async function reportedMonths(
  db: Db,
  level: Level,
  rangeStart: YearMonth,
  rangeEnd: YearMonth,
): Promise<ReportedMonthsResponse['carrierReportedMonths']> {
  const result = await db.execute<{
    carrier_uuid: string;
    months: string[] | null;
    most_recent: string | null;
  }>(reportedMonthsByCarrier(levelScope(level), rangeStart, rangeEnd));
  return result.rows.map((r) => ({
    carrierUuid: r.carrier_uuid,
    months: r.months ?? [],
    mostRecentReportingDate: r.most_recent,
  }));
}

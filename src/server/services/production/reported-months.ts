import { sql } from 'drizzle-orm';
import type { ReportedMonthsResponse } from '#shared/contracts/reported-months.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import {
  levelScope,
  monthIndex,
  reportedMonthsByCarrier,
  scopeFilter,
  type Scope,
} from '#server/services/read-model/sql.ts';

/** Per carrier, the latest month of its manual entries in the range (YYYY-MM). */
export const latestManualMonthByCarrier = (scope: Scope, rangeStart: YearMonth, rangeEnd: YearMonth) => sql`
  select m.carrier_uuid, to_char(max(make_date(m.year, m.month, 1)), 'YYYY-MM') as most_recent
  from manual_entries m
  where ${scopeFilter('m', scope)}
    and m.year * 12 + m.month - 1 between ${monthIndex(rangeStart)}::int and ${monthIndex(rangeEnd)}::int
  group by m.carrier_uuid`;

/**
 * Per carrier, the months in the range that every agency of the level carrying the carrier reported
 * (a month one agency misses is missing data for the level), and the most recent reported month: the
 * latest of its reported months and of the manual entries in the range. A manual entry is a snapshot
 * of the year to date, so its month is one the carrier's figures reach, even when it is the first
 * entry of the year and counts as no month of its own for completeness (decision 014).
 */
export async function reportedMonths(
  db: Db,
  level: Level,
  rangeStart: YearMonth,
  rangeEnd: YearMonth,
): Promise<ReportedMonthsResponse['carrierReportedMonths']> {
  const scope = levelScope(level);
  const [reported, manual] = await Promise.all([
    db.execute<{ carrier_uuid: string; months: string[] | null; most_recent: string | null }>(
      reportedMonthsByCarrier(scope, rangeStart, rangeEnd),
    ),
    db.execute<{ carrier_uuid: string; most_recent: string }>(
      latestManualMonthByCarrier(scope, rangeStart, rangeEnd),
    ),
  ]);
  const byCarrier = new Map<string, ReportedMonthsResponse['carrierReportedMonths'][number]>();
  for (const r of reported.rows) {
    byCarrier.set(r.carrier_uuid, {
      carrierUuid: r.carrier_uuid,
      months: r.months ?? [],
      mostRecentReportingDate: r.most_recent,
    });
  }
  for (const m of manual.rows) {
    const known = byCarrier.get(m.carrier_uuid);
    if (!known) {
      byCarrier.set(m.carrier_uuid, {
        carrierUuid: m.carrier_uuid,
        months: [],
        mostRecentReportingDate: m.most_recent,
      });
    } else if (!known.mostRecentReportingDate || known.mostRecentReportingDate < m.most_recent) {
      known.mostRecentReportingDate = m.most_recent;
    }
  }
  return [...byCarrier.values()].sort((a, b) => (a.carrierUuid < b.carrierUuid ? -1 : 1));
}

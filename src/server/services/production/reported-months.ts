import { sql } from 'drizzle-orm';
import type { ReportedMonthsResponse } from '#shared/contracts/reported-months.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { levelScope, reportedMonthsOf } from '#server/services/read-model/sql.ts';

/**
 * Per carrier, the months in the range that every agency of the level carrying the carrier reported
 * (a month one agency misses is missing data for the level), and the most recent reported month.
 */
export async function reportedMonths(
  db: Db,
  level: Level,
  rangeStart: string,
  rangeEnd: string,
): Promise<ReportedMonthsResponse['carrierReportedMonths']> {
  const result = await db.execute<{
    carrier_uuid: string;
    months: string[] | null;
    most_recent: string | null;
  }>(sql`
    with scoped as (
      select r.agency_uuid, r.carrier_uuid, r.month from ${reportedMonthsOf(levelScope(level))} r
      where r.month between ${`${rangeStart}-01`}::date and ${`${rangeEnd}-01`}::date
    ),
    pairs as (select carrier_uuid, count(distinct agency_uuid) as agencies from scoped group by carrier_uuid),
    complete as (
      select s.carrier_uuid, s.month from scoped s join pairs p using (carrier_uuid)
      group by s.carrier_uuid, s.month, p.agencies having count(*) = p.agencies
    )
    select p.carrier_uuid,
      (select array_agg(to_char(c.month, 'YYYY-MM') order by c.month) from complete c where c.carrier_uuid = p.carrier_uuid) as months,
      (select to_char(max(s.month), 'YYYY-MM') from scoped s where s.carrier_uuid = p.carrier_uuid) as most_recent
    from pairs p order by p.carrier_uuid`);
  return result.rows.map((r) => ({
    carrierUuid: r.carrier_uuid,
    months: r.months ?? [],
    mostRecentReportingDate: r.most_recent,
  }));
}

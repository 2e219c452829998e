import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { levelScope, scopeFilter, type Scope } from '#server/services/read-model/sql.ts';

/** A carrier's last reported months at a level (YYYY-MM): from its feed, and from manual entries. */
export type CarrierReportingDates = {
  carrierUuid: string;
  name: string;
  feed: string | null;
  manual: string | null;
};

/** The statement of `listCarrierReportingDates`. */
export const carrierReportingDatesQuery = (scope: Scope) => sql`
    with feed as (
      -- Per carrier, one step down an index (network or agency, carrier, month), not every month.
      select carrier_uuid, month from (
        select c.uuid as carrier_uuid, (select max(r.month) from carrier_reported_months r
          where ${scopeFilter('r', scope)} and r.carrier_uuid = c.uuid) as month
        from carriers c
      ) latest where month is not null
    ),
    manual as (
      select m.carrier_uuid, max(make_date(m.year, m.month, 1)) as month from manual_entries m
      where ${scopeFilter('m', scope)} group by m.carrier_uuid
    )
    select carrier_uuid, c.display_name as name, to_char(feed.month, 'YYYY-MM') as feed,
      to_char(manual.month, 'YYYY-MM') as manual
    from feed full join manual using (carrier_uuid)
    join carriers c on c.uuid = carrier_uuid
    order by c.display_name, carrier_uuid`;

/**
 * Every carrier the level has reported months or manual entries of, by name, with its most recent
 * feed month and its most recent manual entry month (spec part 2 §3 "Carrier row (planning tool)").
 */
export async function listCarrierReportingDates(db: Db, level: Level): Promise<CarrierReportingDates[]> {
  const rows = await db.execute<{
    carrier_uuid: string;
    name: string;
    feed: string | null;
    manual: string | null;
  }>(carrierReportingDatesQuery(levelScope(level)));
  return rows.rows.map((r) => ({
    carrierUuid: r.carrier_uuid,
    name: r.name,
    feed: r.feed,
    manual: r.manual,
  }));
}

/** The same, by carrier uuid. */
export async function carrierReportingDates(
  db: Db,
  level: Level,
): Promise<Map<string, CarrierReportingDates>> {
  return new Map((await listCarrierReportingDates(db, level)).map((c) => [c.carrierUuid, c]));
}

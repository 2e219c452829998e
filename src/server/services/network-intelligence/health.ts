import { sql, type SQL } from 'drizzle-orm';
import type { CarrierLagsResponse } from '#shared/contracts/carrier-lags.ts';
import type { HealthLine, HealthResponse } from '#shared/contracts/reporting-health.ts';
import {
  addMonths,
  BUSINESS_TIME_ZONE,
  latestReportingMonth,
  type YearMonth,
} from '#shared/domain/reporting-month.ts';
import {
  arrivalStatus,
  closeProblems,
  dueDate,
  expectedLatestMonth,
  formatDay,
  lagDays,
  LAG_HISTORY_MONTHS,
  usualLag,
  type Day,
  type UsualLag,
} from '#shared/domain/reporting-health.ts';
import type { Executor } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';

/**
 * Reporting health (decision 070): which carriers' reports of a month arrived for which agencies of
 * the level, and which are late or missing against each carrier's usual lag, left values unmapped in
 * an upload, or arrived with blank figures. Every statement is scoped to the level on the server.
 */

/** How many months the month picker offers, back from the previous calendar month. */
export const MONTH_OPTIONS = 24;
/** An agency is expected to report a carrier it reported in the year before the month (as IVANS' year). */
export const EXPECTED_AFTER_MONTHS = 12;

const firstDay = (month: YearMonth) => `${month}-01`;
const agencyFilter = (alias: string, level: Level): SQL =>
  level.kind === 'agency' ? sql`and ${sql.raw(alias)}.agency_uuid = ${level.agencyUuid}::uuid` : sql``;
const parseDay = (text: string): Day => {
  const [y, m, d] = text.split('-').map(Number);
  return { year: y!, month: m!, day: d! };
};

/**
 * The days each month's data arrived at the network, per carrier, over the months before `before`:
 * a committed upload's commit day for the months it owns, a manual entry's creation day for its month
 * (in the business time zone). A carrier feed records no arrival, so its months teach nothing.
 */
export const arrivalSamplesQuery = (networkUuid: string, from: YearMonth, before: YearMonth) => sql`
  select carrier_uuid, to_char(month, 'YYYY-MM') as month, min(arrived)::text as arrived from (
    select s.carrier_uuid, s.month, (i.committed_at at time zone ${BUSINESS_TIME_ZONE})::date as arrived
    from imports i join import_scopes s on s.import_uuid = i.uuid
    where i.network_uuid = ${networkUuid}::uuid and i.status = 'committed'
      and s.month >= ${firstDay(from)}::date and s.month < ${firstDay(before)}::date
    union all
    select m.carrier_uuid, make_date(m.year, m.month, 1), (m.created_at at time zone ${BUSINESS_TIME_ZONE})::date
    from manual_entries m
    where m.network_uuid = ${networkUuid}::uuid
      and make_date(m.year, m.month, 1) >= ${firstDay(from)}::date and make_date(m.year, m.month, 1) < ${firstDay(before)}::date
  ) x group by carrier_uuid, month`;

/** Each carrier's usual lag at a network, learnt from the months before `before`. */
export async function carrierLags(
  db: Executor,
  networkUuid: string,
  before: YearMonth,
): Promise<Map<string, UsualLag>> {
  const from = addMonths(before, -2 * LAG_HISTORY_MONTHS);
  const rows = (
    await db.execute<{ carrier_uuid: string; month: YearMonth; arrived: string }>(
      arrivalSamplesQuery(networkUuid, from, before),
    )
  ).rows;
  const samples = new Map<string, { month: YearMonth; lagDays: number }[]>();
  for (const r of rows) {
    const list = samples.get(r.carrier_uuid) ?? [];
    list.push({ month: r.month, lagDays: lagDays(r.month, parseDay(r.arrived)) });
    samples.set(r.carrier_uuid, list);
  }
  return new Map([...samples].map(([carrier, list]) => [carrier, usualLag(list)]));
}

/**
 * Per agency x carrier expected at the month (it reported the carrier in the year before, or at the
 * month): whether the month arrived, how, when, whether a later month did, its last month, the rows
 * an upload of it left out, and how many of the month's figures are $0 and how many blank where the
 * carrier reported that measure in an earlier month of the year before (a measure a carrier never
 * reports, such as earned premium on some statements, is not a blank to chase).
 */
export const healthLinesQuery = (level: Level, month: YearMonth) => {
  const m = firstDay(month);
  const from = firstDay(addMonths(month, -EXPECTED_AFTER_MONTHS));
  return sql`
  with reported as (
    select r.agency_uuid, r.carrier_uuid, r.month from carrier_reported_months r
    where r.network_uuid = ${level.networkUuid}::uuid ${agencyFilter('r', level)} and r.month >= ${from}::date
    union
    select f.agency_uuid, f.carrier_uuid, f.month from production_facts f
    where f.network_uuid = ${level.networkUuid}::uuid ${agencyFilter('f', level)} and f.source = 'manual'
      and f.month >= ${from}::date
  ), pairs as (
    select agency_uuid, carrier_uuid,
      bool_or(month = ${m}::date) as arrived,
      bool_or(month > ${m}::date) as later_arrived,
      to_char(max(month) filter (where month <= ${m}::date), 'YYYY-MM') as last_month
    from reported group by agency_uuid, carrier_uuid
    having bool_or(month <= ${m}::date)
  ), manual as (
    select f.agency_uuid, f.carrier_uuid, bool_or(f.month = ${m}::date) as at_month, true as by_hand
    from production_facts f
    where f.network_uuid = ${level.networkUuid}::uuid ${agencyFilter('f', level)} and f.source = 'manual'
      and f.month >= ${from}::date and f.month <= ${m}::date
    group by f.agency_uuid, f.carrier_uuid
  ), uploaded as (
    select s.agency_uuid, s.carrier_uuid,
      (min(i.committed_at) at time zone ${BUSINESS_TIME_ZONE})::date::text as arrived_on
    from import_scopes s join imports i on i.uuid = s.import_uuid
    where i.network_uuid = ${level.networkUuid}::uuid and i.status = 'committed' and s.month = ${m}::date
      ${agencyFilter('s', level)}
    group by s.agency_uuid, s.carrier_uuid
  ), excluded as (
    select agency_uuid, carrier_uuid, sum(rows_excluded)::int as excluded from (
      select distinct i.uuid, s.agency_uuid, s.carrier_uuid, coalesce(i.rows_excluded, 0) as rows_excluded
      from import_scopes s join imports i on i.uuid = s.import_uuid
      where i.network_uuid = ${level.networkUuid}::uuid and i.status = 'committed' and s.month = ${m}::date
        ${agencyFilter('s', level)}
    ) d group by agency_uuid, carrier_uuid
  ), entered as (
    select e.agency_uuid, e.carrier_uuid,
      (min(e.created_at) at time zone ${BUSINESS_TIME_ZONE})::date::text as arrived_on
    from manual_entries e
    where e.network_uuid = ${level.networkUuid}::uuid ${agencyFilter('e', level)}
      and make_date(e.year, e.month, 1) = ${m}::date
    group by e.agency_uuid, e.carrier_uuid
  ), cells as (
    select f.agency_uuid, f.carrier_uuid,
      (count(*) filter (where f.month = ${m}::date and f.written_premium is null) * bool_or(f.month < ${m}::date and f.written_premium is not null)::int
        + count(*) filter (where f.month = ${m}::date and f.earned is null) * bool_or(f.month < ${m}::date and f.earned is not null)::int
        + count(*) filter (where f.month = ${m}::date and f.incurred is null) * bool_or(f.month < ${m}::date and f.incurred is not null)::int
      )::int as blanks,
      (count(*) filter (where f.month = ${m}::date and f.written_premium = 0)
        + count(*) filter (where f.month = ${m}::date and f.earned = 0)
        + count(*) filter (where f.month = ${m}::date and f.incurred = 0))::int as zeros
    from production_facts f
    where f.network_uuid = ${level.networkUuid}::uuid ${agencyFilter('f', level)}
      and f.month >= ${from}::date and f.month <= ${m}::date
    group by f.agency_uuid, f.carrier_uuid
  )
  select p.agency_uuid, a.name as agency_name, p.carrier_uuid, c.display_name as carrier_name,
    p.arrived, p.later_arrived, p.last_month,
    coalesce(mn.by_hand, false) as by_hand, coalesce(mn.at_month, false) as manual_at_month,
    u.arrived_on as uploaded_on, en.arrived_on as entered_on,
    coalesce(x.excluded, 0) as excluded, coalesce(ce.blanks, 0) as blanks, coalesce(ce.zeros, 0) as zeros
  from pairs p
  join agencies a on a.uuid = p.agency_uuid
  join carriers c on c.uuid = p.carrier_uuid
  left join manual mn on mn.agency_uuid = p.agency_uuid and mn.carrier_uuid = p.carrier_uuid
  left join uploaded u on u.agency_uuid = p.agency_uuid and u.carrier_uuid = p.carrier_uuid
  left join excluded x on x.agency_uuid = p.agency_uuid and x.carrier_uuid = p.carrier_uuid
  left join entered en on en.agency_uuid = p.agency_uuid and en.carrier_uuid = p.carrier_uuid
  left join cells ce on ce.agency_uuid = p.agency_uuid and ce.carrier_uuid = p.carrier_uuid
  order by a.name, a.uuid, c.display_name, c.uuid`;
};

/**
 * The uploads of the month at the level that need a person: staged and not loaded, or loaded with
 * rows left out. An agency sees its own uploads and those that loaded into it.
 */
export const healthUploadsQuery = (level: Level, month: YearMonth) => sql`
  select i.uuid, i.file_name, i.status, i.created_at, i.rows_excluded, i.error_count
  from imports i
  where i.network_uuid = ${level.networkUuid}::uuid
    and (i.status = 'staged' or (i.status = 'committed' and coalesce(i.rows_excluded, 0) > 0))
    and (i.covers_through = ${firstDay(month)}::date
      or exists (select 1 from import_scopes s where s.import_uuid = i.uuid and s.month = ${firstDay(month)}::date))
    ${
      level.kind === 'agency'
        ? sql`and (i.agency_uuid = ${level.agencyUuid}::uuid or exists (select 1 from import_scopes s
            where s.import_uuid = i.uuid and s.agency_uuid = ${level.agencyUuid}::uuid))`
        : sql``
    }
  order by i.created_at desc, i.uuid
  limit 50`;

/** The months the picker offers: the previous calendar month and the 23 before it. */
export function monthOptions(today: Day): YearMonth[] {
  const last = addMonths(
    `${String(today.year).padStart(4, '0')}-${String(today.month).padStart(2, '0')}` as YearMonth,
    -1,
  );
  return Array.from({ length: MONTH_OPTIONS }, (_, i) => addMonths(last, -i));
}

export async function reportingHealth(
  db: Executor,
  level: Level,
  requested: YearMonth | undefined,
  today: Day,
): Promise<HealthResponse> {
  const month = requested ?? latestReportingMonth(today);
  const [rows, uploads, lags] = await Promise.all([
    db.execute<{
      agency_uuid: string;
      agency_name: string;
      carrier_uuid: string;
      carrier_name: string;
      arrived: boolean;
      later_arrived: boolean;
      last_month: string | null;
      by_hand: boolean;
      manual_at_month: boolean;
      uploaded_on: string | null;
      entered_on: string | null;
      excluded: number;
      blanks: number;
      zeros: number;
    }>(healthLinesQuery(level, month)),
    db.execute<{
      uuid: string;
      file_name: string;
      status: 'staged' | 'committed';
      created_at: string | Date;
      rows_excluded: number | null;
      error_count: number;
    }>(healthUploadsQuery(level, month)),
    carrierLags(db, level.networkUuid, addMonths(month, 1)),
  ]);
  const lagOf = (carrier: string) => lags.get(carrier) ?? usualLag([]);
  const lines: HealthLine[] = rows.rows.map((r) => {
    const lag = lagOf(r.carrier_uuid).days;
    const status = arrivalStatus({
      month,
      arrived: r.arrived,
      lag,
      today,
      laterMonthArrived: r.later_arrived,
    });
    const unmappedValues = Number(r.excluded);
    const blankValues = Number(r.blanks);
    const source = !r.arrived ? null : r.uploaded_on ? 'upload' : r.manual_at_month ? 'manual' : 'feed';
    return {
      agencyUuid: r.agency_uuid,
      agencyName: r.agency_name,
      carrierUuid: r.carrier_uuid,
      carrierName: r.carrier_name,
      status,
      problems: closeProblems({ status, unmappedValues, blankValues }),
      source,
      arrivedOn: source === 'upload' ? r.uploaded_on : source === 'manual' ? r.entered_on : null,
      dueOn: formatDay(dueDate(month, lag)),
      unmappedValues,
      blankValues,
      zeroValues: Number(r.zeros),
      lastMonth: r.last_month,
      fix: r.by_hand ? 'manualEntry' : 'upload',
    };
  });
  const carriers = new Map<string, string>();
  for (const line of lines) carriers.set(line.carrierUuid, line.carrierName);
  const count = (problem: string) => lines.filter((l) => l.problems.includes(problem as never)).length;
  return {
    levelKind: level.kind,
    month,
    monthOptions: monthOptions(today),
    today: formatDay(today),
    lines,
    carriers: [...carriers]
      .map(([carrierUuid, carrierName]) => {
        const lag = lagOf(carrierUuid);
        return {
          carrierUuid,
          carrierName,
          lagDays: lag.days,
          lagBasis: lag.basis,
          lagMonths: lag.months,
          expectedLatestMonth: expectedLatestMonth(today, lag.days),
        };
      })
      .sort((a, b) => a.carrierName.localeCompare(b.carrierName)),
    uploads: uploads.rows.map((u) => ({
      uploadUuid: u.uuid,
      fileName: u.file_name,
      status: u.status,
      createdAt: new Date(u.created_at).toISOString(),
      rowsExcluded: u.rows_excluded,
      errorCount: u.error_count,
    })),
    counts: {
      lines: lines.length,
      fine: lines.filter((l) => l.problems.length === 0).length,
      missing: count('missing'),
      late: count('late'),
      unmapped: count('unmapped'),
      blanks: count('blanks'),
    },
  };
}

/**
 * Each carrier's usual lag at the level's network and the latest month it is due for today: the rule
 * the carrier date badges compare a carrier's last month with.
 */
export async function carrierLagList(db: Executor, level: Level, today: Day): Promise<CarrierLagsResponse> {
  const lags = await carrierLags(db, level.networkUuid, addMonths(latestReportingMonth(today), 1));
  const names = (
    await db.execute<{ uuid: string; display_name: string }>(sql`
      select c.uuid, c.display_name from carriers c
      where c.uuid in (select distinct r.carrier_uuid from carrier_reported_months r
        where r.network_uuid = ${level.networkUuid}::uuid ${agencyFilter('r', level)})
      order by c.display_name, c.uuid`)
  ).rows;
  return {
    carriers: names.map((c) => {
      const lag = lags.get(c.uuid) ?? usualLag([]);
      return {
        carrierUuid: c.uuid,
        carrierName: c.display_name,
        lagDays: lag.days,
        lagBasis: lag.basis,
        lagMonths: lag.months,
        expectedLatestMonth: expectedLatestMonth(today, lag.days),
      };
    }),
  };
}

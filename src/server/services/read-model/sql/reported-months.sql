-- Caller: reportedMonthsOf (sql.ts): the relation inside insertReportedMasks, the flags and reportingDatesQuery (growth-actuals.ts)
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000001"
(
  with entries as (
    select m.agency_uuid, m.carrier_uuid, m.network_uuid, m.year, m.month, m.agency_code_uuid, m.line_uuid,
      m.month - coalesce(lag(m.month) over (partition by m.agency_uuid, m.carrier_uuid, m.agency_code_uuid,
        m.line_uuid, m.year order by m.month), 0) = 1 as whole
    from manual_entries m where m.network_uuid = $1::uuid
  ),
  chains as (
    select agency_uuid, carrier_uuid, year, count(distinct (agency_code_uuid, line_uuid)) as chains
    from entries group by agency_uuid, carrier_uuid, year
  ),
  manual as (
    select e.agency_uuid, e.carrier_uuid, e.network_uuid, make_date(e.year, e.month, 1) as month
    from entries e join chains c using (agency_uuid, carrier_uuid, year)
    group by e.agency_uuid, e.carrier_uuid, e.network_uuid, e.year, e.month, c.chains
    having count(*) filter (where e.whole) = c.chains
  )
  select r.agency_uuid, r.carrier_uuid, r.network_uuid, r.month
  from carrier_reported_months r where r.network_uuid = $2::uuid
  union all
  select m.agency_uuid, m.carrier_uuid, m.network_uuid, m.month from manual m
  where not exists (select 1 from carrier_reported_months r where r.agency_uuid = m.agency_uuid
    and r.carrier_uuid = m.carrier_uuid and r.month = m.month));

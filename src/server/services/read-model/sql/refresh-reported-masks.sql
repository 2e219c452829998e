-- Caller: rebuildNetwork and refreshAgencyRows (refresh.ts): an agency's reported months
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000002"
insert into carrier_reported_masks (agency_uuid, carrier_uuid, network_uuid, carrier_class, reported_months)
  select r.agency_uuid, r.carrier_uuid, r.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
    range_agg(int4range((extract(year from r.month) * 12 + extract(month from r.month) - 1)::int, (extract(year from r.month) * 12 + extract(month from r.month) - 1)::int, '[]'))
  from (
  with entries as (
    select m.agency_uuid, m.carrier_uuid, m.network_uuid, m.year, m.month, m.agency_code_uuid, m.line_uuid,
      m.month - coalesce(lag(m.month) over (partition by m.agency_uuid, m.carrier_uuid, m.agency_code_uuid,
        m.line_uuid, m.year order by m.month), 0) = 1 as whole
    from manual_entries m where m.agency_uuid = $1::uuid
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
  from carrier_reported_months r where r.agency_uuid = $2::uuid
  union all
  select m.agency_uuid, m.carrier_uuid, m.network_uuid, m.month from manual m
  where not exists (select 1 from carrier_reported_months r where r.agency_uuid = m.agency_uuid
    and r.carrier_uuid = m.carrier_uuid and r.month = m.month)) r
  join carriers c on c.uuid = r.carrier_uuid
  group by r.agency_uuid, r.carrier_uuid, r.network_uuid, c.uuid;

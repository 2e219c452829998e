-- Caller: listCarrierReportingDates (planning/reporting-dates.ts): the planning tool's carrier rows, latest feed and manual months
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000001"
with feed as (
      -- Per carrier, one step down an index (network or agency, carrier, month), not every month.
      select carrier_uuid, month from (
        select c.uuid as carrier_uuid, (select max(r.month) from carrier_reported_months r
          where r.network_uuid = $1::uuid and r.carrier_uuid = c.uuid) as month
        from carriers c
      ) latest where month is not null
    ),
    manual as (
      select m.carrier_uuid, max(make_date(m.year, m.month, 1)) as month from manual_entries m
      where m.network_uuid = $2::uuid group by m.carrier_uuid
    )
    select carrier_uuid, c.display_name as name, to_char(feed.month, 'YYYY-MM') as feed,
      to_char(manual.month, 'YYYY-MM') as manual
    from feed full join manual using (carrier_uuid)
    join carriers c on c.uuid = carrier_uuid
    order by c.display_name, carrier_uuid;

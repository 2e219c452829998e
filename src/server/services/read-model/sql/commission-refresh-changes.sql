-- Caller: rebuildNetwork and refreshAgencyRows (refresh.ts): an agency's commission statement changes
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000002"
insert into commission_reported_changes (agency_uuid, carrier_uuid, month, network_uuid)
  select distinct c.agency_uuid, c.carrier_uuid, c.month, c.network_uuid from (
    select n.agency_uuid, n.carrier_uuid, n.network_uuid, n.month
    from (
      select p.agency_uuid, p.carrier_uuid, p.network_uuid, p.month,
        lag(p.month) over (partition by p.agency_uuid, p.carrier_uuid order by p.month) as previous
      from (select distinct f.agency_uuid, f.carrier_uuid, f.network_uuid, f.month
        from commission_facts f where f.agency_uuid = $1::uuid) p
    ) n
    where n.previous is null or n.previous <> (n.month - interval '1 month')::date
    union all
    select n.agency_uuid, n.carrier_uuid, n.network_uuid, (n.month + interval '1 month')::date
    from (
      select p.agency_uuid, p.carrier_uuid, p.network_uuid, p.month,
        lead(p.month) over (partition by p.agency_uuid, p.carrier_uuid order by p.month) as next
      from (select distinct f.agency_uuid, f.carrier_uuid, f.network_uuid, f.month
        from commission_facts f where f.agency_uuid = $2::uuid) p
    ) n
    where n.next is null or n.next <> (n.month + interval '1 month')::date
  ) c;

-- Caller: rebuildNetwork and refreshAgencyRows (refresh.ts): the scope's latest month with a fact
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000002"
select to_char(greatest(
    (select max(f.month) from production_facts f where f.agency_uuid = $1::uuid),
    (select max(f.month) from commission_facts f where f.agency_uuid = $2::uuid)
  ), 'YYYY-MM') as month;

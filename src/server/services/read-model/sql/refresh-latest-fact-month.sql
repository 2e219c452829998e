-- Caller: rebuildNetwork and refreshAgencyRows (refresh.ts): the scope's latest month with a fact
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
select to_char(max(f.month), 'YYYY-MM') as month from production_facts f where f.agency_uuid = $1::uuid;

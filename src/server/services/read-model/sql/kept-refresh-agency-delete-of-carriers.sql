-- Caller: refreshKeptViews (store.ts): one agency's kept rows of the carriers a manual entry save names, deleted
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "00000000-0000-4000-8000-000000000002"
--   $4 = "00000000-0000-4000-8000-000000000003"
--   $5 = "00000000-0000-4000-8000-000000000002"
--   $6 = "00000000-0000-4000-8000-000000000001"
with codes as (delete from production_code_period_totals where agency_uuid = $1::uuid and network_uuid = $2::uuid and agency_code_uuid in (select k.uuid from agency_codes k
      where k.agency_uuid = $3::uuid and k.carrier_uuid in ($4::uuid)))
  delete from production_code_period_agency_totals where agency_uuid = $5::uuid and network_uuid = $6::uuid;

-- Caller: refreshKeptViews (store.ts): one agency's rows of every kept view, deleted before they are computed again
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "00000000-0000-4000-8000-000000000002"
--   $4 = "00000000-0000-4000-8000-000000000001"
with codes as (delete from production_code_period_totals where agency_uuid = $1::uuid and network_uuid = $2::uuid)
  delete from production_code_period_agency_totals where agency_uuid = $3::uuid and network_uuid = $4::uuid;

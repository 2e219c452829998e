-- Caller: refreshKeptViews (store.ts): one agency's rows of every kept view, deleted before they are computed again
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "00000000-0000-4000-8000-000000000002"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "00000000-0000-4000-8000-000000000002"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "00000000-0000-4000-8000-000000000002"
--   $8 = "00000000-0000-4000-8000-000000000001"
with totals as (delete from production_period_totals where agency_uuid = $1::uuid and network_uuid = $2::uuid),
    flags as (delete from production_period_flags where agency_uuid = $3::uuid and network_uuid = $4::uuid),
    codes as (delete from production_code_period_totals where agency_uuid = $5::uuid and network_uuid = $6::uuid)
  delete from production_code_period_agency_totals where agency_uuid = $7::uuid and network_uuid = $8::uuid;

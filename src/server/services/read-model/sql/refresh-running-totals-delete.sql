-- Caller: refreshAgencyRows (refresh.ts): an agency's running totals when it has no facts left
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
delete from production_agency_running_totals where agency_uuid = $1::uuid;

-- Caller: refreshAgencyRows (refresh.ts): an agency's commission statement changes deleted before they are computed again
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
delete from commission_reported_changes where agency_uuid = $1::uuid;

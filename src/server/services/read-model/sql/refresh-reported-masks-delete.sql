-- Caller: refreshAgencyRows (refresh.ts): an agency's reported months deleted before they are computed again
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000003"
delete from carrier_reported_masks m where m.agency_uuid = $1::uuid and m.carrier_uuid in ($2::uuid);

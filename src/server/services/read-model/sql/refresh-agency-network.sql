-- Caller: refreshAgencyFacts and changeAgencyProduction (refresh.ts): the agency's network, to lock
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
select network_uuid from agencies where uuid = $1::uuid;

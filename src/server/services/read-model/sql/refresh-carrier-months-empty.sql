-- Caller: changeAgencyProduction (refresh.ts) <- manual-entry-service.ts: carrier-months left without facts by a save
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000003"
--   $3 = "2026-01-01"
--   $4 = "00000000-0000-4000-8000-000000000003"
--   $5 = "2026-02-01"
delete from production_carrier_months f where f.network_uuid = $1::uuid and (f.carrier_uuid, f.month) in (($2::uuid, $3::date), ($4::uuid, $5::date)) and f.facts = 0;

-- Caller: rebuildNetwork (refresh.ts): a network's rows of one derived table (each in turn)
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
delete from production_carrier_months where network_uuid = $1::uuid;

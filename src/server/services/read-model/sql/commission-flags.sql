-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select distinct m.carrier_uuid::text as carrier_uuid from commission_reported_changes m
    where m.network_uuid = $1::uuid and m.month between '2025-12-01'::date and '2026-10-01'::date;

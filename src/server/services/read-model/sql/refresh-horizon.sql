-- Caller: rebuildNetwork and refreshAgencyRows (refresh.ts): the network horizon written
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = 8
insert into production_rollup_horizons (network_uuid, horizon, format)
  values ($1::uuid, '2026-10-01'::date, $2)
  on conflict (network_uuid) do update set horizon = excluded.horizon;

-- Caller: readHorizon (store.ts): the network horizon; held for update by writers
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select to_char(horizon, 'YYYY-MM') as horizon from production_rollup_horizons
  where network_uuid = $1::uuid for update;

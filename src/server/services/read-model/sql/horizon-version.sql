-- Caller: buildKeptCodes (store.ts): the horizon row's version, before and after a build of the kept codes
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select xmin::text as version from production_rollup_horizons
  where network_uuid = $1::uuid for share;

-- Caller: readKeptFlags (store.ts) <- readFigures (read-model.ts): the kept flags of a period
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "all"
select f.agency_uuid as group_uuid, f.missing_current, f.missing_prior
  from production_period_flags f where network_uuid = $1::uuid and start_month = '2026-01-01'::date
    and end_month = '2026-10-01'::date and composite = $2;

-- Caller: buildKeptTotals (store.ts): the build row of a period, line and composite claimed
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
--   $3 = "all"
insert into production_period_builds (network_uuid, start_month, end_month, line_code, composite)
  values ($1::uuid, '2026-01-01'::date, '2026-10-01'::date, $2,
    $3)
  on conflict do nothing returning network_uuid;

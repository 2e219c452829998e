-- Caller: buildKeptCodes (store.ts): the build row of a period and line of the kept codes claimed
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
insert into production_code_period_builds (network_uuid, start_month, end_month, line_code)
  values ($1::uuid, '2026-01-01'::date, '2026-10-01'::date, $2)
  on conflict do nothing returning network_uuid;

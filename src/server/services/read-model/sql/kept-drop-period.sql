-- Caller: buildKeptTotals (store.ts): a stale period's kept rows and flags, deleted
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
--   $3 = "all"
delete from production_period_totals where production_period_totals.network_uuid = $1::uuid and production_period_totals.start_month = '2025-10-01'::date
    and production_period_totals.end_month = '2026-09-01'::date and production_period_totals.line_code = $2 and production_period_totals.composite = $3;

-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "all"
delete from production_period_flags where network_uuid = $1::uuid and start_month = '2025-10-01'::date
    and end_month = '2026-09-01'::date and composite = $2;

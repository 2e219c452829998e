-- Caller: buildKeptCodes (store.ts): a stale period's kept codes and their agency sums, deleted
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
delete from production_code_period_totals where network_uuid = $1::uuid and start_month = '2025-10-01'::date
    and end_month = '2026-09-01'::date and line_code = $2;

-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
delete from production_code_period_agency_totals where network_uuid = $1::uuid and start_month = '2025-10-01'::date
    and end_month = '2026-09-01'::date and line_code = $2;

-- Caller: readKeptNetworkTotals (store.ts) <- readNetworkLines (read-model.ts): the kept network summary
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = true
select lines::text as lines from production_network_period_totals where network_uuid = $1::uuid and start_month = '2026-01-01'::date
    and end_month = '2026-10-01'::date and includes_manual_entries = $2;

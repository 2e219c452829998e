-- Caller: readKeptTotals (store.ts) <- readFigures (read-model.ts): a network's Carrier Production by agency as users open it
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
--   $3 = "all"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "P&C"
--   $6 = "all"
select t.agency_uuid as group_uuid, t.lines::text as lines
  from production_period_builds b
  left join production_period_totals t on t.network_uuid = $1::uuid and t.start_month = '2026-01-01'::date
    and t.end_month = '2026-10-01'::date and t.line_code = $2 and t.composite = $3
  where b.network_uuid = $4::uuid and b.start_month = '2026-01-01'::date
    and b.end_month = '2026-10-01'::date and b.line_code = $5 and b.composite = $6;

-- Caller: refreshKeptViews (store.ts): every period, line and composite the network keeps
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end, line_code as line,
    'all' as composite
  from production_code_period_builds where network_uuid = $1::uuid;

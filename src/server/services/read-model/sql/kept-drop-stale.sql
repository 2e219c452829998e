-- Caller: buildKeptTotals, buildKeptCodes (store.ts): build rows of periods that no longer come back, deleted
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
delete from production_code_period_builds
  where network_uuid = $1::uuid and end_month <> '2026-10-01'::date
    and not (extract(month from start_month) = 1 and end_month = (start_month + interval '11 months')::date)
  returning to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end, line_code as line,
    'all' as composite;

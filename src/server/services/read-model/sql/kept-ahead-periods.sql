-- Caller: keepViewsAhead (ahead.ts): the periods a network keeps views (or flags) of
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select distinct to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end,
        line_code as line, composite as composite
        from production_period_builds
        where network_uuid = $1::uuid;

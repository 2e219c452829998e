-- Caller: refreshKeptViews (store.ts): every period, line and composite the network keeps
-- Parameters:
--   $1 = "builds"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "code builds"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "flags"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "00000000-0000-4000-8000-000000000001"
select $1::text as view, p.* from (select distinct to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end,
        line_code as line, composite as composite
        from production_period_builds
        where network_uuid = $2::uuid) p union all select $3::text as view, p.* from (select distinct to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end,
        line_code as line, 'all' as composite
        from production_code_period_builds
        where network_uuid = $4::uuid) p union all select $5::text as view, p.* from (with recursive p as (
        (select start_month, end_month, composite from production_period_flags
          where network_uuid = $6::uuid
          order by start_month, end_month, composite limit 1)
        union all
        select n.start_month, n.end_month, n.composite from p cross join lateral (
          select f.start_month, f.end_month, f.composite from production_period_flags f
          where f.network_uuid = $7::uuid
            and (f.start_month, f.end_month, f.composite) > (p.start_month, p.end_month, p.composite)
          order by f.start_month, f.end_month, f.composite limit 1) n
      )
      select to_char(start_month, 'YYYY-MM') as start, to_char(end_month, 'YYYY-MM') as end, 'P&C' as line,
        composite
      from p) p;

-- Caller: readMonthlyFigures (read-model.ts) <- performance-charts/production-by-month.ts: GET /api/core-production/by-month for an agency
-- Parameters:
--   $1 = "CL"
--   $2 = "00000000-0000-4000-8000-000000000002"
--   $3 = "CL"
--   $4 = "00000000-0000-4000-8000-000000000002"
--   $5 = "CL"
select to_char(m.month, 'YYYY-MM') as month,
      case when grouping(m.line_code) = 1 then $1::text else m.line_code end as line_code,
      sum(m.written_premium) filter (where m.current)::text as written_premium,
    sum(m.written_premium) filter (where not m.current)::text as prior_written_premium,
    sum(m.new_written_premium) filter (where m.current)::text as new_written_premium,
    sum(m.new_written_premium) filter (where not m.current)::text as prior_new_written_premium,
    sum(m.earned) filter (where m.current)::text as earned,
    sum(m.earned) filter (where not m.current)::text as prior_earned,
    sum(m.incurred) filter (where m.current)::text as incurred,
    sum(m.incurred) filter (where not m.current)::text as prior_incurred
    from (
      select f.month as month,
        true as current, case when l.level = 2 then l.code end as line_code,
        f.written_premium, f.new_written_premium, f.earned, f.incurred
      from production_facts f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.agency_uuid = $2::uuid and (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))
        and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and case when l.level = 1 then l.code else p.code end = $3 and true and true
      union all
      select (f.month + interval '12 months')::date as month,
        false as current, case when l.level = 2 then l.code end as line_code,
        f.written_premium, f.new_written_premium, f.earned, f.incurred
      from production_facts f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.agency_uuid = $4::uuid and (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))
        and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and case when l.level = 1 then l.code else p.code end = $5 and true and true
    ) m
    group by grouping sets ((m.month, m.line_code), (m.month), (m.line_code), ())
    -- The grand total of no rows is still a row: none without facts.
    having count(*) > 0
    order by 1 nulls last, 2;

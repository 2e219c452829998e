-- Caller: readCarrierMonthFigures (read-model.ts) <- growth-measurement/growth-actuals.ts: growth plans' actual YTD and running totals
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
select m.group_uuid, m.line_code, sum(m.written_premium)::text as written_premium,
      sum(m.prior_written_premium)::text as prior_written_premium,
      sum(m.new_written_premium)::text as new_written_premium,
      json_object_agg(to_char(m.month, 'YYYY-MM'), m.written_premium::text)
        filter (where m.month >= '2026-01-01'::date) as months
    from (
      select f.carrier_uuid as group_uuid, case when l.level = 1 then l.code else p.code end as line_code, f.month,
        sum(f.written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as written_premium, sum(f.written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_written_premium,
        sum(f.new_written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as new_written_premium
      from production_facts f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.agency_uuid = $1::uuid and ((f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)) or (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))
        and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and true
      group by 1, 2, 3
    ) m
    group by m.group_uuid, m.line_code;

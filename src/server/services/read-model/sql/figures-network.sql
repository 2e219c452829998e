-- Caller: readNetworkLines (read-model.ts) <- networkSummary (planning/planning-report.ts): GET /api/core-production/network/summary, kept in process
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000001"
select f.network_uuid as group_uuid,
      case when grouping(case when l.level = 1 then l.code else p.code end) = 1 then $1::text else case when l.level = 1 then l.code else p.code end end as line_code, sum(f.written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as written_premium, sum(f.written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_written_premium, sum(f.new_written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as new_written_premium, sum(f.new_written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_new_written_premium, sum(f.earned) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as earned, sum(f.earned) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_earned, sum(f.incurred) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as incurred, sum(f.incurred) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_incurred
    from production_carrier_months f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
    where f.network_uuid = $2::uuid and ((f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)) or (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))
      and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and true and true and true
    group by grouping sets ((f.network_uuid, case when l.level = 1 then l.code else p.code end), (f.network_uuid))
    having true;

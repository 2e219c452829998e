-- Caller: readCodeFigures (read-model.ts): the same for standard types, from the facts
-- Parameters:
--   $1 = "PL"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "PL"
--   $4 = "HO"
select f.group_uuid, ac.agency_uuid, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name,
    lower(a.name) as lower_agency_name, f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred
  from (
    select f.agency_code_uuid as group_uuid,
      $1::text as line_code, sum(f.written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as written_premium, sum(f.written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_written_premium, sum(f.new_written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as new_written_premium, sum(f.new_written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_new_written_premium, sum(f.earned) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as earned, sum(f.earned) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_earned, sum(f.incurred) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)))::text as incurred, sum(f.incurred) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))::text as prior_incurred
    from production_facts f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
    where f.network_uuid = $2::uuid and ((f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)) or (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))
      and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and case when l.level = 1 then l.code else p.code end = $3 and l.level = 2 and l.code in ($4) and true
    group by f.agency_code_uuid
    having true) f
  join agency_codes ac on ac.uuid = f.group_uuid
  join agencies a on a.uuid = ac.agency_uuid;

-- Caller: readAgencyCodePage (planning/agency-code-page.ts): a searched page of one carrier's codes by loss ratio, computed from the facts
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000002"
--   $3 = "00000000-0000-4000-8000-000000000003"
--   $4 = "smith"
--   $5 = "P&C"
--   $6 = "00000000-0000-4000-8000-000000000002"
--   $7 = "00000000-0000-4000-8000-000000000002"
with fig as materialized (
    select f.agency_code_uuid as group_uuid,
      $1::text as line_code, sum(f.written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as written_premium, sum(f.written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_written_premium, sum(f.new_written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as new_written_premium, sum(f.new_written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_new_written_premium, sum(f.earned) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as earned, sum(f.earned) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_earned, sum(f.incurred) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as incurred, sum(f.incurred) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_incurred
    from production_facts f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
    where f.agency_uuid = $2::uuid and ((f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)) or (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))
      and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and true and true and true
    group by f.agency_code_uuid
    having true), src as materialized (
  select f.group_uuid, ac.agency_uuid, null::json as lines, null::boolean as missing_current,
    null::boolean as missing_prior, f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name, lower(a.name) as lower_agency_name
  from (select * from fig) f
  join agency_codes ac on ac.uuid = f.group_uuid
  join agencies a on a.uuid = ac.agency_uuid),
    sel as materialized (select r.group_uuid, r.agency_uuid, r.carrier_uuid, r.lower_code, r.lower_name, r.lower_agency_name, r.missing_current, r.missing_prior, r.written_premium, r.prior_written_premium, r.new_written_premium, r.prior_new_written_premium, r.earned, r.prior_earned, r.incurred, r.prior_incurred, case when r.incurred is null or r.earned is null or r.earned = 0 then null else r.incurred / r.earned end as sort_value from src r join (select c.uuid, lower(c.display_name) as lower_name from carriers c offset 0) c on c.uuid = r.carrier_uuid
    where r.carrier_uuid = $3::uuid and r.lower_code || ' ' || r.lower_name || ' ' || r.lower_agency_name || ' ' || c.lower_name like '%' || replace(replace(replace(lower($4), '\', '\\'), '%', '\%'), '_', '\_') || '%'),
    page as (select s.* from (select s.*, c.lower_name as lower_carrier_name from (select s.* from sel s) s
      join (select c.uuid, lower(c.display_name) as lower_name from carriers c offset 0) c on c.uuid = s.carrier_uuid) s order by s.sort_value desc nulls last, s.lower_code collate "C", s.lower_name collate "C", s.lower_agency_name collate "C", s.lower_carrier_name collate "C", s.group_uuid )
    select true as built, t.*,
      (select coalesce(json_agg(json_build_object('agencyCodeUuid', s.group_uuid, 'code', ac.code,
          'name', ac.name, 'agencyUuid', s.agency_uuid, 'agencyName', a.name,
          'carrierUuid', s.carrier_uuid, 'carrierName', c.display_name, 'haveMissingCurrentData', coalesce(m.missing_current, false),
          'haveMissingPriorData', coalesce(m.missing_prior, false),
          'lines', x.lines) order by s.sort_value desc nulls last, s.lower_code collate "C", s.lower_name collate "C", s.lower_agency_name collate "C", s.lower_carrier_name collate "C", s.group_uuid), '[]'::json)::text
        from page s left join (
  select f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines
  from (
    select f.agency_code_uuid as group_uuid,
      case when grouping(case when l.level = 1 then l.code else p.code end) = 1 then $5::text else case when l.level = 1 then l.code else p.code end end as line_code, sum(f.written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as written_premium, sum(f.written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_written_premium, sum(f.new_written_premium) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as new_written_premium, sum(f.new_written_premium) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_new_written_premium, sum(f.earned) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as earned, sum(f.earned) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_earned, sum(f.incurred) filter (where (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date))) as incurred, sum(f.incurred) filter (where (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date))) as prior_incurred
    from production_facts f
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
    where f.agency_uuid = $6::uuid and ((f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)) or (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)))
      and true and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))) and true and true and true and f.agency_uuid = any(array(select agency_uuid from page))
    group by grouping sets ((f.agency_code_uuid, case when l.level = 1 then l.code else p.code end), (f.agency_code_uuid))
    having true) f
  where f.line_code is not null and f.group_uuid in (select group_uuid from page)
  group by f.group_uuid) x
          on x.group_uuid = s.group_uuid
        left join (
    select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select ac.uuid as group_uuid, not m.reported_months @> int4range(24312, 24321, '[]') as missing_current,
        not m.reported_months @> int4range(24300, 24309, '[]') as missing_prior
      from carrier_reported_masks m join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid and ac.uuid in (select group_uuid from page)
      where m.agency_uuid = $7::uuid and m.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63)
        and true
        and (m.reported_months && int4range(24312, 24321, '[]') or m.reported_months && int4range(24300, 24309, '[]'))
      offset 0
    ) p
    group by p.group_uuid) m on m.group_uuid = s.group_uuid
        join agency_codes ac on ac.uuid = s.group_uuid
        join agencies a on a.uuid = s.agency_uuid
        join carriers c on c.uuid = s.carrier_uuid) as rows
    from (select coalesce(sum(x.codes), 0)::int as total_count,
      sum(x.written_premium)::text as written_premium, sum(x.prior_written_premium)::text as prior_written_premium, sum(x.new_written_premium)::text as new_written_premium, sum(x.prior_new_written_premium)::text as prior_new_written_premium, sum(x.earned)::text as earned, sum(x.prior_earned)::text as prior_earned, sum(x.incurred)::text as incurred, sum(x.prior_incurred)::text as prior_incurred from (select 1 as codes, s.written_premium, s.prior_written_premium, s.new_written_premium, s.prior_new_written_premium, s.earned, s.prior_earned, s.incurred, s.prior_incurred
    from sel s where true) x) t;

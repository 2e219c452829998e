-- Caller: refreshKeptViews (store.ts): one agency's rows of every kept by-agency-code view
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
--   $3 = "PL"
--   $4 = "P&C"
--   $5 = "00000000-0000-4000-8000-000000000002"
--   $6 = "00000000-0000-4000-8000-000000000002"
insert into production_code_period_totals (agency_uuid, agency_code_uuid, network_uuid, start_month, end_month,
    line_code, lines, missing_current, missing_prior, written_premium, prior_written_premium, new_written_premium, prior_new_written_premium, earned, prior_earned, incurred, prior_incurred, carrier_uuid, lower_code, lower_name, lower_agency_name)
  select ac.agency_uuid, c.group_uuid, $1::uuid, c.start_month, c.end_month, c.view_line, c.lines,
    coalesce(m.missing_current, false), coalesce(m.missing_prior, false),
    c.written_premium, c.prior_written_premium, c.new_written_premium, c.prior_new_written_premium, c.earned, c.prior_earned, c.incurred, c.prior_incurred, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name, lower(a.name) as lower_agency_name
  from (
    select f.start_month, f.end_month, f.view_line, f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines,
      max(f.written_premium) filter (where f.line_code = f.view_line) as written_premium, max(f.prior_written_premium) filter (where f.line_code = f.view_line) as prior_written_premium, max(f.new_written_premium) filter (where f.line_code = f.view_line) as new_written_premium, max(f.prior_new_written_premium) filter (where f.line_code = f.view_line) as prior_new_written_premium, max(f.earned) filter (where f.line_code = f.view_line) as earned, max(f.prior_earned) filter (where f.line_code = f.view_line) as prior_earned, max(f.incurred) filter (where f.line_code = f.view_line) as incurred, max(f.prior_incurred) filter (where f.line_code = f.view_line) as prior_incurred
    from (
      select k.start_month, k.end_month, k.view_line, f.agency_code_uuid as group_uuid,
        case when grouping(case when k.view_line = 'P&C' then case when l.level = 1 then l.code else p.code end else case when l.level = 2 then l.code end end) = 1 then k.view_line else case when k.view_line = 'P&C' then case when l.level = 1 then l.code else p.code end else case when l.level = 2 then l.code end end end as line_code, sum(f.written_premium) filter (where (f.month between k.start_month and k.end_month
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.start_month))) as written_premium, sum(f.written_premium) filter (where (f.month between k.prior_start and k.prior_end
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.prior_start))) as prior_written_premium, sum(f.new_written_premium) filter (where (f.month between k.start_month and k.end_month
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.start_month))) as new_written_premium, sum(f.new_written_premium) filter (where (f.month between k.prior_start and k.prior_end
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.prior_start))) as prior_new_written_premium, sum(f.earned) filter (where (f.month between k.start_month and k.end_month
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.start_month))) as earned, sum(f.earned) filter (where (f.month between k.prior_start and k.prior_end
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.prior_start))) as prior_earned, sum(f.incurred) filter (where (f.month between k.start_month and k.end_month
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.start_month))) as incurred, sum(f.incurred) filter (where (f.month between k.prior_start and k.prior_end
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.prior_start))) as prior_incurred
      from production_facts f
        join lines_of_business l on l.uuid = f.line_uuid
        left join lines_of_business p on p.uuid = l.parent_uuid
        join (values ('2026-01-01'::date, '2026-10-01'::date, $2::text, '2025-01-01'::date, '2025-10-01'::date), ('2026-01-01'::date, '2026-10-01'::date, $3::text, '2025-01-01'::date, '2025-10-01'::date), ('2025-01-01'::date, '2025-12-01'::date, $4::text, '2024-01-01'::date, '2024-12-01'::date)) k(start_month, end_month, view_line, prior_start, prior_end)
          on ((f.month between k.start_month and k.end_month
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.start_month)) or (f.month between k.prior_start and k.prior_end
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= k.prior_start))) and (k.view_line = 'P&C' or case when l.level = 1 then l.code else p.code end = k.view_line)
      where f.agency_uuid = $5::uuid
        and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp))))
      group by k.start_month, k.end_month, k.view_line, f.agency_code_uuid, grouping sets ((case when k.view_line = 'P&C' then case when l.level = 1 then l.code else p.code end else case when l.level = 2 then l.code end end), ())
    ) f
    where f.line_code is not null
    group by f.start_month, f.end_month, f.view_line, f.group_uuid
  ) c
  join agency_codes ac on ac.uuid = c.group_uuid
  join agencies a on a.uuid = ac.agency_uuid
  left join (
    select k.start_month, k.end_month, k.composite, ac.uuid as group_uuid,
      bool_or(not m.reported_months @> k.current) as missing_current,
      bool_or(not m.reported_months @> k.prior) as missing_prior
    from (values ('2026-01-01'::date, '2026-10-01'::date, 'all'::text, int4range(24312, 24321, '[]'), int4range(24300, 24309, '[]')), ('2025-01-01'::date, '2025-12-01'::date, 'all'::text, int4range(24300, 24311, '[]'), int4range(24288, 24299, '[]'))) k(start_month, end_month, composite, current, prior)
    join carrier_reported_masks m on m.reported_months && k.current or m.reported_months && k.prior
    join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid
    where m.agency_uuid = $6::uuid and (case k.composite when 'all' then m.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) when 'carriers' then m.carrier_class in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62) when 'wholesalers' then m.carrier_class in (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63) end)
    group by k.start_month, k.end_month, k.composite, ac.uuid) m
    on m.start_month = c.start_month and m.end_month = c.end_month and m.group_uuid = c.group_uuid;

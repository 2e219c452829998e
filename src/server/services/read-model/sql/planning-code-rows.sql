-- Caller: readAgencyCodePage (planning/agency-code-page.ts) <- GET /api/core-production/by-agencyCode: a page's codes with their names, flags and lines
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "carrier"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "carrier"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "00000000-0000-4000-8000-000000000001"
--   $8 = "00000000-0000-4000-8000-000000000001"
--   $9 = "{00000000-0000-4000-8000-000000000002}"
--   $10 = "{00000000-0000-4000-8000-000000000003}"
--   $11 = "{00000000-0000-4000-8000-000000000003}"
--   $12 = "00000000-0000-4000-8000-000000000001"
--   $13 = "{00000000-0000-4000-8000-000000000003}"
select ac.uuid as group_uuid, ac.code, ac.name, ac.agency_uuid, a.name as agency_name, ac.carrier_uuid,
      c.display_name as carrier_name, coalesce(m.missing_current, false) as missing_current,
      coalesce(m.missing_prior, false) as missing_prior, x.lines::text as lines
    from agency_codes ac
    join agencies a on a.uuid = ac.agency_uuid
    join carriers c on c.uuid = ac.carrier_uuid
    left join (
  select f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines
  from (
    select f.agency_code_uuid as group_uuid,
      case when grouping(f.broad_code) = 1 then $1::text else f.broad_code end as line_code, case when sum(f.current_written_premium_count) > 0 then (bigint_sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end as written_premium, case when sum(f.prior_written_premium_count) > 0 then (bigint_sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end as prior_written_premium, case when sum(f.current_new_written_premium_count) > 0 then (bigint_sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end as new_written_premium, case when sum(f.prior_new_written_premium_count) > 0 then (bigint_sum(f.prior_new_written_premium_cents) / 100)::numeric(20, 2) end as prior_new_written_premium, case when sum(f.current_earned_count) > 0 then (bigint_sum(f.current_earned_cents) / 100)::numeric(20, 2) end as earned, case when sum(f.prior_earned_count) > 0 then (bigint_sum(f.prior_earned_cents) / 100)::numeric(20, 2) end as prior_earned, case when sum(f.current_incurred_count) > 0 then (bigint_sum(f.current_incurred_cents) / 100)::numeric(20, 2) end as incurred, case when sum(f.prior_incurred_count) > 0 then (bigint_sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end as prior_incurred
    from (
      select r.agency_uuid, r.network_uuid, r.carrier_class, r.carrier_uuid, r.agency_code_uuid, r.broad_code,
        r.type_code, r.source,
        r.facts - coalesce(e0.facts, 0) as current_facts,
        r.written_premium_cents - coalesce(e0.written_premium_cents, 0) as current_written_premium_cents,
        r.written_premium_count - coalesce(e0.written_premium_count, 0) as current_written_premium_count,
        r.new_written_premium_cents - coalesce(e0.new_written_premium_cents, 0) as current_new_written_premium_cents,
        r.new_written_premium_count - coalesce(e0.new_written_premium_count, 0) as current_new_written_premium_count,
        r.earned_cents - coalesce(e0.earned_cents, 0) as current_earned_cents,
        r.earned_count - coalesce(e0.earned_count, 0) as current_earned_count,
        r.incurred_cents - coalesce(e0.incurred_cents, 0) as current_incurred_cents,
        r.incurred_count - coalesce(e0.incurred_count, 0) as current_incurred_count,
        r.paid_cents - coalesce(e0.paid_cents, 0) as current_paid_cents,
        r.paid_on_cents - coalesce(e0.paid_on_cents, 0) as current_paid_on_cents,
        r.year_ago_facts - coalesce(e0.year_ago_facts, 0) as prior_facts,
        r.year_ago_written_premium_cents - coalesce(e0.year_ago_written_premium_cents, 0) as prior_written_premium_cents,
        r.year_ago_written_premium_count - coalesce(e0.year_ago_written_premium_count, 0) as prior_written_premium_count,
        r.year_ago_new_written_premium_cents - coalesce(e0.year_ago_new_written_premium_cents, 0) as prior_new_written_premium_cents,
        r.year_ago_new_written_premium_count - coalesce(e0.year_ago_new_written_premium_count, 0) as prior_new_written_premium_count,
        r.year_ago_earned_cents - coalesce(e0.year_ago_earned_cents, 0) as prior_earned_cents,
        r.year_ago_earned_count - coalesce(e0.year_ago_earned_count, 0) as prior_earned_count,
        r.year_ago_incurred_cents - coalesce(e0.year_ago_incurred_cents, 0) as prior_incurred_cents,
        r.year_ago_incurred_count - coalesce(e0.year_ago_incurred_count, 0) as prior_incurred_count,
        r.year_ago_paid_cents - coalesce(e0.year_ago_paid_cents, 0) as prior_paid_cents,
        r.year_ago_paid_on_cents - coalesce(e0.year_ago_paid_on_cents, 0) as prior_paid_on_cents
      from production_agency_running_totals r left join production_agency_running_totals e0 on e0.network_uuid = $2::uuid and e0.grain = $3 and e0.month = '2025-12-01'::date and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source
      where r.network_uuid = $4::uuid and r.grain = $5 and r.month = '2026-10-01'::date
      union all
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, coalesce(f.agency_code_uuid, '00000000-0000-0000-0000-000000000000'::uuid),
      case when l.level = 1 then l.code else p.code end, '', f.source,
      -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $6::uuid
        and f.gap_months > 0 and f.month between '2026-01-01'::date and '2026-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2026-01-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
     union all
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, coalesce(f.agency_code_uuid, '00000000-0000-0000-0000-000000000000'::uuid),
      case when l.level = 1 then l.code else p.code end, '', f.source,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $7::uuid
        and f.gap_months > 0 and f.month between '2025-01-01'::date and '2025-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2025-01-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    ) f
    where f.network_uuid = $8::uuid and true
      and true and f.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) and true and true and true and f.agency_uuid = any($9::uuid[])
    group by grouping sets ((f.agency_code_uuid, f.broad_code), (f.agency_code_uuid))
    having sum(f.current_facts) > 0 or sum(f.prior_facts) > 0) f
  where f.line_code is not null and f.group_uuid in (select unnest($10::uuid[]))
  group by f.group_uuid) x on x.group_uuid = ac.uuid
    left join (
    select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select ac.uuid as group_uuid, not m.reported_months @> int4range(24312, 24321, '[]') as missing_current,
        not m.reported_months @> int4range(24300, 24309, '[]') as missing_prior
      from carrier_reported_masks m join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid and ac.uuid in (select unnest($11::uuid[]))
      where m.network_uuid = $12::uuid and m.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63)
        and true
        and (m.reported_months && int4range(24312, 24321, '[]') or m.reported_months && int4range(24300, 24309, '[]'))
      offset 0
    ) p
    group by p.group_uuid) m on m.group_uuid = ac.uuid
    where ac.uuid = any($13::uuid[]);

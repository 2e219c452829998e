-- Caller: agencyFigures <- readFigures (read-model.ts): a network's Carrier Production by agency, Total (P&C) of another composite, its first view in a process
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "broad"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "broad"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "00000000-0000-4000-8000-000000000001"
--   $8 = "00000000-0000-4000-8000-000000000001"
select f.agency_uuid as group_uuid,
      case when grouping(f.broad_code) = 1 then $1::text else f.broad_code end as line_code, case when sum(f.current_written_premium_count) > 0 then (bigint_sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end::text as written_premium, case when sum(f.prior_written_premium_count) > 0 then (bigint_sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end::text as prior_written_premium, case when sum(f.current_new_written_premium_count) > 0 then (bigint_sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end::text as new_written_premium, case when sum(f.prior_new_written_premium_count) > 0 then (bigint_sum(f.prior_new_written_premium_cents) / 100)::numeric(20, 2) end::text as prior_new_written_premium, case when sum(f.current_earned_count) > 0 then (bigint_sum(f.current_earned_cents) / 100)::numeric(20, 2) end::text as earned, case when sum(f.prior_earned_count) > 0 then (bigint_sum(f.prior_earned_cents) / 100)::numeric(20, 2) end::text as prior_earned, case when sum(f.current_incurred_count) > 0 then (bigint_sum(f.current_incurred_cents) / 100)::numeric(20, 2) end::text as incurred, case when sum(f.prior_incurred_count) > 0 then (bigint_sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end::text as prior_incurred
    from (
      select r.agency_uuid, r.network_uuid, r.carrier_class, r.carrier_uuid, r.agency_code_uuid, r.broad_code,
        r.type_code, r.source,
        r.facts - r.year_ago_facts as current_facts,
        r.written_premium_cents - r.year_ago_written_premium_cents as current_written_premium_cents,
        r.written_premium_count - r.year_ago_written_premium_count as current_written_premium_count,
        r.new_written_premium_cents - r.year_ago_new_written_premium_cents as current_new_written_premium_cents,
        r.new_written_premium_count - r.year_ago_new_written_premium_count as current_new_written_premium_count,
        r.earned_cents - r.year_ago_earned_cents as current_earned_cents,
        r.earned_count - r.year_ago_earned_count as current_earned_count,
        r.incurred_cents - r.year_ago_incurred_cents as current_incurred_cents,
        r.incurred_count - r.year_ago_incurred_count as current_incurred_count,
        r.paid_cents - r.year_ago_paid_cents as current_paid_cents,
        r.paid_on_cents - r.year_ago_paid_on_cents as current_paid_on_cents,
        r.year_ago_facts - coalesce(e0.facts, 0) as prior_facts,
        r.year_ago_written_premium_cents - coalesce(e0.written_premium_cents, 0) as prior_written_premium_cents,
        r.year_ago_written_premium_count - coalesce(e0.written_premium_count, 0) as prior_written_premium_count,
        r.year_ago_new_written_premium_cents - coalesce(e0.new_written_premium_cents, 0) as prior_new_written_premium_cents,
        r.year_ago_new_written_premium_count - coalesce(e0.new_written_premium_count, 0) as prior_new_written_premium_count,
        r.year_ago_earned_cents - coalesce(e0.earned_cents, 0) as prior_earned_cents,
        r.year_ago_earned_count - coalesce(e0.earned_count, 0) as prior_earned_count,
        r.year_ago_incurred_cents - coalesce(e0.incurred_cents, 0) as prior_incurred_cents,
        r.year_ago_incurred_count - coalesce(e0.incurred_count, 0) as prior_incurred_count,
        r.year_ago_paid_cents - coalesce(e0.paid_cents, 0) as prior_paid_cents,
        r.year_ago_paid_on_cents - coalesce(e0.paid_on_cents, 0) as prior_paid_on_cents
      from production_agency_running_totals r left join production_agency_running_totals e0 on e0.network_uuid = $2::uuid and e0.grain = $3 and e0.month = '2024-10-01'::date and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source
      where r.network_uuid = $4::uuid and r.grain = $5 and r.month = '2026-10-01'::date
      union all
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      '00000000-0000-0000-0000-000000000000'::uuid, '00000000-0000-0000-0000-000000000000'::uuid,
      case when l.level = 1 then l.code else p.code end, '', f.source,
      -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $6::uuid
        and f.gap_months > 0 and f.month between '2025-11-01'::date and '2026-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2025-11-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
     union all
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      '00000000-0000-0000-0000-000000000000'::uuid, '00000000-0000-0000-0000-000000000000'::uuid,
      case when l.level = 1 then l.code else p.code end, '', f.source,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $7::uuid
        and f.gap_months > 0 and f.month between '2024-11-01'::date and '2025-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2024-11-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    ) f
    where f.network_uuid = $8::uuid and true
      and true and f.carrier_class in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62) and true and true and true
    group by grouping sets ((f.agency_uuid, f.broad_code), (f.agency_uuid))
    having sum(f.current_facts) > 0 or sum(f.prior_facts) > 0;

-- Caller: refreshKeptViews (store.ts) <- refreshAgencyRows (refresh.ts): one agency's rows of every kept by-agency view
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
--   $3 = "P&C"
--   $4 = "P&C"
--   $5 = "P&C"
--   $6 = "PL"
--   $7 = "PL"
--   $8 = "PL"
--   $9 = "PL"
--   $10 = "P&C"
--   $11 = "P&C"
--   $12 = "P&C"
--   $13 = "P&C"
--   $14 = "P&C"
--   $15 = "P&C"
--   $16 = "P&C"
--   $17 = "P&C"
--   $18 = "00000000-0000-4000-8000-000000000002"
--   $19 = "P&C"
--   $20 = "P&C"
--   $21 = "PL"
--   $22 = "PL"
--   $23 = "P&C"
--   $24 = "P&C"
--   $25 = "P&C"
--   $26 = "P&C"
--   $27 = "00000000-0000-4000-8000-000000000002"
insert into production_period_totals (network_uuid, start_month, end_month, line_code, composite, agency_uuid,
    lines)
  select $1::uuid, f.start_month, f.end_month, f.view_line, f.composite, f.group_uuid,
    json_object_agg(f.line_code, json_build_object('writtenPremium', f.written_premium, 'priorWrittenPremium', f.prior_written_premium, 'newWrittenPremium', f.new_written_premium, 'priorNewWrittenPremium', f.prior_new_written_premium, 'earned', f.earned, 'priorEarned', f.prior_earned, 'incurred', f.incurred, 'priorIncurred', f.prior_incurred))
  from (
    select x.start_month, x.end_month, x.view_line, x.composite, x.agency_uuid as group_uuid,
      case when grouping(case when x.view_line = 'P&C' then x.broad_code else nullif(x.type_code, '') end) = 1 then x.view_line else case when x.view_line = 'P&C' then x.broad_code else nullif(x.type_code, '') end end as line_code, case when sum(x.sign * x.written_premium_count) filter (where x.period = 'current') > 0 then (sum(x.sign * x.written_premium_cents) filter (where x.period = 'current') / 100)::numeric(20, 2) end as written_premium, case when sum(x.sign * x.written_premium_count) filter (where x.period = 'prior') > 0 then (sum(x.sign * x.written_premium_cents) filter (where x.period = 'prior') / 100)::numeric(20, 2) end as prior_written_premium, case when sum(x.sign * x.new_written_premium_count) filter (where x.period = 'current') > 0 then (sum(x.sign * x.new_written_premium_cents) filter (where x.period = 'current') / 100)::numeric(20, 2) end as new_written_premium, case when sum(x.sign * x.new_written_premium_count) filter (where x.period = 'prior') > 0 then (sum(x.sign * x.new_written_premium_cents) filter (where x.period = 'prior') / 100)::numeric(20, 2) end as prior_new_written_premium, case when sum(x.sign * x.earned_count) filter (where x.period = 'current') > 0 then (sum(x.sign * x.earned_cents) filter (where x.period = 'current') / 100)::numeric(20, 2) end as earned, case when sum(x.sign * x.earned_count) filter (where x.period = 'prior') > 0 then (sum(x.sign * x.earned_cents) filter (where x.period = 'prior') / 100)::numeric(20, 2) end as prior_earned, case when sum(x.sign * x.incurred_count) filter (where x.period = 'current') > 0 then (sum(x.sign * x.incurred_cents) filter (where x.period = 'current') / 100)::numeric(20, 2) end as incurred, case when sum(x.sign * x.incurred_count) filter (where x.period = 'prior') > 0 then (sum(x.sign * x.incurred_cents) filter (where x.period = 'prior') / 100)::numeric(20, 2) end as prior_incurred
    from (
      select e.start_month, e.end_month, e.view_line, e.composite, e.grain, e.period, e.sign, r.agency_uuid, r.carrier_class,
        r.broad_code, r.type_code, r.facts, r.written_premium_cents, r.written_premium_count, r.new_written_premium_cents,
  r.new_written_premium_count, r.earned_cents, r.earned_count, r.incurred_cents, r.incurred_count
      from (values ('2026-01-01'::date, '2026-10-01'::date, $2::text, 'all'::text, 'total', 'current', '2026-10-01'::date, 1), ('2026-01-01'::date, '2026-10-01'::date, $3::text, 'all'::text, 'total', 'current', '2025-12-01'::date, -1), ('2026-01-01'::date, '2026-10-01'::date, $4::text, 'all'::text, 'total', 'prior', '2025-10-01'::date, 1), ('2026-01-01'::date, '2026-10-01'::date, $5::text, 'all'::text, 'total', 'prior', '2024-12-01'::date, -1), ('2026-01-01'::date, '2026-10-01'::date, $6::text, 'all'::text, 'type', 'current', '2026-10-01'::date, 1), ('2026-01-01'::date, '2026-10-01'::date, $7::text, 'all'::text, 'type', 'current', '2025-12-01'::date, -1), ('2026-01-01'::date, '2026-10-01'::date, $8::text, 'all'::text, 'type', 'prior', '2025-10-01'::date, 1), ('2026-01-01'::date, '2026-10-01'::date, $9::text, 'all'::text, 'type', 'prior', '2024-12-01'::date, -1), ('2025-01-01'::date, '2025-12-01'::date, $10::text, 'all'::text, 'total', 'current', '2025-12-01'::date, 1), ('2025-01-01'::date, '2025-12-01'::date, $11::text, 'all'::text, 'total', 'current', '2024-12-01'::date, -1), ('2025-01-01'::date, '2025-12-01'::date, $12::text, 'all'::text, 'total', 'prior', '2024-12-01'::date, 1), ('2025-01-01'::date, '2025-12-01'::date, $13::text, 'all'::text, 'total', 'prior', '2023-12-01'::date, -1), ('2026-01-01'::date, '2026-10-01'::date, $14::text, 'carriers'::text, 'broad', 'current', '2026-10-01'::date, 1), ('2026-01-01'::date, '2026-10-01'::date, $15::text, 'carriers'::text, 'broad', 'current', '2025-12-01'::date, -1), ('2026-01-01'::date, '2026-10-01'::date, $16::text, 'carriers'::text, 'broad', 'prior', '2025-10-01'::date, 1), ('2026-01-01'::date, '2026-10-01'::date, $17::text, 'carriers'::text, 'broad', 'prior', '2024-12-01'::date, -1)) e(start_month, end_month, view_line, composite, grain, period, month, sign)
      join production_agency_running_totals r on r.grain = e.grain and r.month = e.month
      where r.agency_uuid = $18::uuid
        and r.month in ('2023-12-01'::date, '2024-12-01'::date, '2025-10-01'::date, '2025-12-01'::date, '2026-10-01'::date)
      union all
      -- The manual months after a gap that started before the period, read through the partial index.
      select k.start_month, k.end_month, k.view_line, k.composite, k.grain, k.period, 1, f.agency_uuid,
        case when k.grain = 'total' then 0::smallint else ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint end, case when l.level = 1 then l.code else p.code end,
        case when k.grain = 'type' then case when l.level = 2 then l.code else '' end else '' end, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int
      from (values ('2026-01-01'::date, '2026-10-01'::date, $19::text, 'all'::text, 'total', 'current', '2026-01-01'::date, '2026-10-01'::date), ('2026-01-01'::date, '2026-10-01'::date, $20::text, 'all'::text, 'total', 'prior', '2025-01-01'::date, '2025-10-01'::date), ('2026-01-01'::date, '2026-10-01'::date, $21::text, 'all'::text, 'type', 'current', '2026-01-01'::date, '2026-10-01'::date), ('2026-01-01'::date, '2026-10-01'::date, $22::text, 'all'::text, 'type', 'prior', '2025-01-01'::date, '2025-10-01'::date), ('2025-01-01'::date, '2025-12-01'::date, $23::text, 'all'::text, 'total', 'current', '2025-01-01'::date, '2025-12-01'::date), ('2025-01-01'::date, '2025-12-01'::date, $24::text, 'all'::text, 'total', 'prior', '2024-01-01'::date, '2024-12-01'::date), ('2026-01-01'::date, '2026-10-01'::date, $25::text, 'carriers'::text, 'broad', 'current', '2026-01-01'::date, '2026-10-01'::date), ('2026-01-01'::date, '2026-10-01'::date, $26::text, 'carriers'::text, 'broad', 'prior', '2025-01-01'::date, '2025-10-01'::date)) k(start_month, end_month, view_line, composite, grain, period, first_month, last_month)
      join (
        select * from production_facts f where f.agency_uuid = $27::uuid and f.gap_months > 0 offset 0
      ) f on f.month between k.first_month and k.last_month and (f.month - make_interval(months => f.gap_months::int))::date < k.first_month
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where k.grain <> 'total' or ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint <> 0
    ) x
    -- A broad line's view reads its own rows; every grain but 'total' filters the view's composite.
    where (x.view_line = 'P&C' or x.broad_code = x.view_line)
      and (x.grain = 'total' or (case x.composite when 'all' then x.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) when 'carriers' then x.carrier_class in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62) when 'wholesalers' then x.carrier_class in (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63) end))
    group by x.start_month, x.end_month, x.view_line, x.composite, x.agency_uuid, grouping sets ((case when x.view_line = 'P&C' then x.broad_code else nullif(x.type_code, '') end), ())
    having sum(x.sign * x.facts) filter (where x.period = 'current') > 0 or sum(x.sign * x.facts) filter (where x.period = 'prior') > 0
  ) f
  where f.line_code is not null
  group by f.start_month, f.end_month, f.view_line, f.composite, f.group_uuid;

-- Caller: readAgencyCarrierFigures (read-model.ts) <- profit-sharing/agreement-figures.ts: the same for agreements of broad lines, from the running totals per carrier
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "carrier"
--   $4 = "current"
--   $5 = "00000000-0000-4000-8000-000000000001"
--   $6 = "prior"
--   $7 = "00000000-0000-4000-8000-000000000001"
--   $8 = "00000000-0000-4000-8000-000000000001"
--   $9 = 1
--   $10 = 1
--   $11 = 62
--   $12 = "00000000-0000-4000-8000-000000000002"
--   $13 = "00000000-0000-4000-8000-000000000001"
select f.agency_uuid::text || '/' || f.carrier_uuid::text as group_uuid,
      case when grouping(f.broad_code) = 1 then $1::text else f.broad_code end as line_code, case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.written_premium_count when '2025-12-01'::date then -f.written_premium_count end when 'current' then f.written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.written_premium_cents when '2025-12-01'::date then -f.written_premium_cents end when 'current' then f.written_premium_cents end) / 100)::numeric(20, 2) end::text as written_premium, case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.written_premium_count when '2024-12-01'::date then -f.written_premium_count end when 'prior' then f.written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.written_premium_cents when '2024-12-01'::date then -f.written_premium_cents end when 'prior' then f.written_premium_cents end) / 100)::numeric(20, 2) end::text as prior_written_premium, case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.new_written_premium_count when '2025-12-01'::date then -f.new_written_premium_count end when 'current' then f.new_written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.new_written_premium_cents when '2025-12-01'::date then -f.new_written_premium_cents end when 'current' then f.new_written_premium_cents end) / 100)::numeric(20, 2) end::text as new_written_premium, case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.new_written_premium_count when '2024-12-01'::date then -f.new_written_premium_count end when 'prior' then f.new_written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.new_written_premium_cents when '2024-12-01'::date then -f.new_written_premium_cents end when 'prior' then f.new_written_premium_cents end) / 100)::numeric(20, 2) end::text as prior_new_written_premium, case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.earned_count when '2025-12-01'::date then -f.earned_count end when 'current' then f.earned_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.earned_cents when '2025-12-01'::date then -f.earned_cents end when 'current' then f.earned_cents end) / 100)::numeric(20, 2) end::text as earned, case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.earned_count when '2024-12-01'::date then -f.earned_count end when 'prior' then f.earned_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.earned_cents when '2024-12-01'::date then -f.earned_cents end when 'prior' then f.earned_cents end) / 100)::numeric(20, 2) end::text as prior_earned, case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.incurred_count when '2025-12-01'::date then -f.incurred_count end when 'current' then f.incurred_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.incurred_cents when '2025-12-01'::date then -f.incurred_cents end when 'current' then f.incurred_cents end) / 100)::numeric(20, 2) end::text as incurred, case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.incurred_count when '2024-12-01'::date then -f.incurred_count end when 'prior' then f.incurred_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.incurred_cents when '2024-12-01'::date then -f.incurred_cents end when 'prior' then f.incurred_cents end) / 100)::numeric(20, 2) end::text as prior_incurred
    from (
      select agency_uuid, network_uuid, month, carrier_class, carrier_uuid, broad_code, type_code, source,
        '' as span, facts, written_premium_cents, written_premium_count, new_written_premium_cents,
  new_written_premium_count, earned_cents, earned_count, incurred_cents, incurred_count, paid_cents, paid_on_cents
      from production_agency_running_totals r
      where r.network_uuid = $2::uuid and r.grain = $3
        and r.month in ('2024-12-01'::date, '2025-10-01'::date, '2025-12-01'::date, '2026-10-01'::date)
      union all
    select f.agency_uuid, f.network_uuid, f.month, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, case when l.level = 1 then l.code else p.code end,
      '', f.source,
      $4, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $5::uuid
        and f.gap_months > 0 and f.month between '2026-01-01'::date and '2026-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2026-01-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
     union all
    select f.agency_uuid, f.network_uuid, f.month, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, case when l.level = 1 then l.code else p.code end,
      '', f.source,
      $6, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0
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
      and true and (f.carrier_class & $9 <> 0 or (f.carrier_class & $10 = 0 and f.carrier_class & $11 <> 0)) and true and true and f.carrier_uuid in ($12::uuid, $13::uuid)
    group by f.agency_uuid, f.carrier_uuid, f.broad_code
    having sum(case f.span when '' then case f.month when '2026-10-01'::date then f.facts when '2025-12-01'::date then -f.facts end when 'current' then f.facts end) > 0 or sum(case f.span when '' then case f.month when '2025-10-01'::date then f.facts when '2024-12-01'::date then -f.facts end when 'prior' then f.facts end) > 0;

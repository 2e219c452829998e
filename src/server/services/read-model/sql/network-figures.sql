-- Caller: readNetworkFigures (network-intelligence/network-figures.ts) <- benchmarks and earlyWarnings: every agency's figures per carrier, line and book, from which distributions, ranks and warnings are read, kept per network, request and data version (read-model/answer-cache.ts cachedByAgency)
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "carrier"
--   $3 = "00000000-0000-4000-8000-000000000001"
--   $4 = "carrier"
--   $5 = "00000000-0000-4000-8000-000000000001"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "00000000-0000-4000-8000-000000000001"
with
  production as (
    select f.agency_uuid, case when grouping(f.carrier_uuid) = 0 then 'carrier' when grouping(f.broad_code) = 0 then 'line' else 'total' end as dimension, case when grouping(f.carrier_uuid) = 0 then f.carrier_uuid::text when grouping(f.broad_code) = 0 then f.broad_code else 'total' end as key,
      case when sum(f.current_written_premium_count) > 0 then (bigint_sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end as wp,
      case when sum(f.prior_written_premium_count) > 0 then (bigint_sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end as pwp,
      case when sum(f.current_new_written_premium_count) > 0 then (bigint_sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end as nwp,
      case when sum(f.current_earned_count) > 0 then (bigint_sum(f.current_earned_cents) / 100)::numeric(20, 2) end as ep,
      case when sum(f.current_incurred_count) > 0 then (bigint_sum(f.current_incurred_cents) / 100)::numeric(20, 2) end as il,
      case when sum(f.prior_earned_count) > 0 then (bigint_sum(f.prior_earned_cents) / 100)::numeric(20, 2) end as pep,
      case when sum(f.prior_incurred_count) > 0 then (bigint_sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end as pil,
      case when sum(f.band_written_premium_count) > 0 then (bigint_sum(f.band_written_premium_cents) / 100)::numeric(20, 2) end as band_wp,
      sum(f.current_facts) > 0 or sum(f.prior_facts) > 0 as counted,
      (bigint_sum(f.current_paid_cents) / 100)::numeric(20, 2) as paid,
      (bigint_sum(f.current_paid_on_cents) / 100)::numeric(20, 2) as paid_on
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
        r.year_ago_paid_on_cents - coalesce(e0.year_ago_paid_on_cents, 0) as prior_paid_on_cents,
        r.facts - r.year_ago_facts as band_facts,
        r.written_premium_cents - r.year_ago_written_premium_cents as band_written_premium_cents,
        r.written_premium_count - r.year_ago_written_premium_count as band_written_premium_count,
        r.new_written_premium_cents - r.year_ago_new_written_premium_cents as band_new_written_premium_cents,
        r.new_written_premium_count - r.year_ago_new_written_premium_count as band_new_written_premium_count,
        r.earned_cents - r.year_ago_earned_cents as band_earned_cents,
        r.earned_count - r.year_ago_earned_count as band_earned_count,
        r.incurred_cents - r.year_ago_incurred_cents as band_incurred_cents,
        r.incurred_count - r.year_ago_incurred_count as band_incurred_count,
        r.paid_cents - r.year_ago_paid_cents as band_paid_cents,
        r.paid_on_cents - r.year_ago_paid_on_cents as band_paid_on_cents
      from production_agency_running_totals r left join production_agency_running_totals e0 on e0.network_uuid = $1::uuid and e0.grain = $2 and e0.month = '2025-12-01'::date and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source
      where r.network_uuid = $3::uuid and r.grain = $4 and r.month = '2026-10-01'::date
      union all
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, coalesce(f.agency_code_uuid, '00000000-0000-0000-0000-000000000000'::uuid),
      case when l.level = 1 then l.code else p.code end, '', f.source,
      -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
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
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, coalesce(f.agency_code_uuid, '00000000-0000-0000-0000-000000000000'::uuid),
      case when l.level = 1 then l.code else p.code end, '', f.source,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $6::uuid
        and f.gap_months > 0 and f.month between '2025-01-01'::date and '2025-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2025-01-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
     union all
    select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint,
      f.carrier_uuid, coalesce(f.agency_code_uuid, '00000000-0000-0000-0000-000000000000'::uuid),
      case when l.level = 1 then l.code else p.code end, '', f.source,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -(coalesce(f.written_premium, 0) * 100)::bigint, -(f.written_premium is not null)::int, -(coalesce(f.new_written_premium, 0) * 100)::bigint, -(f.new_written_premium is not null)::int, -(coalesce(f.earned, 0) * 100)::bigint, -(f.earned is not null)::int, -(coalesce(f.incurred, 0) * 100)::bigint, -(f.incurred is not null)::int, 0, 0
    from (
      -- Read through the partial index only: offset 0 keeps the report filters out of here.
      select * from production_facts f
      where f.network_uuid = $7::uuid
        and f.gap_months > 0 and f.month between '2025-11-01'::date and '2026-10-01'::date
        and (f.month - make_interval(months => f.gap_months::int))::date < '2025-11-01'::date
      offset 0
    ) f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    ) f
    where true
      and f.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63)
      and true
    group by grouping sets ((f.agency_uuid, f.carrier_uuid), (f.agency_uuid, f.broad_code), (f.agency_uuid))
  ),
  bands as materialized (
    select agency_uuid,
      (select count(*)::int from unnest(array[1000000, 5000000, 20000000]::numeric[]) as lim where coalesce(band_wp, 0) >= lim) as band
    from production where dimension = 'total'
  ),
  metrics as (
    select m.agency_uuid, m.dimension, m.key, b.band,
      m.wp as written_premium, m.pwp as prior_written_premium,
      case when m.pwp > 0 then (m.wp - m.pwp) / m.pwp * 100 end as growth,
      case when m.wp > 0 then m.nwp / m.wp * 100 end as new_business_share,
      case when m.ep <> 0 then m.il / m.ep * 100 end as loss_ratio,
      case when m.pep <> 0 then m.pil / m.pep * 100 end as prior_loss_ratio,
      case when m.paid_on > 0 then m.paid / m.paid_on * 100 end as commission_rate
    from production m
    join bands b on b.agency_uuid = m.agency_uuid
    where m.counted
  )
  select m.agency_uuid, m.dimension, m.key, m.band,
    m.written_premium::text as written_premium, m.prior_written_premium::text as prior_written_premium,
    m.growth::text as growth, m.new_business_share::text as new_business_share,
    m.loss_ratio::text as loss_ratio, m.prior_loss_ratio::text as prior_loss_ratio,
    m.commission_rate::text as commission_rate
  from metrics m
  order by m.agency_uuid, m.dimension, m.key;

-- Caller: readNetworkFigures, through cachedByAgency: the figures of only the agencies written since the kept answer, which replace theirs in it
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "carrier"
--   $3 = "{00000000-0000-4000-8000-000000000002}"
--   $4 = 1
--   $5 = 1
--   $6 = 62
with
  fine as (
    select f.agency_uuid, f.carrier_uuid, f.broad_code,
      case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.written_premium_count when '2025-12-01'::date then -f.written_premium_count end when 'current' then f.written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.written_premium_cents when '2025-12-01'::date then -f.written_premium_cents end when 'current' then f.written_premium_cents end) / 100)::numeric(20, 2) end as wp,
      case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.written_premium_count when '2024-12-01'::date then -f.written_premium_count end when 'prior' then f.written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.written_premium_cents when '2024-12-01'::date then -f.written_premium_cents end when 'prior' then f.written_premium_cents end) / 100)::numeric(20, 2) end as pwp,
      case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.new_written_premium_count when '2025-12-01'::date then -f.new_written_premium_count end when 'current' then f.new_written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.new_written_premium_cents when '2025-12-01'::date then -f.new_written_premium_cents end when 'current' then f.new_written_premium_cents end) / 100)::numeric(20, 2) end as nwp,
      case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.earned_count when '2025-12-01'::date then -f.earned_count end when 'current' then f.earned_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.earned_cents when '2025-12-01'::date then -f.earned_cents end when 'current' then f.earned_cents end) / 100)::numeric(20, 2) end as ep,
      case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.incurred_count when '2025-12-01'::date then -f.incurred_count end when 'current' then f.incurred_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.incurred_cents when '2025-12-01'::date then -f.incurred_cents end when 'current' then f.incurred_cents end) / 100)::numeric(20, 2) end as il,
      case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.earned_count when '2024-12-01'::date then -f.earned_count end when 'prior' then f.earned_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.earned_cents when '2024-12-01'::date then -f.earned_cents end when 'prior' then f.earned_cents end) / 100)::numeric(20, 2) end as pep,
      case when sum(case f.span when '' then case f.month when '2025-10-01'::date then f.incurred_count when '2024-12-01'::date then -f.incurred_count end when 'prior' then f.incurred_count end) > 0 then (sum(case f.span when '' then case f.month when '2025-10-01'::date then f.incurred_cents when '2024-12-01'::date then -f.incurred_cents end when 'prior' then f.incurred_cents end) / 100)::numeric(20, 2) end as pil,
      case when sum(case f.span when '' then case f.month when '2026-10-01'::date then f.written_premium_count when '2025-10-01'::date then -f.written_premium_count end when 'band' then f.written_premium_count end) > 0 then (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.written_premium_cents when '2025-10-01'::date then -f.written_premium_cents end when 'band' then f.written_premium_cents end) / 100)::numeric(20, 2) end as band_wp,
      sum(case f.span when '' then case f.month when '2026-10-01'::date then f.facts when '2025-12-01'::date then -f.facts end when 'current' then f.facts end) > 0 or sum(case f.span when '' then case f.month when '2025-10-01'::date then f.facts when '2024-12-01'::date then -f.facts end when 'prior' then f.facts end) > 0 as counted,
      (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.paid_cents when '2025-12-01'::date then -f.paid_cents end when 'current' then f.paid_cents end) / 100)::numeric(20, 2) as paid,
      (sum(case f.span when '' then case f.month when '2026-10-01'::date then f.paid_on_cents when '2025-12-01'::date then -f.paid_on_cents end when 'current' then f.paid_on_cents end) / 100)::numeric(20, 2) as paid_on
    from (
      select agency_uuid, network_uuid, month, carrier_class, carrier_uuid, broad_code, type_code, source,
        '' as span, facts, written_premium_cents, written_premium_count, new_written_premium_cents,
  new_written_premium_count, earned_cents, earned_count, incurred_cents, incurred_count, paid_cents, paid_on_cents
      from production_agency_running_totals r
      where r.network_uuid = $1::uuid and r.grain = $2
        and r.month in ('2024-12-01'::date, '2025-10-01'::date, '2025-12-01'::date, '2026-10-01'::date)
    ) f
    where f.agency_uuid = any($3::uuid[])
      and (f.carrier_class & $4 <> 0 or (f.carrier_class & $5 = 0 and f.carrier_class & $6 <> 0))
      and true
    group by f.agency_uuid, f.carrier_uuid, f.broad_code
  ),
  production as (
    select agency_uuid, case when grouping(carrier_uuid) = 0 then 'carrier' when grouping(broad_code) = 0 then 'line' else 'total' end as dimension, case when grouping(carrier_uuid) = 0 then carrier_uuid::text when grouping(broad_code) = 0 then broad_code else 'total' end as key,
      sum(wp) as wp, sum(pwp) as pwp, sum(nwp) as nwp, sum(ep) as ep, sum(il) as il,
      sum(pep) as pep, sum(pil) as pil, sum(band_wp) as band_wp, bool_or(counted) as counted,
      sum(paid) as paid, sum(paid_on) as paid_on
    from fine
    group by grouping sets ((agency_uuid, carrier_uuid), (agency_uuid, broad_code), (agency_uuid))
  ),
  bands as (
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

-- Caller: readNetworkFigures, through cachedByAgency: the figures of only the agencies written since the kept answer, which replace theirs in it
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "{00000000-0000-4000-8000-000000000002}"
--   $3 = "00000000-0000-4000-8000-000000000001"
--   $4 = "{00000000-0000-4000-8000-000000000002}"
with
  facts as (
    select f.agency_uuid, f.carrier_uuid, case when l.level = 1 then l.code else p.code end as broad_code,
      f.written_premium, f.new_written_premium, f.earned, f.incurred,
      (f.month between '2026-01-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2026-01-01'::date)) as cur, (f.month between '2025-01-01'::date and '2025-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-01-01'::date)) as pri, (f.month between '2025-11-01'::date and '2026-10-01'::date
    and (f.gap_months = 0 or (f.month - make_interval(months => f.gap_months::int))::date >= '2025-11-01'::date)) as band
    from production_facts f
    join carriers c on c.uuid = f.carrier_uuid
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    where f.network_uuid = $1::uuid
      and f.month between '2025-01-01'::date and '2026-10-01'::date
      and true
      and f.agency_uuid = any($2::uuid[])
      and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))
      and true
  ),
  fine as (
    select agency_uuid, carrier_uuid, broad_code,
      sum(written_premium) filter (where cur) as wp,
      sum(written_premium) filter (where pri) as pwp,
      sum(new_written_premium) filter (where cur) as nwp,
      sum(earned) filter (where cur) as ep,
      sum(incurred) filter (where cur) as il,
      sum(earned) filter (where pri) as pep,
      sum(incurred) filter (where pri) as pil,
      sum(written_premium) filter (where band) as band_wp,
      bool_or(cur or pri) as counted
    from facts
    where cur or pri or band
    group by agency_uuid, carrier_uuid, broad_code
  ),
  production as (
    select agency_uuid, case when grouping(carrier_uuid) = 0 then 'carrier' when grouping(broad_code) = 0 then 'line' else 'total' end as dimension, case when grouping(carrier_uuid) = 0 then carrier_uuid::text when grouping(broad_code) = 0 then broad_code else 'total' end as key,
      sum(wp) as wp, sum(pwp) as pwp, sum(nwp) as nwp, sum(ep) as ep, sum(il) as il,
      sum(pep) as pep, sum(pil) as pil, sum(band_wp) as band_wp, bool_or(counted) as counted
    from fine
    group by grouping sets ((agency_uuid, carrier_uuid), (agency_uuid, broad_code), (agency_uuid))
  ),
  commission as (
    select agency_uuid, case when grouping(carrier_uuid) = 0 then 'carrier' when grouping(broad_code) = 0 then 'line' else 'total' end as dimension, case when grouping(carrier_uuid) = 0 then carrier_uuid::text when grouping(broad_code) = 0 then broad_code else 'total' end as key,
      sum(coalesce(base_commission, 0) + coalesce(additional_commission, 0)) as paid,
      sum(written_premium) as paid_on
    from (
      select f.agency_uuid, f.carrier_uuid, case when l.level = 1 then l.code else p.code end as broad_code,
        f.written_premium, f.base_commission, f.additional_commission
      from commission_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.network_uuid = $3::uuid
        and f.month between '2026-01-01'::date and '2026-10-01'::date
        and (f.base_commission is not null or f.additional_commission is not null)
        and f.agency_uuid = any($4::uuid[])
        and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))
        and true
    ) f
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
      case when c.paid_on > 0 then c.paid / c.paid_on * 100 end as commission_rate
    from production m
    join bands b on b.agency_uuid = m.agency_uuid
    left join commission c on c.agency_uuid = m.agency_uuid and c.dimension = m.dimension and c.key = m.key
    where m.counted
  )
  select m.agency_uuid, m.dimension, m.key, m.band,
    m.written_premium::text as written_premium, m.prior_written_premium::text as prior_written_premium,
    m.growth::text as growth, m.new_business_share::text as new_business_share,
    m.loss_ratio::text as loss_ratio, m.prior_loss_ratio::text as prior_loss_ratio,
    m.commission_rate::text as commission_rate
  from metrics m
  order by m.agency_uuid, m.dimension, m.key;

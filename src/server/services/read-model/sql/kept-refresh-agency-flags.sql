-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000002"
--   $3 = 1
--   $4 = 1
--   $5 = 62
insert into production_period_flags (network_uuid, start_month, end_month, agency_uuid, missing_current,
    missing_prior)
  select $1::uuid, m.start_month, m.end_month, m.group_uuid,
    m.missing_current, m.missing_prior
  from (
    select k.start_month, k.end_month, m.agency_uuid as group_uuid,
      bool_or(not m.reported_months @> k.current) as missing_current,
      bool_or(not m.reported_months @> k.prior) as missing_prior
    from (values ('2026-01-01'::date, '2026-10-01'::date, int4range(24312, 24321, '[]'), int4range(24300, 24309, '[]')), ('2025-01-01'::date, '2025-12-01'::date, int4range(24300, 24311, '[]'), int4range(24288, 24299, '[]'))) k(start_month, end_month, current, prior)
    join carrier_reported_masks m on m.reported_months && k.current or m.reported_months && k.prior
    where m.agency_uuid = $2::uuid and (m.carrier_class & $3 <> 0 or (m.carrier_class & $4 = 0 and m.carrier_class & $5 <> 0))
    group by k.start_month, k.end_month, m.agency_uuid) m;

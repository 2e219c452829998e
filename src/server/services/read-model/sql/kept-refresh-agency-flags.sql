-- Caller: refreshKeptViews (store.ts): one agency's flags in every period that keeps flags
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000002"
--   $3 = 1
--   $4 = 1
--   $5 = 62
--   $6 = 1
--   $7 = 62
--   $8 = 1
--   $9 = 1
--   $10 = 0
insert into production_period_flags (network_uuid, start_month, end_month, composite, agency_uuid,
    missing_current, missing_prior)
  select $1::uuid, m.start_month, m.end_month, m.composite,
    m.group_uuid, m.missing_current, m.missing_prior
  from (
    select k.start_month, k.end_month, k.composite,
      m.agency_uuid as group_uuid,
      bool_or(not m.reported_months @> k.current) as missing_current,
      bool_or(not m.reported_months @> k.prior) as missing_prior
    from (values ('2026-01-01'::date, '2026-10-01'::date, 'all'::text, int4range(24312, 24321, '[]'), int4range(24300, 24309, '[]')), ('2025-01-01'::date, '2025-12-01'::date, 'all'::text, int4range(24300, 24311, '[]'), int4range(24288, 24299, '[]')), ('2026-01-01'::date, '2026-10-01'::date, 'carriers'::text, int4range(24312, 24321, '[]'), int4range(24300, 24309, '[]'))) k(start_month, end_month, composite, current, prior)
    join carrier_reported_masks m on m.reported_months && k.current or m.reported_months && k.prior
    where m.agency_uuid = $2::uuid and (case k.composite when 'all' then (m.carrier_class & $3 <> 0 or (m.carrier_class & $4 = 0 and m.carrier_class & $5 <> 0)) when 'carriers' then (m.carrier_class & $6 = 0 and m.carrier_class & $7 <> 0) when 'wholesalers' then (m.carrier_class & $8 <> 0 or (m.carrier_class & $9 = 0 and m.carrier_class & $10 <> 0)) end)
    group by k.start_month, k.end_month, k.composite, m.agency_uuid) m;

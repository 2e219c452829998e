-- Caller: refreshKeptViews (store.ts): one agency's flags in every period that keeps flags
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000002"
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
    where m.agency_uuid = $2::uuid and (case k.composite when 'all' then m.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) when 'carriers' then m.carrier_class in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62) when 'wholesalers' then m.carrier_class in (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63) end)
    group by k.start_month, k.end_month, k.composite, m.agency_uuid) m;

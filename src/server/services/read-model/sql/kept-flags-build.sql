-- Caller: buildKeptFlags (store.ts) <- readFigures (read-model.ts), keepViewsAhead (ahead.ts): a period's flags kept
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "all"
--   $3 = "00000000-0000-4000-8000-000000000001"
--   $4 = 1
--   $5 = 1
--   $6 = 62
insert into production_period_flags (network_uuid, start_month, end_month, composite, agency_uuid,
    missing_current, missing_prior)
  select $1::uuid, '2026-01-01'::date, '2026-10-01'::date, $2,
    m.group_uuid, m.missing_current, m.missing_prior
  from (
    select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select m.agency_uuid as group_uuid, not m.reported_months @> int4range(24312, 24321, '[]') as missing_current,
        not m.reported_months @> int4range(24300, 24309, '[]') as missing_prior
      from carrier_reported_masks m
      where m.network_uuid = $3::uuid and (m.carrier_class & $4 <> 0 or (m.carrier_class & $5 = 0 and m.carrier_class & $6 <> 0))
        and true
        and (m.reported_months && int4range(24312, 24321, '[]') or m.reported_months && int4range(24300, 24309, '[]'))
      offset 0
    ) p
    group by p.group_uuid) m
  on conflict do nothing returning agency_uuid as group_uuid, missing_current, missing_prior;

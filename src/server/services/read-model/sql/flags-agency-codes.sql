-- Caller: queryCodeRows (read-model.ts) via codeRowsQuery: the flags of the planning table by agency code, from the facts
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = 1
--   $3 = 1
--   $4 = 62
select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select ac.uuid as group_uuid, not m.reported_months @> int4range(24312, 24321, '[]') as missing_current,
        not m.reported_months @> int4range(24300, 24309, '[]') as missing_prior
      from carrier_reported_masks m join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid
      where m.network_uuid = $1::uuid and (m.carrier_class & $2 <> 0 or (m.carrier_class & $3 = 0 and m.carrier_class & $4 <> 0))
        and true
        and (m.reported_months && int4range(24312, 24321, '[]') or m.reported_months && int4range(24300, 24309, '[]'))
      offset 0
    ) p
    group by p.group_uuid;

-- Caller: keptCodeRows (store.ts) <- buildKeptCodes: a kept code's row with its lines and flags, over a typed row of a figure query (the figure query is in figures-agency-codes)
-- Parameters:
--   $1 = "P&C"
--   $2 = "P&C"
--   $3 = "P&C"
--   $4 = "P&C"
--   $5 = "P&C"
--   $6 = "P&C"
--   $7 = "P&C"
--   $8 = "P&C"
--   $9 = "00000000-0000-4000-8000-000000000001"
select c.group_uuid, ac.agency_uuid, c.lines, coalesce(m.missing_current, false) as missing_current,
    coalesce(m.missing_prior, false) as missing_prior, c.written_premium, c.prior_written_premium, c.new_written_premium, c.prior_new_written_premium, c.earned, c.prior_earned, c.incurred, c.prior_incurred, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name, lower(a.name) as lower_agency_name
  from (
    select f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines, max(f.written_premium) filter (where f.line_code = $1) as written_premium, max(f.prior_written_premium) filter (where f.line_code = $2) as prior_written_premium, max(f.new_written_premium) filter (where f.line_code = $3) as new_written_premium, max(f.prior_new_written_premium) filter (where f.line_code = $4) as prior_new_written_premium, max(f.earned) filter (where f.line_code = $5) as earned, max(f.prior_earned) filter (where f.line_code = $6) as prior_earned, max(f.incurred) filter (where f.line_code = $7) as incurred, max(f.prior_incurred) filter (where f.line_code = $8) as prior_incurred
    from (select null::uuid as group_uuid, null::text as line_code, null::numeric as written_premium, null::numeric as prior_written_premium, null::numeric as new_written_premium, null::numeric as prior_new_written_premium, null::numeric as earned, null::numeric as prior_earned, null::numeric as incurred, null::numeric as prior_incurred) f
    where f.line_code is not null
    group by f.group_uuid
  ) c
  join agency_codes ac on ac.uuid = c.group_uuid
  join agencies a on a.uuid = ac.agency_uuid
  left join (
    select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select ac.uuid as group_uuid, not m.reported_months @> int4range(24312, 24321, '[]') as missing_current,
        not m.reported_months @> int4range(24300, 24309, '[]') as missing_prior
      from carrier_reported_masks m join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid
      where m.network_uuid = $9::uuid and m.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63)
        and true
        and (m.reported_months && int4range(24312, 24321, '[]') or m.reported_months && int4range(24300, 24309, '[]'))
      offset 0
    ) p
    group by p.group_uuid) m on m.group_uuid = c.group_uuid;

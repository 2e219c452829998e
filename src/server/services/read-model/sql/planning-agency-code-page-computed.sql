-- Caller: readAgencyCodePage (planning/agency-code-page.ts): the first page of a month's codes, which no kept view answers, computed from the running totals per carrier and agency code; the lines and flags of the page's codes only
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "carrier"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "carrier"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "carrier"
--   $8 = "00000000-0000-4000-8000-000000000001"
--   $9 = "carrier"
--   $10 = "00000000-0000-4000-8000-000000000001"
--   $11 = "P&C"
--   $12 = "00000000-0000-4000-8000-000000000001"
--   $13 = "carrier"
--   $14 = "00000000-0000-4000-8000-000000000001"
--   $15 = "carrier"
--   $16 = "00000000-0000-4000-8000-000000000001"
--   $17 = "carrier"
--   $18 = "00000000-0000-4000-8000-000000000001"
--   $19 = "carrier"
--   $20 = "00000000-0000-4000-8000-000000000001"
--   $21 = "00000000-0000-4000-8000-000000000001"
with fig as materialized (
    select f.agency_code_uuid as group_uuid,
      $1::text as line_code, case when sum(f.current_written_premium_count) > 0 then (sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end as written_premium, case when sum(f.prior_written_premium_count) > 0 then (sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end as prior_written_premium, case when sum(f.current_new_written_premium_count) > 0 then (sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end as new_written_premium, case when sum(f.prior_new_written_premium_count) > 0 then (sum(f.prior_new_written_premium_cents) / 100)::numeric(20, 2) end as prior_new_written_premium, case when sum(f.current_earned_count) > 0 then (sum(f.current_earned_cents) / 100)::numeric(20, 2) end as earned, case when sum(f.prior_earned_count) > 0 then (sum(f.prior_earned_cents) / 100)::numeric(20, 2) end as prior_earned, case when sum(f.current_incurred_count) > 0 then (sum(f.current_incurred_cents) / 100)::numeric(20, 2) end as incurred, case when sum(f.prior_incurred_count) > 0 then (sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end as prior_incurred
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
        coalesce(e1.facts, 0) - coalesce(e2.facts, 0) as prior_facts,
        coalesce(e1.written_premium_cents, 0) - coalesce(e2.written_premium_cents, 0) as prior_written_premium_cents,
        coalesce(e1.written_premium_count, 0) - coalesce(e2.written_premium_count, 0) as prior_written_premium_count,
        coalesce(e1.new_written_premium_cents, 0) - coalesce(e2.new_written_premium_cents, 0) as prior_new_written_premium_cents,
        coalesce(e1.new_written_premium_count, 0) - coalesce(e2.new_written_premium_count, 0) as prior_new_written_premium_count,
        coalesce(e1.earned_cents, 0) - coalesce(e2.earned_cents, 0) as prior_earned_cents,
        coalesce(e1.earned_count, 0) - coalesce(e2.earned_count, 0) as prior_earned_count,
        coalesce(e1.incurred_cents, 0) - coalesce(e2.incurred_cents, 0) as prior_incurred_cents,
        coalesce(e1.incurred_count, 0) - coalesce(e2.incurred_count, 0) as prior_incurred_count,
        coalesce(e1.paid_cents, 0) - coalesce(e2.paid_cents, 0) as prior_paid_cents,
        coalesce(e1.paid_on_cents, 0) - coalesce(e2.paid_on_cents, 0) as prior_paid_on_cents
      from production_agency_running_totals r left join production_agency_running_totals e0 on e0.network_uuid = $2::uuid and e0.grain = $3 and e0.month = '2026-09-01'::date and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source left join production_agency_running_totals e1 on e1.network_uuid = $4::uuid and e1.grain = $5 and e1.month = '2025-10-01'::date and e1.agency_uuid = r.agency_uuid and e1.grain = r.grain and e1.carrier_class = r.carrier_class and e1.carrier_uuid = r.carrier_uuid and e1.agency_code_uuid = r.agency_code_uuid and e1.broad_code = r.broad_code and e1.type_code = r.type_code and e1.source = r.source left join production_agency_running_totals e2 on e2.network_uuid = $6::uuid and e2.grain = $7 and e2.month = '2025-09-01'::date and e2.agency_uuid = r.agency_uuid and e2.grain = r.grain and e2.carrier_class = r.carrier_class and e2.carrier_uuid = r.carrier_uuid and e2.agency_code_uuid = r.agency_code_uuid and e2.broad_code = r.broad_code and e2.type_code = r.type_code and e2.source = r.source
      where r.network_uuid = $8::uuid and r.grain = $9 and r.month = '2026-10-01'::date
    ) f
    where f.network_uuid = $10::uuid and true
      and f.source = 'feed' and f.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) and true and true and true
    group by f.agency_code_uuid
    having sum(f.current_facts) > 0 or sum(f.prior_facts) > 0), src as materialized (
  select f.group_uuid, ac.agency_uuid, null::json as lines, null::boolean as missing_current,
    null::boolean as missing_prior, f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name, lower(a.name) as lower_agency_name
  from (select * from fig) f
  join agency_codes ac on ac.uuid = f.group_uuid
  join agencies a on a.uuid = ac.agency_uuid),
    sel as materialized (select r.group_uuid, r.agency_uuid, r.carrier_uuid, r.lower_code, r.lower_name, r.lower_agency_name, r.missing_current, r.missing_prior, r.written_premium, r.prior_written_premium, r.new_written_premium, r.prior_new_written_premium, r.earned, r.prior_earned, r.incurred, r.prior_incurred, r.written_premium as sort_value from src r
    where true),
    page as (select s.* from (select s.*, c.lower_name as lower_carrier_name from (select s.* from sel s) s
      join (select c.uuid, lower(c.display_name) as lower_name from carriers c offset 0) c on c.uuid = s.carrier_uuid) s order by s.sort_value desc nulls last, s.lower_code collate "C", s.lower_name collate "C", s.lower_agency_name collate "C", s.lower_carrier_name collate "C", s.group_uuid )
    select true as built, t.*,
      (select coalesce(json_agg(json_build_object('agencyCodeUuid', s.group_uuid, 'code', ac.code,
          'name', ac.name, 'agencyUuid', s.agency_uuid, 'agencyName', a.name,
          'carrierUuid', s.carrier_uuid, 'carrierName', c.display_name, 'haveMissingCurrentData', coalesce(m.missing_current, false),
          'haveMissingPriorData', coalesce(m.missing_prior, false),
          'lines', x.lines) order by s.sort_value desc nulls last, s.lower_code collate "C", s.lower_name collate "C", s.lower_agency_name collate "C", s.lower_carrier_name collate "C", s.group_uuid), '[]'::json)::text
        from page s left join (
  select f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines
  from (
    select f.agency_code_uuid as group_uuid,
      case when grouping(f.broad_code) = 1 then $11::text else f.broad_code end as line_code, case when sum(f.current_written_premium_count) > 0 then (sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end as written_premium, case when sum(f.prior_written_premium_count) > 0 then (sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end as prior_written_premium, case when sum(f.current_new_written_premium_count) > 0 then (sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end as new_written_premium, case when sum(f.prior_new_written_premium_count) > 0 then (sum(f.prior_new_written_premium_cents) / 100)::numeric(20, 2) end as prior_new_written_premium, case when sum(f.current_earned_count) > 0 then (sum(f.current_earned_cents) / 100)::numeric(20, 2) end as earned, case when sum(f.prior_earned_count) > 0 then (sum(f.prior_earned_cents) / 100)::numeric(20, 2) end as prior_earned, case when sum(f.current_incurred_count) > 0 then (sum(f.current_incurred_cents) / 100)::numeric(20, 2) end as incurred, case when sum(f.prior_incurred_count) > 0 then (sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end as prior_incurred
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
        coalesce(e1.facts, 0) - coalesce(e2.facts, 0) as prior_facts,
        coalesce(e1.written_premium_cents, 0) - coalesce(e2.written_premium_cents, 0) as prior_written_premium_cents,
        coalesce(e1.written_premium_count, 0) - coalesce(e2.written_premium_count, 0) as prior_written_premium_count,
        coalesce(e1.new_written_premium_cents, 0) - coalesce(e2.new_written_premium_cents, 0) as prior_new_written_premium_cents,
        coalesce(e1.new_written_premium_count, 0) - coalesce(e2.new_written_premium_count, 0) as prior_new_written_premium_count,
        coalesce(e1.earned_cents, 0) - coalesce(e2.earned_cents, 0) as prior_earned_cents,
        coalesce(e1.earned_count, 0) - coalesce(e2.earned_count, 0) as prior_earned_count,
        coalesce(e1.incurred_cents, 0) - coalesce(e2.incurred_cents, 0) as prior_incurred_cents,
        coalesce(e1.incurred_count, 0) - coalesce(e2.incurred_count, 0) as prior_incurred_count,
        coalesce(e1.paid_cents, 0) - coalesce(e2.paid_cents, 0) as prior_paid_cents,
        coalesce(e1.paid_on_cents, 0) - coalesce(e2.paid_on_cents, 0) as prior_paid_on_cents
      from production_agency_running_totals r left join production_agency_running_totals e0 on e0.network_uuid = $12::uuid and e0.grain = $13 and e0.month = '2026-09-01'::date and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source left join production_agency_running_totals e1 on e1.network_uuid = $14::uuid and e1.grain = $15 and e1.month = '2025-10-01'::date and e1.agency_uuid = r.agency_uuid and e1.grain = r.grain and e1.carrier_class = r.carrier_class and e1.carrier_uuid = r.carrier_uuid and e1.agency_code_uuid = r.agency_code_uuid and e1.broad_code = r.broad_code and e1.type_code = r.type_code and e1.source = r.source left join production_agency_running_totals e2 on e2.network_uuid = $16::uuid and e2.grain = $17 and e2.month = '2025-09-01'::date and e2.agency_uuid = r.agency_uuid and e2.grain = r.grain and e2.carrier_class = r.carrier_class and e2.carrier_uuid = r.carrier_uuid and e2.agency_code_uuid = r.agency_code_uuid and e2.broad_code = r.broad_code and e2.type_code = r.type_code and e2.source = r.source
      where r.network_uuid = $18::uuid and r.grain = $19 and r.month = '2026-10-01'::date
    ) f
    where f.network_uuid = $20::uuid and true
      and f.source = 'feed' and f.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) and true and true and true and f.agency_uuid = any(array(select agency_uuid from page))
    group by grouping sets ((f.agency_code_uuid, f.broad_code), (f.agency_code_uuid))
    having sum(f.current_facts) > 0 or sum(f.prior_facts) > 0) f
  where f.line_code is not null and f.group_uuid in (select group_uuid from page)
  group by f.group_uuid) x
          on x.group_uuid = s.group_uuid
        left join (
    select p.group_uuid, bool_or(p.missing_current) as missing_current, bool_or(p.missing_prior) as missing_prior
    from (
      select ac.uuid as group_uuid, not m.reported_months @> int4range(24321, 24321, '[]') as missing_current,
        not m.reported_months @> int4range(24309, 24309, '[]') as missing_prior
      from carrier_reported_masks m join agency_codes ac on ac.agency_uuid = m.agency_uuid and ac.carrier_uuid = m.carrier_uuid and ac.uuid in (select group_uuid from page)
      where m.network_uuid = $21::uuid and m.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63)
        and true
        and (m.reported_months && int4range(24321, 24321, '[]') or m.reported_months && int4range(24309, 24309, '[]'))
      offset 0
    ) p
    group by p.group_uuid) m on m.group_uuid = s.group_uuid
        join agency_codes ac on ac.uuid = s.group_uuid
        join agencies a on a.uuid = s.agency_uuid
        join carriers c on c.uuid = s.carrier_uuid) as rows
    from (select coalesce(sum(x.codes), 0)::int as total_count,
      sum(x.written_premium)::text as written_premium, sum(x.prior_written_premium)::text as prior_written_premium, sum(x.new_written_premium)::text as new_written_premium, sum(x.prior_new_written_premium)::text as prior_new_written_premium, sum(x.earned)::text as earned, sum(x.prior_earned)::text as prior_earned, sum(x.incurred)::text as incurred, sum(x.prior_incurred)::text as prior_incurred from (select 1 as codes, s.written_premium, s.prior_written_premium, s.new_written_premium, s.prior_new_written_premium, s.earned, s.prior_earned, s.incurred, s.prior_incurred
    from sel s where true) x) t;

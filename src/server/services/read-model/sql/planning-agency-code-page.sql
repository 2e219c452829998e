-- Caller: readAgencyCodePage (planning/agency-code-page.ts) <- GET /api/core-production/by-agencyCode: the first page of the kept codes, by written premium
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
--   $3 = "00000000-0000-4000-8000-000000000001"
--   $4 = "P&C"
--   $5 = "00000000-0000-4000-8000-000000000001"
--   $6 = "P&C"
with src as not materialized (
  select t.agency_code_uuid as group_uuid, t.agency_uuid, t.lines, t.missing_current, t.missing_prior,
    written_premium, prior_written_premium, new_written_premium, prior_new_written_premium, earned, prior_earned, incurred, prior_incurred, carrier_uuid, lower_code, lower_name, lower_agency_name
  from production_code_period_totals t where t.network_uuid = $1::uuid and t.start_month = '2026-01-01'::date
    and t.end_month = '2026-10-01'::date and t.line_code = $2),
    sel as not materialized (select r.group_uuid, r.agency_uuid, r.carrier_uuid, r.lower_code, r.lower_name, r.lower_agency_name, r.missing_current, r.missing_prior, r.written_premium, r.prior_written_premium, r.new_written_premium, r.prior_new_written_premium, r.earned, r.prior_earned, r.incurred, r.prior_incurred, r.written_premium as sort_value from src r
    where true),
    page as (select s.* from (select s.*, c.lower_name as lower_carrier_name from (select s.* from sel s) s
      join (select c.uuid, lower(c.display_name) as lower_name from carriers c offset 0) c on c.uuid = s.carrier_uuid) s order by s.sort_value desc nulls last, s.lower_code collate "C", s.lower_name collate "C", s.lower_agency_name collate "C", s.lower_carrier_name collate "C", s.group_uuid )
    select exists (select 1 from production_code_period_builds b where b.network_uuid = $3::uuid and b.start_month = '2026-01-01'::date
    and b.end_month = '2026-10-01'::date and b.line_code = $4) as built, t.*,
      (select coalesce(json_agg(json_build_object('agencyCodeUuid', s.group_uuid, 'code', ac.code,
          'name', ac.name, 'agencyUuid', s.agency_uuid, 'agencyName', a.name,
          'carrierUuid', s.carrier_uuid, 'carrierName', c.display_name, 'haveMissingCurrentData', s.missing_current, 'haveMissingPriorData', s.missing_prior,
          'lines', x.lines) order by s.sort_value desc nulls last, s.lower_code collate "C", s.lower_name collate "C", s.lower_agency_name collate "C", s.lower_carrier_name collate "C", s.group_uuid), '[]'::json)::text
        from page s join src x on x.agency_uuid = s.agency_uuid and x.group_uuid = s.group_uuid
        join agency_codes ac on ac.uuid = s.group_uuid
        join agencies a on a.uuid = s.agency_uuid
        join carriers c on c.uuid = s.carrier_uuid) as rows
    from (
  select coalesce(sum(t.codes), 0)::int as total_count,
    sum(t.written_premium)::text as written_premium, sum(t.prior_written_premium)::text as prior_written_premium, sum(t.new_written_premium)::text as new_written_premium, sum(t.prior_new_written_premium)::text as prior_new_written_premium, sum(t.earned)::text as earned, sum(t.prior_earned)::text as prior_earned, sum(t.incurred)::text as incurred, sum(t.prior_incurred)::text as prior_incurred
  from production_code_period_agency_totals t where t.network_uuid = $5::uuid and t.start_month = '2026-01-01'::date
    and t.end_month = '2026-10-01'::date and t.line_code = $6) t;

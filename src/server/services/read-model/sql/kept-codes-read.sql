-- Caller: queryCodeRows (read-model.ts) via selectKeptCodeRows: the kept rows the planning table's page reads
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
select t.agency_code_uuid as group_uuid, t.agency_uuid, t.lines, t.missing_current, t.missing_prior,
    written_premium, prior_written_premium, new_written_premium, prior_new_written_premium, earned, prior_earned, incurred, prior_incurred, carrier_uuid, lower_code, lower_name, lower_agency_name
  from production_code_period_totals t where t.network_uuid = $1::uuid and t.start_month = '2026-01-01'::date
    and t.end_month = '2026-10-01'::date and t.line_code = $2;

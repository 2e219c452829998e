-- Caller: refreshKeptViews (store.ts): one agency's sums of its kept codes, computed again
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000002"
insert into production_code_period_agency_totals (agency_uuid, network_uuid, start_month, end_month,
    line_code, codes, written_premium, prior_written_premium, new_written_premium, prior_new_written_premium, earned, prior_earned, incurred, prior_incurred)
  select t.agency_uuid, t.network_uuid, t.start_month, t.end_month, t.line_code, count(*), sum(t.written_premium), sum(t.prior_written_premium), sum(t.new_written_premium), sum(t.prior_new_written_premium), sum(t.earned), sum(t.prior_earned), sum(t.incurred), sum(t.prior_incurred)
  from production_code_period_totals t
  where t.network_uuid = $1::uuid and t.agency_uuid = $2::uuid
  group by t.agency_uuid, t.network_uuid, t.start_month, t.end_month, t.line_code;

-- Caller: queryCodeRows (read-model.ts) via selectKeptCodeTotals: the 'Totals:' row over every kept code
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
select coalesce(sum(t.codes), 0)::int as total_count,
    sum(t.written_premium)::text as written_premium, sum(t.prior_written_premium)::text as prior_written_premium, sum(t.new_written_premium)::text as new_written_premium, sum(t.prior_new_written_premium)::text as prior_new_written_premium, sum(t.earned)::text as earned, sum(t.prior_earned)::text as prior_earned, sum(t.incurred)::text as incurred, sum(t.prior_incurred)::text as prior_incurred
  from production_code_period_agency_totals t where t.network_uuid = $1::uuid and t.start_month = '2026-01-01'::date
    and t.end_month = '2026-10-01'::date and t.line_code = $2;

-- Caller: queryCodeRows (read-model.ts) via selectKeptCodeAgencyTotals: the kept sums per agency a searched page's 'Totals:' row reads
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
select t.agency_uuid, t.codes, written_premium, prior_written_premium, new_written_premium, prior_new_written_premium, earned, prior_earned, incurred, prior_incurred
  from production_code_period_agency_totals t where t.network_uuid = $1::uuid and t.start_month = '2026-01-01'::date
    and t.end_month = '2026-10-01'::date and t.line_code = $2;

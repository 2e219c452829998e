-- Caller: warmKeptCodes (warm-up.ts): whether the network keeps a preset period of the codes
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "P&C"
select exists (select 1 from production_code_period_builds b where b.network_uuid = $1::uuid and b.start_month = '2026-01-01'::date
    and b.end_month = '2026-10-01'::date and b.line_code = $2) as built;

-- Caller: changeAgencyProduction (refresh.ts) <- manual-entry-service.ts: the agency's sums taken out before a save (-1) and added after (+1)
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000003"
--   $3 = "2026-01-01"
--   $4 = "00000000-0000-4000-8000-000000000003"
--   $5 = "2026-02-01"
insert into production_carrier_months as c (network_uuid, month, carrier_uuid, line_uuid, source, gap_months, written_premium, new_written_premium, earned, incurred, facts, written_premium_count, new_written_premium_count, earned_count, incurred_count)
  select f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, f.source, f.gap_months, -sum(f.written_premium), -sum(f.new_written_premium), -sum(f.earned), -sum(f.incurred), -count(*), -count(f.written_premium), -count(f.new_written_premium), -count(f.earned), -count(f.incurred)
  from production_facts f
  where f.agency_uuid = $1::uuid and (f.carrier_uuid, f.month) in (($2::uuid, $3::date), ($4::uuid, $5::date))
  group by f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, f.source, f.gap_months
  on conflict (network_uuid, month, carrier_uuid, line_uuid, source, gap_months) do update set
    written_premium = case when c.written_premium_count + excluded.written_premium_count > 0 then coalesce(c.written_premium, 0) + coalesce(excluded.written_premium, 0) end,
    new_written_premium = case when c.new_written_premium_count + excluded.new_written_premium_count > 0 then coalesce(c.new_written_premium, 0) + coalesce(excluded.new_written_premium, 0) end,
    earned = case when c.earned_count + excluded.earned_count > 0 then coalesce(c.earned, 0) + coalesce(excluded.earned, 0) end,
    incurred = case when c.incurred_count + excluded.incurred_count > 0 then coalesce(c.incurred, 0) + coalesce(excluded.incurred, 0) end,
    facts = c.facts + excluded.facts,
    written_premium_count = c.written_premium_count + excluded.written_premium_count,
    new_written_premium_count = c.new_written_premium_count + excluded.new_written_premium_count,
    earned_count = c.earned_count + excluded.earned_count,
    incurred_count = c.incurred_count + excluded.incurred_count;

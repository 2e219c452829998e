-- Caller: rebuildNetwork and refreshCarrierMonths (refresh.ts): a network's production carrier-months summed from every agency's facts
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
insert into production_carrier_months (network_uuid, month, carrier_uuid, line_uuid, source, gap_months, written_premium, new_written_premium, earned, incurred, facts, written_premium_count, new_written_premium_count, earned_count, incurred_count)
  select f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, f.source, f.gap_months, sum(f.written_premium), sum(f.new_written_premium), sum(f.earned), sum(f.incurred), count(*), count(f.written_premium), count(f.new_written_premium), count(f.earned), count(f.incurred)
  from production_facts f
  where f.network_uuid = $1::uuid
  group by f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, f.source, f.gap_months;

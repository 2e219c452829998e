-- Caller: rebuildNetwork and refreshCarrierMonths (refresh.ts): a network's commission carrier-months
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
insert into commission_carrier_months (network_uuid, month, carrier_uuid, line_uuid, written_premium,
    base_commission, additional_commission)
  select f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, sum(f.written_premium), sum(f.base_commission),
    sum(f.additional_commission)
  from commission_facts f
  where f.network_uuid = $1::uuid
  group by f.network_uuid, f.month, f.carrier_uuid, f.line_uuid;

-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000003"
--   $3 = "2026-01-01"
--   $4 = "00000000-0000-4000-8000-000000000003"
--   $5 = "2026-02-01"
insert into commission_carrier_months as c (network_uuid, month, carrier_uuid, line_uuid, written_premium, base_commission, additional_commission, facts, written_premium_count, base_commission_count, additional_commission_count)
  select f.network_uuid, f.month, f.carrier_uuid, f.line_uuid, sum(f.written_premium), sum(f.base_commission), sum(f.additional_commission), count(*), count(f.written_premium), count(f.base_commission), count(f.additional_commission)
  from commission_facts f
  where f.agency_uuid = $1::uuid and (f.carrier_uuid, f.month) in (($2::uuid, $3::date), ($4::uuid, $5::date))
  group by f.network_uuid, f.month, f.carrier_uuid, f.line_uuid
  on conflict (network_uuid, month, carrier_uuid, line_uuid) do update set
    written_premium = case when c.written_premium_count + excluded.written_premium_count > 0 then coalesce(c.written_premium, 0) + coalesce(excluded.written_premium, 0) end,
    base_commission = case when c.base_commission_count + excluded.base_commission_count > 0 then coalesce(c.base_commission, 0) + coalesce(excluded.base_commission, 0) end,
    additional_commission = case when c.additional_commission_count + excluded.additional_commission_count > 0 then coalesce(c.additional_commission, 0) + coalesce(excluded.additional_commission, 0) end,
    facts = c.facts + excluded.facts,
    written_premium_count = c.written_premium_count + excluded.written_premium_count,
    base_commission_count = c.base_commission_count + excluded.base_commission_count,
    additional_commission_count = c.additional_commission_count + excluded.additional_commission_count;

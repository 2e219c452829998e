-- Caller: refreshAgencyRows (refresh.ts): every other agency's running totals carried forward to a later horizon
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000002"
insert into production_agency_running_totals (agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source, month, facts, written_premium_cents, written_premium_count, new_written_premium_cents,
  new_written_premium_count, earned_cents, earned_count, incurred_cents, incurred_count, paid_cents, paid_on_cents)
  select t.agency_uuid, t.network_uuid, t.grain, t.carrier_class, t.carrier_uuid, t.agency_code_uuid, t.broad_code, t.type_code, t.source, g.month::date, t.facts, t.written_premium_cents, t.written_premium_count, t.new_written_premium_cents,
  t.new_written_premium_count, t.earned_cents, t.earned_count, t.incurred_cents, t.incurred_count, t.paid_cents, t.paid_on_cents
  from production_agency_running_totals t
  cross join lateral generate_series('2026-10-01'::date, '2026-10-01'::date, interval '1 month') as g(month)
  where t.network_uuid = $1::uuid and t.month = '2026-09-01'::date
    and t.agency_uuid <> $2::uuid;

-- Caller: reportedMonths (production/reported-months.ts): the latest manual entry month per carrier in the range
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = 24310
--   $3 = 24321
select m.carrier_uuid, to_char(max(make_date(m.year, m.month, 1)), 'YYYY-MM') as most_recent
  from manual_entries m
  where m.network_uuid = $1::uuid
    and m.year * 12 + m.month - 1 between $2::int and $3::int
  group by m.carrier_uuid;

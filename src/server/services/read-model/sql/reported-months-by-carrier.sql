-- Caller: reportedMonths (production/reported-months.ts): GET /api/core-production/reported-months, the months of each carrier row
-- Parameters:
--   $1 = 24310
--   $2 = 24321
--   $3 = "00000000-0000-4000-8000-000000000001"
--   $4 = 24310
--   $5 = 24321
--   $6 = 24310
--   $7 = 24321
--   $8 = 24310
--   $9 = 24321
--   $10 = 24310
--   $11 = 24321
--   $12 = 24310
--   $13 = 24321
with scoped as (
      select m.carrier_uuid, m.reported_months, m.reported_months @> int4range($1::int, $2::int, '[]') as whole
      from carrier_reported_masks m
      where m.network_uuid = $3::uuid and m.reported_months && int4range($4::int, $5::int, '[]')
    ),
    by_carrier as (
      select carrier_uuid,
        coalesce(range_intersect_agg(reported_months) filter (where not whole), int4multirange(int4range($6::int, $7::int, '[]')))
          * int4multirange(int4range($8::int, $9::int, '[]')) as complete,
        max(case when whole then upper(int4range($10::int, $11::int, '[]')) else upper(reported_months * int4multirange(int4range($12::int, $13::int, '[]'))) end) - 1
          as latest
      from scoped group by carrier_uuid
    )
    select carrier_uuid,
      (select array_agg(to_char(make_date(n / 12, n % 12 + 1, 1), 'YYYY-MM') order by n)
        from unnest(complete) r, generate_series(lower(r), upper(r) - 1) n) as months,
      to_char(make_date(latest / 12, latest % 12 + 1, 1), 'YYYY-MM') as most_recent
    from by_carrier order by carrier_uuid;

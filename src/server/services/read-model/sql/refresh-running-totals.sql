-- Caller: rebuildNetwork (refresh.ts): the running totals of a range of the network's agencies (the last)
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000002"
--   $3 = "00000000-0000-4000-8000-000000000001"
--   $4 = "00000000-0000-4000-8000-000000000002"
insert into production_agency_running_totals (agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source, month, facts, written_premium_cents, written_premium_count, new_written_premium_cents, new_written_premium_count, earned_cents, earned_count, incurred_cents, incurred_count, paid_cents, paid_on_cents, year_ago_facts, year_ago_written_premium_cents, year_ago_written_premium_count, year_ago_new_written_premium_cents, year_ago_new_written_premium_count, year_ago_earned_cents, year_ago_earned_count, year_ago_incurred_cents, year_ago_incurred_count, year_ago_paid_cents, year_ago_paid_on_cents)
    -- The production facts' sums per carrier, line, source and month: the one read of them, which
    -- every grain sums.
    with sums as materialized (
      select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint as carrier_class, f.carrier_uuid,
        coalesce(f.agency_code_uuid, '00000000-0000-0000-0000-000000000000'::uuid) as agency_code_uuid, case when l.level = 1 then l.code else p.code end as broad_code, case when l.level = 2 then l.code else '' end as type_code, f.source,
        f.month, count(*) as facts, (coalesce(sum(f.written_premium), 0) * 100)::bigint as wp, count(f.written_premium) as wp_n, (coalesce(sum(f.new_written_premium), 0) * 100)::bigint as nwp, count(f.new_written_premium) as nwp_n, (coalesce(sum(f.earned), 0) * 100)::bigint as ep, count(f.earned) as ep_n, (coalesce(sum(f.incurred), 0) * 100)::bigint as il, count(f.incurred) as il_n, 0::bigint as paid, 0::bigint as paid_on
      from production_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.network_uuid = $1::uuid and f.agency_uuid >= $2::uuid
      group by f.agency_uuid, f.network_uuid, 3, f.carrier_uuid, 5, 6, 7, f.source, f.month
    ),
    by_type as materialized (
      select agency_uuid, network_uuid, 'type' as grain, carrier_class, '00000000-0000-0000-0000-000000000000'::uuid as carrier_uuid,
        '00000000-0000-0000-0000-000000000000'::uuid as agency_code_uuid, broad_code, type_code, source, month, sum(facts) as facts, sum(wp) as wp, sum(wp_n) as wp_n, sum(nwp) as nwp, sum(nwp_n) as nwp_n, sum(ep) as ep, sum(ep_n) as ep_n, sum(il) as il, sum(il_n) as il_n, sum(paid) as paid, sum(paid_on) as paid_on
      from sums
      group by agency_uuid, network_uuid, carrier_class, broad_code, type_code, source, month
    ),
    -- Per carrier, agency code and broad line: the production facts' sums beside the commission facts'
    -- (those that report some commission), which have no counts: a base of 0 leaves a rate out anyway.
    -- The commission facts name no agency code: they count on the lowest code of their month's
    -- production facts of the carrier, broad line and source (NIL when there are none), a choice that
    -- depends on that month's facts only, so a merge from a month on makes it again.
    paid as (
      select f.agency_uuid, f.network_uuid, ((c.is_mga::int * 1) | (c.is_standard::int * 2) | (c.is_crop::int * 4) | (c.is_flood::int * 8) | (c.is_surety::int * 16) | (c.is_workers_comp::int * 32))::smallint as carrier_class, f.carrier_uuid,
        case when l.level = 1 then l.code else p.code end as broad_code, f.source, f.month,
        (sum(coalesce(f.base_commission, 0) + coalesce(f.additional_commission, 0)) * 100)::bigint as paid,
        (coalesce(sum(f.written_premium), 0) * 100)::bigint as paid_on
      from commission_facts f
      join carriers c on c.uuid = f.carrier_uuid
      join lines_of_business l on l.uuid = f.line_uuid
      left join lines_of_business p on p.uuid = l.parent_uuid
      where f.network_uuid = $3::uuid and f.agency_uuid >= $4::uuid
        and (f.base_commission is not null or f.additional_commission is not null)
      group by f.agency_uuid, f.network_uuid, 3, f.carrier_uuid, 5, f.source, f.month
    ),
    by_carrier as (
      select agency_uuid, network_uuid, 'carrier', carrier_class, carrier_uuid, agency_code_uuid, broad_code, '',
        source, month, sum(facts) as facts, sum(wp) as wp, sum(wp_n) as wp_n, sum(nwp) as nwp, sum(nwp_n) as nwp_n, sum(ep) as ep, sum(ep_n) as ep_n, sum(il) as il, sum(il_n) as il_n, sum(paid) as paid, sum(paid_on) as paid_on
      from (
        -- A window, not a join: a network just loaded has no statistics yet, and a join guessed from
        -- them can compare every commission row with every production row.
        select agency_uuid, network_uuid, carrier_class, carrier_uuid,
          coalesce(agency_code_uuid, min(agency_code_uuid::text) over (
            partition by agency_uuid, carrier_uuid, broad_code, source, month)::uuid, '00000000-0000-0000-0000-000000000000'::uuid) as agency_code_uuid,
          broad_code, source, month, facts, wp, wp_n, nwp, nwp_n, ep, ep_n, il, il_n, paid, paid_on
        from (
          select agency_uuid, network_uuid, carrier_class, carrier_uuid, agency_code_uuid, broad_code, source, month,
            facts, wp, wp_n, nwp, nwp_n, ep, ep_n, il, il_n, paid, paid_on
          from sums
          union all
          select agency_uuid, network_uuid, carrier_class, carrier_uuid, null, broad_code, source, month,
            0, 0, 0, 0, 0, 0, 0, 0, 0, paid, paid_on
          from paid
        ) u
      ) u
      group by agency_uuid, network_uuid, carrier_class, carrier_uuid, agency_code_uuid, broad_code, source, month
    ),
    monthly as materialized (
      select * from by_type
      union all
      select agency_uuid, network_uuid, 'broad', carrier_class, carrier_uuid, agency_code_uuid, broad_code, '',
        source, month, sum(facts) as facts, sum(wp) as wp, sum(wp_n) as wp_n, sum(nwp) as nwp, sum(nwp_n) as nwp_n, sum(ep) as ep, sum(ep_n) as ep_n, sum(il) as il, sum(il_n) as il_n, sum(paid) as paid, sum(paid_on) as paid_on
      from by_type
      group by agency_uuid, network_uuid, carrier_class, carrier_uuid, agency_code_uuid, broad_code, source, month
      union all
      -- The default composite keeps every carrier with a kind flag (a non-zero class).
      select agency_uuid, network_uuid, 'total', 0::smallint, carrier_uuid, agency_code_uuid, broad_code, '',
        'all', month, sum(facts) as facts, sum(wp) as wp, sum(wp_n) as wp_n, sum(nwp) as nwp, sum(nwp_n) as nwp_n, sum(ep) as ep, sum(ep_n) as ep_n, sum(il) as il, sum(il_n) as il_n, sum(paid) as paid, sum(paid_on) as paid_on
      from by_type
      where carrier_class <> 0
      group by agency_uuid, network_uuid, carrier_uuid, agency_code_uuid, broad_code, month
      union all
      select * from by_carrier
    ),
    -- Each key's running totals at the months it has sums of, and the last month each holds for: the
    -- month before the key's next, or the horizon.
    sparse as (
      select agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source, month, sum(facts) over w as facts, sum(wp) over w as wp, sum(wp_n) over w as wp_n, sum(nwp) over w as nwp, sum(nwp_n) over w as nwp_n, sum(ep) over w as ep, sum(ep_n) over w as ep_n, sum(il) over w as il, sum(il_n) over w as il_n, sum(paid) over w as paid, sum(paid_on) over w as paid_on,
        coalesce(lead(month) over w - interval '1 month', '2026-10-01'::date) as last_month
      from monthly
      window w as (partition by agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source order by month)
    ),
    -- One row per key and month, from its first month to the horizon: a month without sums repeats
    -- the running totals of the month before.
    dense as (
      select s.agency_uuid, s.network_uuid, s.grain, s.carrier_class, s.carrier_uuid, s.agency_code_uuid, s.broad_code, s.type_code, s.source, g.month::date as month,
        s.facts, s.wp, s.wp_n, s.nwp, s.nwp_n, s.ep, s.ep_n, s.il, s.il_n, s.paid, s.paid_on
      from sparse s
      cross join lateral generate_series(s.month, s.last_month, interval '1 month') as g(month)
    )
    -- Beside each month's running totals, the key's 12 rows earlier: its months are consecutive.
    select * from (
      select agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source, month, facts, wp, wp_n, nwp, nwp_n, ep, ep_n, il, il_n, paid, paid_on,
        lag(facts, 12, 0) over w as year_ago_facts, lag(wp, 12, 0) over w as year_ago_wp, lag(wp_n, 12, 0) over w as year_ago_wp_n, lag(nwp, 12, 0) over w as year_ago_nwp, lag(nwp_n, 12, 0) over w as year_ago_nwp_n, lag(ep, 12, 0) over w as year_ago_ep, lag(ep_n, 12, 0) over w as year_ago_ep_n, lag(il, 12, 0) over w as year_ago_il, lag(il_n, 12, 0) over w as year_ago_il_n, lag(paid, 12, 0) over w as year_ago_paid, lag(paid_on, 12, 0) over w as year_ago_paid_on
      from dense
      window w as (partition by agency_uuid, network_uuid, grain, carrier_class, carrier_uuid, agency_code_uuid, broad_code, type_code, source order by month)
    ) d
    -- Stored month by month: a report reads a few whole months of a network, from few pages.
    order by network_uuid, grain, month;

-- Caller: scorecardStats (scorecards/scorecard-report.ts): GET /api/scorecards/stats, with the latest statement month
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "00000000-0000-4000-8000-000000000001"
select s.broad_code, s.is_core, s.no_line, s.no_core,
      (case when s.no_line = 1 then s.all_carriers else s.line_carriers end)::text as carriers,
      (case when s.no_line = 1 then s.all_core_carriers else s.line_core_carriers end)::text as core_carriers,
      s.written_premium::text as written_premium_text, s.base_commission::text as base_text,
      s.additional_commission::text as additional_text, s.total_commission::text as total_text,
      round(100 * s.base_commission / nullif(s.written_premium, 0), 2)::text as base_percent,
      round(100 * s.additional_commission / nullif(s.written_premium, 0), 2)::text as additional_percent,
      round(100 * s.total_commission / nullif(s.written_premium, 0), 2)::text as total_percent, (select to_char(max(f.month), 'YYYY-MM') from commission_carrier_months f
        where f.network_uuid = $1::uuid) as latest_month
    from (
      select g.broad_code, g.is_core, grouping(g.broad_code) as no_line, grouping(g.is_core) as no_core,
        count(*) filter (where (coalesce(g.written_premium, 0) <> 0 or coalesce(g.base_commission, 0) <> 0 or coalesce(g.additional_commission, 0) <> 0)) as line_carriers,
        count(*) filter (where (coalesce(g.written_premium, 0) <> 0 or coalesce(g.base_commission, 0) <> 0 or coalesce(g.additional_commission, 0) <> 0) and g.is_core) as line_core_carriers,
        count(*) filter (where g.first_line and (coalesce(g.carrier_written_premium, 0) <> 0 or coalesce(g.carrier_base_commission, 0) <> 0 or coalesce(g.carrier_additional_commission, 0) <> 0)) as all_carriers,
        count(*) filter (where g.first_line and (coalesce(g.carrier_written_premium, 0) <> 0 or coalesce(g.carrier_base_commission, 0) <> 0 or coalesce(g.carrier_additional_commission, 0) <> 0) and g.is_core) as all_core_carriers,
        sum(g.written_premium) as written_premium, sum(g.base_commission) as base_commission,
        sum(g.additional_commission) as additional_commission,
        case when coalesce(sum(g.commissions), 0) = 0 then null
          else coalesce(sum(g.base_commission), 0) + coalesce(sum(g.additional_commission), 0) end as total_commission
      from (
        select k.*, row_number() over w = 1 as first_line,
          sum(k.written_premium) over w as carrier_written_premium,
          sum(k.base_commission) over w as carrier_base_commission,
          sum(k.additional_commission) over w as carrier_additional_commission
        from (
          select g.carrier_uuid, (case when l.level = 1 then l.code else b.code end) as broad_code, c.is_core_carrier as is_core, sum(g.written_premium) as written_premium, sum(g.base_commission) as base_commission,
        sum(g.additional_commission) as additional_commission,
        case when coalesce(sum(g.commissions), 0) = 0 then null
          else coalesce(sum(g.base_commission), 0) + coalesce(sum(g.additional_commission), 0) end as total_commission,
            sum(g.commissions) as commissions
          from (select u.carrier_uuid, u.line_uuid, sum(u.written_premium) as written_premium,
        sum(u.base_commission) as base_commission, sum(u.additional_commission) as additional_commission,
        sum(u.commissions) as commissions
      from (select f.carrier_uuid, f.line_uuid, sum(f.written_premium) as written_premium,
        sum(f.base_commission) as base_commission, sum(f.additional_commission) as additional_commission,
        count(f.base_commission) + count(f.additional_commission) as commissions
      from commission_carrier_months f
      where f.network_uuid = $2::uuid
        and f.month between '2025-11-01'::date and '2026-10-01'::date
        and f.carrier_uuid in (select c.uuid from carriers c where (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))
      group by f.carrier_uuid, f.line_uuid union all select f.carrier_uuid, f.line_uuid, null::numeric as written_premium,
        null::numeric as base_commission, sum(f.amount) as additional_commission, count(*) as commissions
      from (select k.carrier_uuid, x.line_uuid, x.amount, date_trunc('month', k.received_on)::date as month
        from profit_share_check_allocations x
        join profit_share_checks k on k.network_uuid = x.network_uuid and k.uuid = x.check_uuid
        where x.network_uuid = $3::uuid) f
      where f.month between '2025-11-01'::date and '2026-10-01'::date
        and f.carrier_uuid in (select c.uuid from carriers c where (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))
      group by f.carrier_uuid, f.line_uuid) u
      group by u.carrier_uuid, u.line_uuid) g
            join carriers c on c.uuid = g.carrier_uuid
            join lines_of_business l on l.uuid = g.line_uuid
            left join lines_of_business b on b.uuid = l.parent_uuid
          group by g.carrier_uuid, (case when l.level = 1 then l.code else b.code end), c.is_core_carrier
        ) k
        window w as (partition by k.carrier_uuid)
      ) g
      group by grouping sets ((g.broad_code, g.is_core), (g.broad_code), (g.is_core), ())
    ) s;

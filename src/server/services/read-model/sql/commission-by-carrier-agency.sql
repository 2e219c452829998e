-- Caller: scorecardByCarrier (scorecards/scorecard-report.ts): GET /api/scorecards/by-carrier for an agency
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
--   $2 = "00000000-0000-4000-8000-000000000002"
--   $3 = "00000000-0000-4000-8000-000000000002"
select s.carrier_uuid::text as carrier_uuid, s.line_code, s.is_core, s.is_mga, s.carrier_name,
      s.line_name, s.line_level, s.no_carrier, s.no_line,
      (s.no_line = 1 and s.no_carrier = 0
        and s.carrier_uuid in (select m.carrier_uuid from commission_reported_changes m
        where m.agency_uuid = $1::uuid and m.month between '2025-12-01'::date and '2026-10-01'::date)) as incomplete,
      s.written_premium::text as written_premium_text, s.base_commission::text as base_text,
      s.additional_commission::text as additional_text, s.total_commission::text as total_text,
      round(100 * s.base_commission / nullif(s.written_premium, 0), 2)::text as base_percent,
      round(100 * s.additional_commission / nullif(s.written_premium, 0), 2)::text as additional_percent,
      round(100 * s.total_commission / nullif(s.written_premium, 0), 2)::text as total_percent
    from (
      select g.carrier_uuid, l.code as line_code, bool_or(c.is_core_carrier) as is_core,
        bool_or(c.is_mga) as is_mga, max(c.display_name) as carrier_name, max(l.name) as line_name,
        max(l.level) as line_level, grouping(g.carrier_uuid) as no_carrier, grouping(l.code) as no_line,
        sum(g.written_premium) as written_premium, sum(g.base_commission) as base_commission,
        sum(g.additional_commission) as additional_commission,
        case when coalesce(sum(g.commissions), 0) = 0 then null
          else coalesce(sum(g.base_commission), 0) + coalesce(sum(g.additional_commission), 0) end as total_commission
      from (select u.carrier_uuid, u.line_uuid, sum(u.written_premium) as written_premium,
        sum(u.base_commission) as base_commission, sum(u.additional_commission) as additional_commission,
        sum(u.commissions) as commissions
      from (select f.carrier_uuid, f.line_uuid, sum(f.written_premium) as written_premium,
        sum(f.base_commission) as base_commission, sum(f.additional_commission) as additional_commission,
        count(f.base_commission) + count(f.additional_commission) as commissions
      from commission_facts f
      where f.agency_uuid = $2::uuid
        and (f.month + 0) between '2025-11-01'::date and '2026-10-01'::date
        and f.carrier_uuid in (select c.uuid from carriers c where (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))
      group by f.carrier_uuid, f.line_uuid union all select f.carrier_uuid, f.line_uuid, null::numeric as written_premium,
        null::numeric as base_commission, sum(f.amount) as additional_commission, count(*) as commissions
      from (select k.carrier_uuid, x.line_uuid, x.amount, date_trunc('month', k.received_on)::date as month
        from profit_share_check_allocations x
        join profit_share_checks k on k.network_uuid = x.network_uuid and k.uuid = x.check_uuid
        where x.agency_uuid = $3::uuid) f
      where f.month between '2025-11-01'::date and '2026-10-01'::date
        and f.carrier_uuid in (select c.uuid from carriers c where (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)))
      group by f.carrier_uuid, f.line_uuid) u
      group by u.carrier_uuid, u.line_uuid) g
        join carriers c on c.uuid = g.carrier_uuid
        join lines_of_business l on l.uuid = g.line_uuid
      group by grouping sets ((g.carrier_uuid, l.code), (g.carrier_uuid), ())
    ) s;

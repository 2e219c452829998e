-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "PL"
--   $3 = "PAUTO"
--   $4 = "HOME"
select s.*, s.written_premium::text as written_premium_text, s.base_commission::text as base_text,
      s.additional_commission::text as additional_text, s.total_commission::text as total_text,
      round(100 * s.base_commission / nullif(s.written_premium, 0), 2)::text as base_percent,
      round(100 * s.additional_commission / nullif(s.written_premium, 0), 2)::text as additional_percent,
      round(100 * s.total_commission / nullif(s.written_premium, 0), 2)::text as total_percent
    from (
      select f.carrier_uuid::text as carrier_uuid, l.code as line_code, null::text as broad_code,
            bool_or(c.is_core_carrier) as is_core, bool_or(c.is_mga) as is_mga, max(c.display_name) as carrier_name,
            max(l.name) as line_name, max(l.level) as line_level,
            grouping(f.carrier_uuid) as no_carrier, grouping(l.code) as no_line,
        sum(f.written_premium) as written_premium, sum(f.base_commission) as base_commission,
        sum(f.additional_commission) as additional_commission,
        case when count(f.base_commission) + count(f.additional_commission) = 0 then null
          else coalesce(sum(f.base_commission), 0) + coalesce(sum(f.additional_commission), 0) end as total_commission
      from commission_carrier_months f
        join carriers c on c.uuid = f.carrier_uuid
        join lines_of_business l on l.uuid = f.line_uuid
        left join lines_of_business b on b.uuid = l.parent_uuid
      where f.network_uuid = $1::uuid
        and f.month between '2025-11-01'::date and '2026-10-01'::date
        and true and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp))) and (case when l.level = 1 then l.code else b.code end) = $2 and (l.level = 2 and l.code in ($3, $4))
      group by grouping sets ((f.carrier_uuid, l.code), (f.carrier_uuid), ())
    ) s;

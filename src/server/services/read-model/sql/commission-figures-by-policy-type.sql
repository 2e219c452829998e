-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
select s.*, s.written_premium::text as written_premium_text, s.base_commission::text as base_text,
      s.additional_commission::text as additional_text, s.total_commission::text as total_text,
      round(100 * s.base_commission / nullif(s.written_premium, 0), 2)::text as base_percent,
      round(100 * s.additional_commission / nullif(s.written_premium, 0), 2)::text as additional_percent,
      round(100 * s.total_commission / nullif(s.written_premium, 0), 2)::text as total_percent
    from (
      select null::text as carrier_uuid, null::text as line_code,
            (case when l.level = 1 then l.code else b.code end) as broad_code, c.is_core_carrier as is_core,
            grouping((case when l.level = 1 then l.code else b.code end)) as no_line,
            grouping(c.is_core_carrier) as no_core,
        sum(f.written_premium) as written_premium, sum(f.base_commission) as base_commission,
        sum(f.additional_commission) as additional_commission,
        case when count(f.base_commission) + count(f.additional_commission) = 0 then null
          else coalesce(sum(f.base_commission), 0) + coalesce(sum(f.additional_commission), 0) end as total_commission
      from commission_facts f
        join carriers c on c.uuid = f.carrier_uuid
        join lines_of_business l on l.uuid = f.line_uuid
        left join lines_of_business b on b.uuid = l.parent_uuid
      where f.agency_uuid = $1::uuid
        and f.month between '2025-11-01'::date and '2026-10-01'::date
        and true and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp))) and true and true
      group by grouping sets (((case when l.level = 1 then l.code else b.code end), c.is_core_carrier), ((case when l.level = 1 then l.code else b.code end)), (c.is_core_carrier), ())
    ) s;

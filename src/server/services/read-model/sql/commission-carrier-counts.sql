-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select case when x.no_line = 1 then null else x.broad_code end as broad_code,
      count(*)::text as carriers, count(*) filter (where x.is_core)::text as core_carriers
    from (
      select f.carrier_uuid, (case when l.level = 1 then l.code else b.code end) as broad_code, bool_or(c.is_core_carrier) as is_core,
        grouping((case when l.level = 1 then l.code else b.code end)) as no_line
      from commission_carrier_months f
        join carriers c on c.uuid = f.carrier_uuid
        join lines_of_business l on l.uuid = f.line_uuid
        left join lines_of_business b on b.uuid = l.parent_uuid
      where f.network_uuid = $1::uuid
        and f.month between '2025-11-01'::date and '2026-10-01'::date
        and true and (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp)) and true and true
      group by grouping sets ((f.carrier_uuid, (case when l.level = 1 then l.code else b.code end)), (f.carrier_uuid))
      having coalesce(sum(f.written_premium), 0) <> 0 or coalesce(sum(f.base_commission), 0) <> 0
        or coalesce(sum(f.additional_commission), 0) <> 0
    ) x
    group by 1;

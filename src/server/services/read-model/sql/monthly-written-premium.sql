-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
select f.carrier_uuid as group_uuid, case when l.level = 1 then l.code else p.code end as line_code, to_char(f.month, 'YYYY-MM') as month,
      sum(f.written_premium)::text as written_premium
    from production_facts f
    join lines_of_business l on l.uuid = f.line_uuid
    left join lines_of_business p on p.uuid = l.parent_uuid
    where f.agency_uuid = $1::uuid
      and f.month between '2026-01-01'::date and '2026-10-01'::date
      and true
      and exists (select 1 from carriers c where c.uuid = f.carrier_uuid and (c.is_mga or (not c.is_mga and (c.is_standard or c.is_crop or c.is_flood or c.is_surety or c.is_workers_comp))))
    group by 1, 2, 3
    order by 1, 2, 3;

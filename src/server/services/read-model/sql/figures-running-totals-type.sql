-- Caller: agencyFigures <- readFigures (read-model.ts): a network's Carrier Production by agency with a broad line or standard types, its first view in a process
-- Parameters:
--   $1 = "PL"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "type"
--   $4 = "PL"
--   $5 = "PAUTO"
--   $6 = "HOME"
--   $7 = "00000000-0000-4000-8000-000000000001"
--   $8 = "type"
--   $9 = "PL"
--   $10 = "PAUTO"
--   $11 = "HOME"
--   $12 = "00000000-0000-4000-8000-000000000001"
--   $13 = "type"
--   $14 = "PL"
--   $15 = "PAUTO"
--   $16 = "HOME"
--   $17 = "00000000-0000-4000-8000-000000000001"
--   $18 = "type"
--   $19 = "00000000-0000-4000-8000-000000000001"
--   $20 = "PL"
--   $21 = "PAUTO"
--   $22 = "HOME"
select f.agency_uuid as group_uuid,
      case when grouping(nullif(f.type_code, '')) = 1 then $1::text else nullif(f.type_code, '') end as line_code, case when sum(f.current_written_premium_count) > 0 then (bigint_sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end::text as written_premium, case when sum(f.prior_written_premium_count) > 0 then (bigint_sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end::text as prior_written_premium, case when sum(f.current_new_written_premium_count) > 0 then (bigint_sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end::text as new_written_premium, case when sum(f.prior_new_written_premium_count) > 0 then (bigint_sum(f.prior_new_written_premium_cents) / 100)::numeric(20, 2) end::text as prior_new_written_premium, case when sum(f.current_earned_count) > 0 then (bigint_sum(f.current_earned_cents) / 100)::numeric(20, 2) end::text as earned, case when sum(f.prior_earned_count) > 0 then (bigint_sum(f.prior_earned_cents) / 100)::numeric(20, 2) end::text as prior_earned, case when sum(f.current_incurred_count) > 0 then (bigint_sum(f.current_incurred_cents) / 100)::numeric(20, 2) end::text as incurred, case when sum(f.prior_incurred_count) > 0 then (bigint_sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end::text as prior_incurred
    from (
      select r.agency_uuid, r.network_uuid, r.carrier_class, r.carrier_uuid, r.agency_code_uuid, r.broad_code,
        r.type_code, r.source,
        r.facts - coalesce(e0.facts, 0) as current_facts,
        r.written_premium_cents - coalesce(e0.written_premium_cents, 0) as current_written_premium_cents,
        r.written_premium_count - coalesce(e0.written_premium_count, 0) as current_written_premium_count,
        r.new_written_premium_cents - coalesce(e0.new_written_premium_cents, 0) as current_new_written_premium_cents,
        r.new_written_premium_count - coalesce(e0.new_written_premium_count, 0) as current_new_written_premium_count,
        r.earned_cents - coalesce(e0.earned_cents, 0) as current_earned_cents,
        r.earned_count - coalesce(e0.earned_count, 0) as current_earned_count,
        r.incurred_cents - coalesce(e0.incurred_cents, 0) as current_incurred_cents,
        r.incurred_count - coalesce(e0.incurred_count, 0) as current_incurred_count,
        r.paid_cents - coalesce(e0.paid_cents, 0) as current_paid_cents,
        r.paid_on_cents - coalesce(e0.paid_on_cents, 0) as current_paid_on_cents,
        coalesce(e1.facts, 0) - coalesce(e2.facts, 0) as prior_facts,
        coalesce(e1.written_premium_cents, 0) - coalesce(e2.written_premium_cents, 0) as prior_written_premium_cents,
        coalesce(e1.written_premium_count, 0) - coalesce(e2.written_premium_count, 0) as prior_written_premium_count,
        coalesce(e1.new_written_premium_cents, 0) - coalesce(e2.new_written_premium_cents, 0) as prior_new_written_premium_cents,
        coalesce(e1.new_written_premium_count, 0) - coalesce(e2.new_written_premium_count, 0) as prior_new_written_premium_count,
        coalesce(e1.earned_cents, 0) - coalesce(e2.earned_cents, 0) as prior_earned_cents,
        coalesce(e1.earned_count, 0) - coalesce(e2.earned_count, 0) as prior_earned_count,
        coalesce(e1.incurred_cents, 0) - coalesce(e2.incurred_cents, 0) as prior_incurred_cents,
        coalesce(e1.incurred_count, 0) - coalesce(e2.incurred_count, 0) as prior_incurred_count,
        coalesce(e1.paid_cents, 0) - coalesce(e2.paid_cents, 0) as prior_paid_cents,
        coalesce(e1.paid_on_cents, 0) - coalesce(e2.paid_on_cents, 0) as prior_paid_on_cents
      from production_agency_running_totals r left join (select * from production_agency_running_totals f where f.network_uuid = $2::uuid and f.grain = $3 and f.month = '2026-02-01'::date and f.broad_code = $4 and f.type_code in ($5, $6)) e0 on true and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source left join (select * from production_agency_running_totals f where f.network_uuid = $7::uuid and f.grain = $8 and f.month = '2025-06-01'::date and f.broad_code = $9 and f.type_code in ($10, $11)) e1 on true and e1.agency_uuid = r.agency_uuid and e1.grain = r.grain and e1.carrier_class = r.carrier_class and e1.carrier_uuid = r.carrier_uuid and e1.agency_code_uuid = r.agency_code_uuid and e1.broad_code = r.broad_code and e1.type_code = r.type_code and e1.source = r.source left join (select * from production_agency_running_totals f where f.network_uuid = $12::uuid and f.grain = $13 and f.month = '2025-02-01'::date and f.broad_code = $14 and f.type_code in ($15, $16)) e2 on true and e2.agency_uuid = r.agency_uuid and e2.grain = r.grain and e2.carrier_class = r.carrier_class and e2.carrier_uuid = r.carrier_uuid and e2.agency_code_uuid = r.agency_code_uuid and e2.broad_code = r.broad_code and e2.type_code = r.type_code and e2.source = r.source
      where r.network_uuid = $17::uuid and r.grain = $18 and r.month = '2026-06-01'::date
    ) f
    where f.network_uuid = $19::uuid and true
      and f.source = 'feed' and f.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) and f.broad_code = $20 and f.type_code in ($21, $22) and true
    group by grouping sets ((f.agency_uuid, nullif(f.type_code, '')), (f.agency_uuid))
    having sum(f.current_facts) > 0 or sum(f.prior_facts) > 0;

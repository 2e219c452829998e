-- Caller: readCodeFigures (read-model.ts) <- cachedByAgency (answer-cache.ts): the codes of the agencies written since the kept answer, which replace theirs in it
-- Parameters:
--   $1 = "P&C"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "carrier"
--   $4 = "00000000-0000-4000-8000-000000000001"
--   $5 = "carrier"
--   $6 = "00000000-0000-4000-8000-000000000001"
--   $7 = "{00000000-0000-4000-8000-000000000002}"
select f.group_uuid, ac.agency_uuid, ac.carrier_uuid, lower(ac.code) as lower_code, lower(ac.name) as lower_name,
    lower(a.name) as lower_agency_name, f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred
  from (
    select f.agency_code_uuid as group_uuid,
      $1::text as line_code, case when sum(f.current_written_premium_count) > 0 then (bigint_sum(f.current_written_premium_cents) / 100)::numeric(20, 2) end::text as written_premium, case when sum(f.prior_written_premium_count) > 0 then (bigint_sum(f.prior_written_premium_cents) / 100)::numeric(20, 2) end::text as prior_written_premium, case when sum(f.current_new_written_premium_count) > 0 then (bigint_sum(f.current_new_written_premium_cents) / 100)::numeric(20, 2) end::text as new_written_premium, case when sum(f.prior_new_written_premium_count) > 0 then (bigint_sum(f.prior_new_written_premium_cents) / 100)::numeric(20, 2) end::text as prior_new_written_premium, case when sum(f.current_earned_count) > 0 then (bigint_sum(f.current_earned_cents) / 100)::numeric(20, 2) end::text as earned, case when sum(f.prior_earned_count) > 0 then (bigint_sum(f.prior_earned_cents) / 100)::numeric(20, 2) end::text as prior_earned, case when sum(f.current_incurred_count) > 0 then (bigint_sum(f.current_incurred_cents) / 100)::numeric(20, 2) end::text as incurred, case when sum(f.prior_incurred_count) > 0 then (bigint_sum(f.prior_incurred_cents) / 100)::numeric(20, 2) end::text as prior_incurred
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
        r.year_ago_facts - coalesce(e0.year_ago_facts, 0) as prior_facts,
        r.year_ago_written_premium_cents - coalesce(e0.year_ago_written_premium_cents, 0) as prior_written_premium_cents,
        r.year_ago_written_premium_count - coalesce(e0.year_ago_written_premium_count, 0) as prior_written_premium_count,
        r.year_ago_new_written_premium_cents - coalesce(e0.year_ago_new_written_premium_cents, 0) as prior_new_written_premium_cents,
        r.year_ago_new_written_premium_count - coalesce(e0.year_ago_new_written_premium_count, 0) as prior_new_written_premium_count,
        r.year_ago_earned_cents - coalesce(e0.year_ago_earned_cents, 0) as prior_earned_cents,
        r.year_ago_earned_count - coalesce(e0.year_ago_earned_count, 0) as prior_earned_count,
        r.year_ago_incurred_cents - coalesce(e0.year_ago_incurred_cents, 0) as prior_incurred_cents,
        r.year_ago_incurred_count - coalesce(e0.year_ago_incurred_count, 0) as prior_incurred_count,
        r.year_ago_paid_cents - coalesce(e0.year_ago_paid_cents, 0) as prior_paid_cents,
        r.year_ago_paid_on_cents - coalesce(e0.year_ago_paid_on_cents, 0) as prior_paid_on_cents
      from production_agency_running_totals r left join production_agency_running_totals e0 on e0.network_uuid = $2::uuid and e0.grain = $3 and e0.month = '2026-09-01'::date and e0.agency_uuid = r.agency_uuid and e0.grain = r.grain and e0.carrier_class = r.carrier_class and e0.carrier_uuid = r.carrier_uuid and e0.agency_code_uuid = r.agency_code_uuid and e0.broad_code = r.broad_code and e0.type_code = r.type_code and e0.source = r.source
      where r.network_uuid = $4::uuid and r.grain = $5 and r.month = '2026-10-01'::date
    ) f
    where f.network_uuid = $6::uuid and true
      and f.source = 'feed' and f.carrier_class in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63) and true and true and true and f.agency_uuid = any($7::uuid[])
    group by f.agency_code_uuid
    having sum(f.current_facts) > 0 or sum(f.prior_facts) > 0) f
  join agency_codes ac on ac.uuid = f.group_uuid
  join agencies a on a.uuid = ac.agency_uuid;

-- Caller: readHasSpans (store.ts): whether a running-totals statement must leave manual spans out
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select exists (select 1 from production_facts f where f.network_uuid = $1::uuid
    and f.gap_months > 0) as spans;

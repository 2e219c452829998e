-- Caller: keepPresetViews (ahead.ts) <- main.ts and warm-up.ts: the networks that lack a preset's kept view
-- Parameters:
--   $1 = "P&C"
--   $2 = "PL"
--   $3 = "all"
--   $4 = "carriers"
--   $5 = "wholesalers"
select n.uuid, n.name from production_rollup_horizons h join networks n on n.uuid = h.network_uuid
  where true and exists (
    select 1 from (values ('2026-01-01'::date, '2026-10-01'::date), ('2025-11-01'::date, '2026-10-01'::date)) p(start_month, end_month)
    cross join unnest(array[$1, $2]::text[]) l(line_code)
    cross join unnest(array[$3, $4, $5]::text[]) c(composite)
    where not exists (select 1 from production_period_builds b where b.network_uuid = h.network_uuid
      and b.start_month = p.start_month and b.end_month = p.end_month and b.line_code = l.line_code
      and b.composite = c.composite))
  order by n.name;

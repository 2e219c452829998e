-- Caller: ensureReadModel (refresh.ts) <- main.ts, the demo data: networks with facts and no rollups of this format
-- Parameters:
--   $1 = 8
select n.uuid, n.name from networks n
  where not exists (select 1 from production_rollup_horizons h
      where h.network_uuid = n.uuid and h.format = $1)
    and exists (select 1 from production_facts f where f.network_uuid = n.uuid);

-- Caller: startWarmUp (warm-up.ts): every network with rollups, each round
select network_uuid as uuid from production_rollup_horizons order by network_uuid;

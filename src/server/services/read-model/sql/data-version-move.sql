-- Caller: bumpDataVersion (read-model/answer-cache.ts) <- refresh.ts refreshAgencyRows and rebuildNetwork: every writer of the network's facts, in its transaction
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
insert into network_data_versions as v (network_uuid, version) values ($1::uuid, 1)
  on conflict (network_uuid) do update set version = v.version + 1;

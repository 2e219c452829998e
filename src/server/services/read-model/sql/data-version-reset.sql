-- Caller: bumpDataVersion (read-model/answer-cache.ts) <- refresh.ts rebuildNetwork: every agency of the network changed, in its transaction
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
insert into network_data_versions as v (network_uuid, version, reset_version)
  values ($1::uuid, 1, 1)
  on conflict (network_uuid) do update set version = v.version + 1, reset_version = v.version + 1;

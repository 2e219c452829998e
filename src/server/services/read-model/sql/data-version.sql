-- Caller: readDataVersion (read-model/answer-cache.ts) <- cachedAnswer and cachedByAgency: the network's data version and last reset, read once per use of a kept answer
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
select version::text as version, reset_version::text as reset_version
  from network_data_versions where network_uuid = $1::uuid;

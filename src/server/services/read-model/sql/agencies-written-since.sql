-- Caller: cachedByAgency (read-model/answer-cache.ts): the agencies written since a kept answer was computed
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "41"
select agency_uuid from agency_data_versions
  where network_uuid = $1::uuid and version > $2::bigint;

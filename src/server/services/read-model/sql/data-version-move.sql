-- Caller: bumpDataVersion (read-model/answer-cache.ts) <- refresh.ts refreshAgencyRows: a writer of one agency's facts, in its transaction; marks the agency with the new version
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000001"
--   $3 = "00000000-0000-4000-8000-000000000002"
with moved as (
    insert into network_data_versions as v (network_uuid, version) values ($1::uuid, 1)
    on conflict (network_uuid) do update set version = v.version + 1
    returning version
  )
  insert into agency_data_versions as a (network_uuid, agency_uuid, version)
  select $2::uuid, $3::uuid, version from moved
  on conflict (network_uuid, agency_uuid) do update set version = excluded.version;

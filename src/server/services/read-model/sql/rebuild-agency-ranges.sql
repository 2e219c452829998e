-- Caller: rebuildNetwork (refresh.ts): where the network's agencies are cut into ranges of 250
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = 250
select a.uuid::text as uuid from (
    select uuid, row_number() over (order by uuid) as n from agencies where network_uuid = $1::uuid
  ) a
  where a.n > 1 and (a.n - 1) % $2 = 0
  order by a.uuid;

-- Caller: readAgencyCodePage (planning/agency-code-page.ts): the codes whose sort key ties, around a page's edges, in name order
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "{00000000-0000-4000-8000-000000000003}"
select ac.uuid from agency_codes ac
    join agencies a on a.uuid = ac.agency_uuid
    join carriers c on c.uuid = ac.carrier_uuid
    where a.network_uuid = $1::uuid and ac.uuid = any($2::uuid[]) order by lower(ac.code) collate "C" asc, lower(ac.name) collate "C" asc,
      lower(a.name) collate "C" asc, lower(c.display_name) collate "C" asc, ac.uuid;

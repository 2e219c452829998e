-- Caller: readAgencyCodePage (planning/agency-code-page.ts): an agency's codes in name order, the table sorted by name (descending)
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000002"
select ac.uuid from agency_codes ac
    join agencies a on a.uuid = ac.agency_uuid
    join carriers c on c.uuid = ac.carrier_uuid
    where ac.agency_uuid = $1::uuid order by lower(ac.code) collate "C" desc, lower(ac.name) collate "C" desc,
      lower(a.name) collate "C" desc, lower(c.display_name) collate "C" desc, ac.uuid;

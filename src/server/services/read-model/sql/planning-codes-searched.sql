-- Caller: readAgencyCodePage (planning/agency-code-page.ts): the codes of one carrier a search finds, carriers' names as collaboration mode shows them
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000001"
--   $2 = "00000000-0000-4000-8000-000000000003"
--   $3 = "00000000-0000-4000-8000-000000000003"
--   $4 = "[Hidden information]"
--   $5 = "smith"
select ac.uuid from agency_codes ac
    join agencies a on a.uuid = ac.agency_uuid
    join carriers c on c.uuid = ac.carrier_uuid
    where a.network_uuid = $1::uuid and ac.carrier_uuid = $2::uuid and lower(ac.code) || ' ' || lower(ac.name) || ' ' || lower(a.name) || ' ' || lower(case when c.uuid in ($3::uuid) then c.display_name else $4 end) like '%' || replace(replace(replace(lower($5), '\', '\\'), '%', '\%'), '_', '\_') || '%';

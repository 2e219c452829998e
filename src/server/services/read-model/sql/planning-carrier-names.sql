-- Caller: readAgencyCodePage (planning/agency-code-page.ts): the carriers' names in lower case, as collaboration mode shows them, which the table's search and name order read
-- Parameters:
--   $1 = "00000000-0000-4000-8000-000000000003"
--   $2 = "[Hidden information]"
select c.uuid, lower(case when c.uuid in ($1::uuid) then c.display_name else $2 end) as lower_name from carriers c;

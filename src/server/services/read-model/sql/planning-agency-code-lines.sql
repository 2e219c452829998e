-- Caller: pageQuery (planning/agency-code-page.ts): the lines of a page's codes only, when its rows are computed (codeRowsQuery without lines); there the figures are those the page holds as fig, and the codes its page's
select f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines
  from (select null::uuid as group_uuid, null::text as line_code, null::numeric as written_premium, null::numeric as prior_written_premium, null::numeric as new_written_premium, null::numeric as prior_new_written_premium, null::numeric as earned, null::numeric as prior_earned, null::numeric as incurred, null::numeric as prior_incurred) f
  where f.line_code is not null and f.group_uuid in (select uuid from agency_codes order by uuid limit 25)
  group by f.group_uuid;

-- Caller: pageQuery (planning/agency-code-page.ts): the lines of a page's codes only, when its rows are computed (codeRowsQuery without lines), from the figures the page holds as fig
select f.group_uuid, json_object_agg(f.line_code, json_build_array(f.written_premium, f.prior_written_premium, f.new_written_premium, f.prior_new_written_premium, f.earned, f.prior_earned, f.incurred, f.prior_incurred)) as lines
  from (select * from fig) f
  where f.line_code is not null and f.group_uuid in (select group_uuid from page)
  group by f.group_uuid;

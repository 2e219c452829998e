-- The grain, broad line, standard type and source of a running total go together (a standard type
-- belongs to one broad line; the grains other than 'type' have none): statistics over them together
-- let the planner count the rows a filter on a line's standard types keeps, where it took them as
-- independent, counted a network's thousands of rows as a few hundred and looked each one up apart.
CREATE STATISTICS IF NOT EXISTS "production_agency_running_totals_key_stats" (mcv, dependencies)
  ON "grain", "broad_code", "type_code", "source" FROM "production_agency_running_totals";
--> statement-breakpoint
ANALYZE "production_agency_running_totals";

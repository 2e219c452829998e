-- The planning tool's agency codes are kept in each server process per agency (decision 095): the kept tables and the triggers that kept their names go.
DROP TRIGGER "agencies_kept_code_names" ON "agencies";--> statement-breakpoint
DROP TRIGGER "agency_codes_kept_code_names" ON "agency_codes";--> statement-breakpoint
DROP FUNCTION "production_code_period_follow_agency"();--> statement-breakpoint
DROP FUNCTION "production_code_period_follow_code"();--> statement-breakpoint
DROP TABLE "production_code_period_agency_totals" CASCADE;--> statement-breakpoint
DROP TABLE "production_code_period_builds" CASCADE;--> statement-breakpoint
DROP TABLE "production_code_period_totals" CASCADE;

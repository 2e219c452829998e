-- Kept agency codes from before these columns have no names to search: dropped, built again.
DELETE FROM "production_code_period_agency_totals";--> statement-breakpoint
DELETE FROM "production_code_period_totals";--> statement-breakpoint
DELETE FROM "production_code_period_builds";--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "carrier_uuid" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "lower_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "lower_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "lower_agency_name" text NOT NULL;--> statement-breakpoint
-- The kept codes' names follow a renamed agency or code, whoever renames it (decision 036).
CREATE FUNCTION "production_code_period_follow_agency"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "production_code_period_totals" SET "lower_agency_name" = lower(NEW."name")
  WHERE "agency_uuid" = NEW."uuid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agencies_kept_code_names" AFTER UPDATE OF "name" ON "agencies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "production_code_period_follow_agency"();--> statement-breakpoint
CREATE FUNCTION "production_code_period_follow_code"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "production_code_period_totals"
  SET "carrier_uuid" = NEW."carrier_uuid", "lower_code" = lower(NEW."code"), "lower_name" = lower(NEW."name")
  WHERE "agency_uuid" = OLD."agency_uuid" AND "agency_code_uuid" = NEW."uuid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agency_codes_kept_code_names" AFTER UPDATE OF "code", "name", "carrier_uuid" ON "agency_codes"
  FOR EACH ROW WHEN ((OLD."code", OLD."name", OLD."carrier_uuid") IS DISTINCT FROM (NEW."code", NEW."name", NEW."carrier_uuid"))
  EXECUTE FUNCTION "production_code_period_follow_code"();

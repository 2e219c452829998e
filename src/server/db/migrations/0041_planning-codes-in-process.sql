-- The planning tool's agency codes are kept in each server process per agency (decision 095): the kept tables and the triggers that kept their names go.
DROP TRIGGER "agencies_kept_code_names" ON "agencies";--> statement-breakpoint
DROP TRIGGER "agency_codes_kept_code_names" ON "agency_codes";--> statement-breakpoint
DROP FUNCTION "production_code_period_follow_agency"();--> statement-breakpoint
DROP FUNCTION "production_code_period_follow_code"();--> statement-breakpoint
DROP TABLE "production_code_period_agency_totals" CASCADE;--> statement-breakpoint
DROP TABLE "production_code_period_builds" CASCADE;--> statement-breakpoint
DROP TABLE "production_code_period_totals" CASCADE;
--> statement-breakpoint
-- A renamed agency or code (or a code given to another carrier) changes the answers that name it, kept in the server processes: the agency's data version moves, and its part of them is computed again (decisions 078, 095).
CREATE FUNCTION "agency_data_versions_follow_names"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agency uuid;
  network uuid;
BEGIN
  IF TG_TABLE_NAME = 'agencies' THEN
    agency := NEW."uuid";
    network := NEW."network_uuid";
  ELSE
    agency := NEW."agency_uuid";
    SELECT a."network_uuid" INTO network FROM "agencies" a WHERE a."uuid" = agency;
  END IF;
  IF network IS NULL THEN RETURN NULL; END IF;
  WITH moved AS (
    INSERT INTO "network_data_versions" AS v ("network_uuid", "version") VALUES (network, 1)
    ON CONFLICT ("network_uuid") DO UPDATE SET "version" = v."version" + 1
    RETURNING "version"
  )
  INSERT INTO "agency_data_versions" AS d ("network_uuid", "agency_uuid", "version")
  SELECT network, agency, "version" FROM moved
  ON CONFLICT ("network_uuid", "agency_uuid") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agencies_names_data_version" AFTER UPDATE OF "name" ON "agencies"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "agency_data_versions_follow_names"();--> statement-breakpoint
CREATE TRIGGER "agency_codes_names_data_version" AFTER UPDATE OF "code", "name", "carrier_uuid" ON "agency_codes"
  FOR EACH ROW WHEN ((OLD."code", OLD."name", OLD."carrier_uuid") IS DISTINCT FROM (NEW."code", NEW."name", NEW."carrier_uuid"))
  EXECUTE FUNCTION "agency_data_versions_follow_names"();

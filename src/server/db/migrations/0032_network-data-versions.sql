CREATE TABLE "network_data_versions" (
	"network_uuid" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "network_data_versions_follow_agency"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved uuid[] := array[OLD.network_uuid];
BEGIN
  -- An agency deleted or moved to another network changes both networks' answers (decision 075).
  IF TG_OP = 'UPDATE' THEN
    IF NEW.network_uuid IS NOT DISTINCT FROM OLD.network_uuid THEN RETURN NULL; END IF;
    moved := moved || NEW.network_uuid;
  END IF;
  INSERT INTO network_data_versions AS v (network_uuid, version)
    SELECT DISTINCT n, 1 FROM unnest(moved) AS n WHERE n IS NOT NULL
    ON CONFLICT (network_uuid) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agencies_network_data_version" AFTER DELETE OR UPDATE OF "network_uuid" ON "agencies"
  FOR EACH ROW
  EXECUTE FUNCTION "network_data_versions_follow_agency"();

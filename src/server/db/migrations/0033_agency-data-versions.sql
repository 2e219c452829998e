CREATE TABLE "agency_data_versions" (
	"network_uuid" uuid NOT NULL,
	"agency_uuid" uuid NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "agency_data_versions_pk" PRIMARY KEY("network_uuid","agency_uuid")
);
--> statement-breakpoint
ALTER TABLE "network_data_versions" ADD COLUMN "reset_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_data_versions" ADD CONSTRAINT "agency_data_versions_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_data_versions_network_idx" ON "agency_data_versions" USING btree ("network_uuid","version");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "network_data_versions_follow_agency"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved uuid[] := array[OLD.network_uuid];
BEGIN
  -- An agency deleted or moved to another network changes both networks' answers (decision 075),
  -- every agency's at once: a kept answer is computed again whole (decision 078).
  IF TG_OP = 'UPDATE' THEN
    IF NEW.network_uuid IS NOT DISTINCT FROM OLD.network_uuid THEN RETURN NULL; END IF;
    moved := moved || NEW.network_uuid;
  END IF;
  INSERT INTO network_data_versions AS v (network_uuid, version, reset_version)
    SELECT DISTINCT n, 1, 1 FROM unnest(moved) AS n WHERE n IS NOT NULL
    ON CONFLICT (network_uuid) DO UPDATE SET version = v.version + 1, reset_version = v.version + 1;
  RETURN NULL;
END $$;

-- The running totals are derived: the new format (ROLLUP_FORMAT 7) builds them again at start.
TRUNCATE "production_agency_running_totals";--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "agency_code_uuid" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" DROP CONSTRAINT "production_agency_running_totals_pk";
--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD CONSTRAINT "production_agency_running_totals_pk" PRIMARY KEY("agency_uuid","month","grain","carrier_class","carrier_uuid","agency_code_uuid","broad_code","type_code","source");
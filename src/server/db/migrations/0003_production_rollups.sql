CREATE TABLE "carrier_reported_masks" (
	"agency_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"network_uuid" uuid NOT NULL,
	"carrier_class" smallint NOT NULL,
	"first_month" integer NOT NULL,
	"months" bit varying NOT NULL,
	CONSTRAINT "carrier_reported_masks_agency_uuid_carrier_uuid_pk" PRIMARY KEY("agency_uuid","carrier_uuid")
);
--> statement-breakpoint
CREATE TABLE "production_agency_running_totals" (
	"agency_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"grain" text NOT NULL,
	"carrier_class" smallint NOT NULL,
	"broad_code" text NOT NULL,
	"type_code" text NOT NULL,
	"source" text NOT NULL,
	"network_uuid" uuid NOT NULL,
	"facts" integer NOT NULL,
	"written_premium_cents" bigint NOT NULL,
	"written_premium_count" integer NOT NULL,
	"new_written_premium_cents" bigint NOT NULL,
	"new_written_premium_count" integer NOT NULL,
	"earned_cents" bigint NOT NULL,
	"earned_count" integer NOT NULL,
	"incurred_cents" bigint NOT NULL,
	"incurred_count" integer NOT NULL,
	CONSTRAINT "production_agency_running_totals_pk" PRIMARY KEY("agency_uuid","month","grain","carrier_class","broad_code","type_code","source")
);
--> statement-breakpoint
CREATE TABLE "production_carrier_months" (
	"network_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"line_uuid" uuid NOT NULL,
	"source" text NOT NULL,
	"written_premium" numeric(18, 2),
	"new_written_premium" numeric(18, 2),
	"earned" numeric(18, 2),
	"incurred" numeric(18, 2),
	CONSTRAINT "production_carrier_months_pk" PRIMARY KEY("network_uuid","month","carrier_uuid","line_uuid","source")
);
--> statement-breakpoint
CREATE TABLE "production_rollup_horizons" (
	"network_uuid" uuid PRIMARY KEY NOT NULL,
	"horizon" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "carrier_reported_masks_network_idx" ON "carrier_reported_masks" USING btree ("network_uuid");--> statement-breakpoint
CREATE INDEX "production_agency_running_totals_network_idx" ON "production_agency_running_totals" USING btree ("network_uuid","grain","month");
CREATE TABLE "production_code_period_agency_totals" (
	"agency_uuid" uuid NOT NULL,
	"network_uuid" uuid NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date NOT NULL,
	"line_code" text NOT NULL,
	"codes" integer NOT NULL,
	"written_premium" numeric(18, 2),
	"prior_written_premium" numeric(18, 2),
	"new_written_premium" numeric(18, 2),
	"prior_new_written_premium" numeric(18, 2),
	"earned" numeric(18, 2),
	"prior_earned" numeric(18, 2),
	"incurred" numeric(18, 2),
	"prior_incurred" numeric(18, 2),
	CONSTRAINT "production_code_period_agency_totals_pk" PRIMARY KEY("network_uuid","start_month","end_month","line_code","agency_uuid")
);
--> statement-breakpoint
CREATE INDEX "production_code_period_agency_totals_agency_idx" ON "production_code_period_agency_totals" USING btree ("agency_uuid","network_uuid");--> statement-breakpoint
CREATE INDEX "production_code_period_totals_written_premium_idx" ON "production_code_period_totals" USING btree ("network_uuid","start_month","end_month","line_code","written_premium" DESC NULLS LAST);--> statement-breakpoint
-- The periods a network keeps already: their agencies' sums, from their codes.
INSERT INTO "production_code_period_agency_totals" ("agency_uuid", "network_uuid", "start_month", "end_month", "line_code", "codes", "written_premium", "prior_written_premium", "new_written_premium", "prior_new_written_premium", "earned", "prior_earned", "incurred", "prior_incurred")
SELECT "agency_uuid", "network_uuid", "start_month", "end_month", "line_code", count(*), sum("written_premium"), sum("prior_written_premium"), sum("new_written_premium"), sum("prior_new_written_premium"), sum("earned"), sum("prior_earned"), sum("incurred"), sum("prior_incurred")
FROM "production_code_period_totals"
GROUP BY "agency_uuid", "network_uuid", "start_month", "end_month", "line_code";

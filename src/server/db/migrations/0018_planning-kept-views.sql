CREATE TABLE "production_code_period_builds" (
	"network_uuid" uuid NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date NOT NULL,
	"line_code" text NOT NULL,
	CONSTRAINT "production_code_period_builds_pk" PRIMARY KEY("network_uuid","start_month","end_month","line_code")
);
--> statement-breakpoint
CREATE TABLE "production_code_period_totals" (
	"agency_uuid" uuid NOT NULL,
	"agency_code_uuid" uuid NOT NULL,
	"network_uuid" uuid NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date NOT NULL,
	"line_code" text NOT NULL,
	"lines" json NOT NULL,
	"missing_current" boolean NOT NULL,
	"missing_prior" boolean NOT NULL,
	CONSTRAINT "production_code_period_totals_pk" PRIMARY KEY("agency_uuid","agency_code_uuid","network_uuid","start_month","end_month","line_code")
);
--> statement-breakpoint
CREATE TABLE "production_network_period_totals" (
	"network_uuid" uuid NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date NOT NULL,
	"includes_manual_entries" boolean NOT NULL,
	"lines" json NOT NULL,
	CONSTRAINT "production_network_period_totals_pk" PRIMARY KEY("network_uuid","start_month","end_month","includes_manual_entries")
);
--> statement-breakpoint
CREATE INDEX "production_code_period_totals_network_idx" ON "production_code_period_totals" USING btree ("network_uuid","start_month","end_month","line_code");
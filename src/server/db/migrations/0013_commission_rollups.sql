CREATE TABLE "commission_carrier_months" (
	"network_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"line_uuid" uuid NOT NULL,
	"written_premium" numeric(18, 2),
	"base_commission" numeric(18, 2),
	"additional_commission" numeric(18, 2),
	CONSTRAINT "commission_carrier_months_pk" PRIMARY KEY("network_uuid","month","carrier_uuid","line_uuid")
);
--> statement-breakpoint
CREATE TABLE "commission_reported_changes" (
	"agency_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"network_uuid" uuid NOT NULL,
	CONSTRAINT "commission_reported_changes_agency_uuid_carrier_uuid_month_pk" PRIMARY KEY("agency_uuid","carrier_uuid","month")
);
--> statement-breakpoint
CREATE INDEX "commission_reported_changes_network_idx" ON "commission_reported_changes" USING btree ("network_uuid","month");
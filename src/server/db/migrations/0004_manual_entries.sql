CREATE TABLE "carrier_requests" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_uuid" uuid,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"carrier_name" text NOT NULL,
	"carrier_type" text NOT NULL,
	"carrier_website" text NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"forwarded_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"transport" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_entries" (
	"agency_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"network_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"agency_code_uuid" uuid NOT NULL,
	"line_uuid" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"written_premium" numeric(16, 2) NOT NULL,
	"new_business" numeric(16, 2) NOT NULL,
	"mover" numeric(16, 2) NOT NULL,
	"incurred_loss" numeric(16, 2) NOT NULL,
	"earned_premium" numeric(16, 2) NOT NULL,
	"loss_ratio" numeric(14, 5) NOT NULL,
	"radio" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_request_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_entries_agency_uuid_uuid_pk" PRIMARY KEY("agency_uuid","uuid")
);
--> statement-breakpoint
ALTER TABLE "agency_codes" ADD COLUMN "origin" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "production_rollup_horizons" ADD COLUMN "format" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_entries" ADD CONSTRAINT "manual_entries_line_uuid_lines_of_business_uuid_fk" FOREIGN KEY ("line_uuid") REFERENCES "public"."lines_of_business"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_requests_created_idx" ON "carrier_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_entries_uuid_uidx" ON "manual_entries" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_entries_key_uidx" ON "manual_entries" USING btree ("agency_uuid","carrier_uuid","agency_code_uuid","line_uuid","year","month");--> statement-breakpoint
CREATE INDEX "manual_entries_network_idx" ON "manual_entries" USING btree ("network_uuid");--> statement-breakpoint
ALTER TABLE "carrier_reported_masks" DROP COLUMN "first_month";--> statement-breakpoint
ALTER TABLE "carrier_reported_masks" DROP COLUMN "months";--> statement-breakpoint
DELETE FROM "carrier_reported_masks";--> statement-breakpoint
ALTER TABLE "carrier_reported_masks" ADD COLUMN "reported_months" "int4multirange" NOT NULL;
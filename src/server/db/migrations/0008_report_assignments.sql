CREATE TABLE "report_access_requests" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_uuid" uuid,
	"network_uuid" uuid,
	"user_id" uuid NOT NULL,
	"report_key" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"forwarded_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_assignments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_uuid" uuid NOT NULL,
	"agency_uuid" uuid,
	"report_key" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"workspace_id" text DEFAULT '' NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_assignments_level_report_key" UNIQUE NULLS NOT DISTINCT("network_uuid","agency_uuid","report_key")
);
--> statement-breakpoint
ALTER TABLE "report_assignments" ADD CONSTRAINT "report_assignments_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_assignments" ADD CONSTRAINT "report_assignments_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_access_requests_created_idx" ON "report_access_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_assignments_agency_idx" ON "report_assignments" USING btree ("agency_uuid");
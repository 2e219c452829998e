CREATE TABLE "network_intelligence_settings" (
	"network_uuid" uuid PRIMARY KEY NOT NULL,
	"size_band_limits" bigint[] NOT NULL,
	"loss_ratio_threshold" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "network_intelligence_settings" ADD CONSTRAINT "network_intelligence_settings_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;
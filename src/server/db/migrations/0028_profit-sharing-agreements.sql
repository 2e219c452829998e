CREATE TABLE "profit_share_agreements" (
	"network_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agency_uuid" uuid,
	"carrier_uuid" uuid NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"measure" text NOT NULL,
	"lines" json NOT NULL,
	"terms" json NOT NULL,
	"policies_in_force" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_share_agreements_network_uuid_uuid_pk" PRIMARY KEY("network_uuid","uuid")
);
--> statement-breakpoint
ALTER TABLE "profit_share_agreements" ADD CONSTRAINT "profit_share_agreements_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_agreements" ADD CONSTRAINT "profit_share_agreements_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_agreements" ADD CONSTRAINT "profit_share_agreements_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profit_share_agreements_uuid_idx" ON "profit_share_agreements" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "profit_share_agreements_name_uidx" ON "profit_share_agreements" USING btree ("network_uuid",coalesce("agency_uuid", '00000000-0000-0000-0000-000000000000'::uuid),"carrier_uuid","year",lower("name"));
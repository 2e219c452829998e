CREATE TABLE "profit_share_check_allocations" (
	"network_uuid" uuid NOT NULL,
	"check_uuid" uuid NOT NULL,
	"agency_uuid" uuid NOT NULL,
	"line_uuid" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"allocated_by" uuid,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_share_check_allocations_pk" PRIMARY KEY("network_uuid","check_uuid","agency_uuid")
);
--> statement-breakpoint
CREATE TABLE "profit_share_checks" (
	"network_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"agreement_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"received_on" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_share_checks_network_uuid_uuid_pk" PRIMARY KEY("network_uuid","uuid")
);
--> statement-breakpoint
ALTER TABLE "profit_share_check_allocations" ADD CONSTRAINT "profit_share_check_allocations_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_check_allocations" ADD CONSTRAINT "profit_share_check_allocations_check_fk" FOREIGN KEY ("network_uuid","check_uuid") REFERENCES "public"."profit_share_checks"("network_uuid","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_check_allocations" ADD CONSTRAINT "profit_share_check_allocations_line_fk" FOREIGN KEY ("line_uuid") REFERENCES "public"."lines_of_business"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_checks" ADD CONSTRAINT "profit_share_checks_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_checks" ADD CONSTRAINT "profit_share_checks_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_share_checks" ADD CONSTRAINT "profit_share_checks_agreement_fk" FOREIGN KEY ("network_uuid","agreement_uuid") REFERENCES "public"."profit_share_agreements"("network_uuid","uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profit_share_check_allocations_agency_idx" ON "profit_share_check_allocations" USING btree ("agency_uuid");--> statement-breakpoint
CREATE INDEX "profit_share_checks_uuid_idx" ON "profit_share_checks" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "profit_share_checks_network_year_idx" ON "profit_share_checks" USING btree ("network_uuid","year");
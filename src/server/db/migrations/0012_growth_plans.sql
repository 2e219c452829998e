CREATE TABLE "growth_plan_rows" (
	"agency_uuid" uuid NOT NULL,
	"plan_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"line_code" text NOT NULL,
	"prior_written_premium" numeric(16, 2) NOT NULL,
	"growth_goal" numeric(7, 2) NOT NULL,
	"rate" numeric(7, 2) NOT NULL,
	"retention" numeric(7, 2) NOT NULL,
	CONSTRAINT "growth_plan_rows_agency_uuid_plan_uuid_carrier_uuid_line_code_pk" PRIMARY KEY("agency_uuid","plan_uuid","carrier_uuid","line_code"),
	CONSTRAINT "growth_plan_rows_retention_range" CHECK ("growth_plan_rows"."retention" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "growth_plans" (
	"agency_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"network_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_plans_agency_uuid_uuid_pk" PRIMARY KEY("agency_uuid","uuid")
);
--> statement-breakpoint
ALTER TABLE "growth_plan_rows" ADD CONSTRAINT "growth_plan_rows_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_plan_rows" ADD CONSTRAINT "growth_plan_rows_plan_fk" FOREIGN KEY ("agency_uuid","plan_uuid") REFERENCES "public"."growth_plans"("agency_uuid","uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_plans" ADD CONSTRAINT "growth_plans_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_plan_rows_plan_idx" ON "growth_plan_rows" USING btree ("plan_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_plans_uuid_uidx" ON "growth_plans" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_plans_agency_year_uidx" ON "growth_plans" USING btree ("agency_uuid","year");
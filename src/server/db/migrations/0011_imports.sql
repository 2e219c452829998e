CREATE TABLE "import_added_months" (
	"import_uuid" uuid NOT NULL,
	"agency_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_profiles" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"header_fingerprint" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_replaced_facts" (
	"import_uuid" uuid NOT NULL,
	"fact" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_row_errors" (
	"import_uuid" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"column" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_uuid" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"agency_code" text,
	"carrier" text,
	"line" text,
	"month" date,
	"written_premium" numeric(16, 2),
	"new_written_premium" numeric(16, 2),
	"earned" numeric(16, 2),
	"incurred" numeric(16, 2),
	"base_commission" numeric(16, 2),
	"additional_commission" numeric(16, 2),
	CONSTRAINT "import_rows_import_uuid_row_number_pk" PRIMARY KEY("import_uuid","row_number")
);
--> statement-breakpoint
CREATE TABLE "import_scopes" (
	"import_uuid" uuid NOT NULL,
	"agency_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"agency_code_uuid" uuid,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_value_mappings" (
	"network_uuid" uuid NOT NULL,
	"dimension" text NOT NULL,
	"scope_key" text DEFAULT '' NOT NULL,
	"source_value" text NOT NULL,
	"target_uuid" uuid,
	"miscellaneous" boolean DEFAULT false NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_value_mappings_network_uuid_dimension_scope_key_source_value_pk" PRIMARY KEY("network_uuid","dimension","scope_key","source_value")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_uuid" uuid NOT NULL,
	"agency_uuid" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" integer NOT NULL,
	"carrier_uuid" uuid,
	"covers_through" date NOT NULL,
	"detected" jsonb NOT NULL,
	"header" jsonb NOT NULL,
	"header_fingerprint" text NOT NULL,
	"columns" jsonb,
	"row_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"rows_loaded" integer,
	"rows_skipped" integer,
	"totals" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_by" uuid,
	"committed_at" timestamp with time zone,
	"undone_by" uuid,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_added_months" ADD CONSTRAINT "import_added_months_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_profiles" ADD CONSTRAINT "import_profiles_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_replaced_facts" ADD CONSTRAINT "import_replaced_facts_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row_errors" ADD CONSTRAINT "import_row_errors_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_scopes" ADD CONSTRAINT "import_scopes_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_value_mappings" ADD CONSTRAINT "import_value_mappings_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_added_months_import_idx" ON "import_added_months" USING btree ("import_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "import_profiles_fingerprint_uidx" ON "import_profiles" USING btree ("network_uuid","kind","header_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "import_profiles_name_uidx" ON "import_profiles" USING btree ("network_uuid","name");--> statement-breakpoint
CREATE INDEX "import_replaced_facts_import_idx" ON "import_replaced_facts" USING btree ("import_uuid");--> statement-breakpoint
CREATE INDEX "import_row_errors_import_idx" ON "import_row_errors" USING btree ("import_uuid","row_number");--> statement-breakpoint
CREATE INDEX "import_scopes_import_idx" ON "import_scopes" USING btree ("import_uuid");--> statement-breakpoint
CREATE INDEX "import_scopes_cell_idx" ON "import_scopes" USING btree ("agency_uuid","carrier_uuid","month");--> statement-breakpoint
CREATE INDEX "imports_network_idx" ON "imports" USING btree ("network_uuid","created_at");
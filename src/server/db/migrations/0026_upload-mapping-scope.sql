CREATE TABLE "import_value_choices" (
	"import_uuid" uuid NOT NULL,
	"dimension" text NOT NULL,
	"scope_key" text DEFAULT '' NOT NULL,
	"source_value" text NOT NULL,
	"target_uuid" uuid,
	"miscellaneous" boolean DEFAULT false NOT NULL,
	"overrides_exact" boolean DEFAULT false NOT NULL,
	"chosen_by" uuid NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_value_choices_import_uuid_dimension_scope_key_source_value_pk" PRIMARY KEY("import_uuid","dimension","scope_key","source_value")
);
--> statement-breakpoint
ALTER TABLE "import_value_mappings" DROP CONSTRAINT "import_value_mappings_network_uuid_dimension_scope_key_source_value_pk";--> statement-breakpoint
ALTER TABLE "import_value_mappings" ADD COLUMN "uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "import_value_mappings" ADD COLUMN "agency_uuid" uuid;--> statement-breakpoint
ALTER TABLE "import_value_mappings" ADD COLUMN "overrides_exact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_value_choices" ADD CONSTRAINT "import_value_choices_import_uuid_imports_uuid_fk" FOREIGN KEY ("import_uuid") REFERENCES "public"."imports"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_value_mappings" ADD CONSTRAINT "import_value_mappings_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_value_mappings" ADD CONSTRAINT "import_value_mappings_value_uq" UNIQUE NULLS NOT DISTINCT("network_uuid","agency_uuid","dimension","scope_key","source_value");--> statement-breakpoint
-- Mappings an agency's administrator saved were network-wide: they become that agency's own.
UPDATE "import_value_mappings" m SET "agency_uuid" = u."agency_uuid"
FROM "users" u WHERE u."id" = m."updated_by" AND u."user_type" = 'agency' AND u."agency_uuid" IS NOT NULL;

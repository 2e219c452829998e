CREATE TABLE "access_records" (
	"user_id" uuid NOT NULL,
	"product_component_key" text NOT NULL,
	"deny_access" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_records_user_id_product_component_key_pk" PRIMARY KEY("user_id","product_component_key")
);
--> statement-breakpoint
CREATE TABLE "feature_flag_targets" (
	"flag_key" text NOT NULL,
	"target_type" text NOT NULL,
	"target_uuid" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "feature_flag_targets_flag_key_target_type_target_uuid_pk" PRIMARY KEY("flag_key","target_type","target_uuid")
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"feature_id" uuid,
	"is_live" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"external_id" text,
	"is_live" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_features_key_unique" UNIQUE("key"),
	CONSTRAINT "product_features_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "subscriber_features" (
	"agency_uuid" uuid NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_features_agency_uuid_external_id_pk" PRIMARY KEY("agency_uuid","external_id")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" uuid NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_pk" PRIMARY KEY("user_id","permission")
);
--> statement-breakpoint
CREATE TABLE "whats_new_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"published_on" date NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feature_flag_targets" ADD CONSTRAINT "feature_flag_targets_flag_key_feature_flags_key_fk" FOREIGN KEY ("flag_key") REFERENCES "public"."feature_flags"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_feature_id_product_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."product_features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_flag_targets_target_idx" ON "feature_flag_targets" USING btree ("target_uuid");
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_uuid" uuid,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"user_type" text DEFAULT 'agency' NOT NULL,
	"network_uuid" uuid,
	"agency_uuid" uuid,
	"is_owner" boolean DEFAULT false NOT NULL,
	"is_administrator" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"enable_mfa_options" boolean DEFAULT false NOT NULL,
	"allow_email_mfa" boolean DEFAULT false NOT NULL,
	"allow_authenticator_mfa" boolean DEFAULT false NOT NULL,
	"allow_sms_mfa" boolean DEFAULT false NOT NULL,
	"allow_opt_out_mfa" boolean DEFAULT false NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"is_core_carrier" boolean DEFAULT false NOT NULL,
	"is_mga" boolean DEFAULT false NOT NULL,
	"is_crop" boolean DEFAULT false NOT NULL,
	"is_flood" boolean DEFAULT false NOT NULL,
	"is_surety" boolean DEFAULT false NOT NULL,
	"is_workers_comp" boolean DEFAULT false NOT NULL,
	"is_standard" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classifications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "classifications_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "lines_of_business" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classification_uuid" uuid NOT NULL,
	"parent_uuid" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_codes" (
	"agency_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_codes_agency_uuid_uuid_pk" PRIMARY KEY("agency_uuid","uuid")
);
--> statement-breakpoint
CREATE TABLE "carrier_reported_months" (
	"agency_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"network_uuid" uuid NOT NULL,
	CONSTRAINT "carrier_reported_months_agency_uuid_carrier_uuid_month_pk" PRIMARY KEY("agency_uuid","carrier_uuid","month")
);
--> statement-breakpoint
CREATE TABLE "commission_facts" (
	"agency_uuid" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "commission_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"network_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"line_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"source" text DEFAULT 'feed' NOT NULL,
	"written_premium" numeric(16, 2),
	"base_commission" numeric(16, 2),
	"additional_commission" numeric(16, 2),
	CONSTRAINT "commission_facts_agency_uuid_id_pk" PRIMARY KEY("agency_uuid","id")
);
--> statement-breakpoint
CREATE TABLE "production_facts" (
	"agency_uuid" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "production_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"network_uuid" uuid NOT NULL,
	"carrier_uuid" uuid NOT NULL,
	"line_uuid" uuid NOT NULL,
	"agency_code_uuid" uuid,
	"month" date NOT NULL,
	"source" text DEFAULT 'feed' NOT NULL,
	"written_premium" numeric(16, 2),
	"new_written_premium" numeric(16, 2),
	"earned" numeric(16, 2),
	"incurred" numeric(16, 2),
	CONSTRAINT "production_facts_agency_uuid_id_pk" PRIMARY KEY("agency_uuid","id")
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"agency_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"primary_user_uuid" uuid,
	"bypass_external_subscriber" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"agency_uuid" uuid NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_uuid" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines_of_business" ADD CONSTRAINT "lines_of_business_classification_uuid_classifications_uuid_fk" FOREIGN KEY ("classification_uuid") REFERENCES "public"."classifications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_codes" ADD CONSTRAINT "agency_codes_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_codes" ADD CONSTRAINT "agency_codes_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_reported_months" ADD CONSTRAINT "carrier_reported_months_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_reported_months" ADD CONSTRAINT "carrier_reported_months_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_facts" ADD CONSTRAINT "commission_facts_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_facts" ADD CONSTRAINT "commission_facts_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_facts" ADD CONSTRAINT "commission_facts_line_uuid_lines_of_business_uuid_fk" FOREIGN KEY ("line_uuid") REFERENCES "public"."lines_of_business"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_facts" ADD CONSTRAINT "production_facts_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_facts" ADD CONSTRAINT "production_facts_carrier_uuid_carriers_uuid_fk" FOREIGN KEY ("carrier_uuid") REFERENCES "public"."carriers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_facts" ADD CONSTRAINT "production_facts_line_uuid_lines_of_business_uuid_fk" FOREIGN KEY ("line_uuid") REFERENCES "public"."lines_of_business"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_network_uuid_networks_uuid_fk" FOREIGN KEY ("network_uuid") REFERENCES "public"."networks"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_agency_idx" ON "audit_log" USING btree ("agency_uuid","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_uuid");--> statement-breakpoint
CREATE INDEX "users_network_idx" ON "users" USING btree ("network_uuid");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_name_uidx" ON "carriers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_of_business_code_uidx" ON "lines_of_business" USING btree ("classification_uuid","code");--> statement-breakpoint
CREATE INDEX "lines_of_business_parent_idx" ON "lines_of_business" USING btree ("parent_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_codes_code_uidx" ON "agency_codes" USING btree ("agency_uuid","carrier_uuid","code");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_codes_uuid_uidx" ON "agency_codes" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "carrier_reported_months_network_idx" ON "carrier_reported_months" USING btree ("network_uuid","month");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_facts_grain_uidx" ON "commission_facts" USING btree ("agency_uuid","carrier_uuid","line_uuid","month","source");--> statement-breakpoint
CREATE INDEX "commission_facts_network_month_idx" ON "commission_facts" USING btree ("network_uuid","month");--> statement-breakpoint
CREATE UNIQUE INDEX "production_facts_grain_uidx" ON "production_facts" USING btree ("agency_uuid","carrier_uuid","line_uuid","month","source",coalesce("agency_code_uuid", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "production_facts_agency_month_idx" ON "production_facts" USING btree ("agency_uuid","month");--> statement-breakpoint
CREATE INDEX "production_facts_network_month_idx" ON "production_facts" USING btree ("network_uuid","month");--> statement-breakpoint
CREATE INDEX "agencies_network_idx" ON "agencies" USING btree ("network_uuid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_agency_uidx" ON "subscribers" USING btree ("agency_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_uuid_uidx" ON "subscribers" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_pk_uidx" ON "subscriptions" USING btree ("agency_uuid","uuid");--> statement-breakpoint
CREATE INDEX "subscriptions_subscriber_idx" ON "subscriptions" USING btree ("agency_uuid","subscriber_uuid","created_at" DESC NULLS LAST);
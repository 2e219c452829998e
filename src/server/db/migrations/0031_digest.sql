CREATE TABLE "digest_runs" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"period" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "digest_settings" (
	"user_uuid" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"day" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_settings_day" CHECK (("digest_settings"."mode" = 'day') = ("digest_settings"."day" is not null) and ("digest_settings"."day" is null or "digest_settings"."day" between 1 and 28))
);
--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_user_uuid_users_id_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_settings" ADD CONSTRAINT "digest_settings_user_uuid_users_id_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_runs_user_period" ON "digest_runs" USING btree ("user_uuid","period");--> statement-breakpoint
CREATE INDEX "digest_runs_pending" ON "digest_runs" USING btree ("status","period");
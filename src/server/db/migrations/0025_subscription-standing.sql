CREATE TABLE "checkout_sessions" (
	"agency_uuid" uuid PRIMARY KEY NOT NULL,
	"price_uuid" uuid NOT NULL,
	"session_id" text,
	"url" text,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_agency_uuid_agencies_uuid_fk" FOREIGN KEY ("agency_uuid") REFERENCES "public"."agencies"("uuid") ON DELETE no action ON UPDATE no action;
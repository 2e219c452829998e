CREATE TABLE "collaboration_modes" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"carrier_uuids" uuid[] NOT NULL,
	"share_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaboration_modes" ADD CONSTRAINT "collaboration_modes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
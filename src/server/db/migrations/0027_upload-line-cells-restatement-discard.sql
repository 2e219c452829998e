ALTER TABLE "import_scopes" ADD COLUMN "line_uuid" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "rows_excluded" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "restatement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "discarded_by" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "discarded_at" timestamp with time zone;
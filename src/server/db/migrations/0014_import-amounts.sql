ALTER TABLE "import_profiles" ADD COLUMN "amounts" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "amounts" text DEFAULT 'monthly' NOT NULL;
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_facts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_written_premium_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_written_premium_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_new_written_premium_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_new_written_premium_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_earned_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_earned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_incurred_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_incurred_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_agency_running_totals" ADD COLUMN "year_ago_paid_on_cents" bigint DEFAULT 0 NOT NULL;
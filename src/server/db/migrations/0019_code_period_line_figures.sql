-- Kept agency codes from before these columns would read as not reported: dropped, built again.
DELETE FROM "production_code_period_totals";--> statement-breakpoint
DELETE FROM "production_code_period_builds";--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "written_premium" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "prior_written_premium" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "new_written_premium" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "prior_new_written_premium" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "earned" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "prior_earned" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "incurred" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "production_code_period_totals" ADD COLUMN "prior_incurred" numeric(18, 2);

-- Carrier Production by agency is kept in each server process per agency (decision 092).
DROP TABLE "production_period_builds" CASCADE;--> statement-breakpoint
DROP TABLE "production_period_flags" CASCADE;--> statement-breakpoint
DROP TABLE "production_period_totals" CASCADE;
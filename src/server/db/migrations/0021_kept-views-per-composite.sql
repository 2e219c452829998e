DROP INDEX "production_period_flags_network_idx";--> statement-breakpoint
DROP INDEX "production_period_totals_network_idx";--> statement-breakpoint
ALTER TABLE "production_period_builds" ADD COLUMN "composite" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "production_period_flags" ADD COLUMN "composite" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "production_period_totals" ADD COLUMN "composite" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
CREATE INDEX "production_period_flags_network_idx" ON "production_period_flags" USING btree ("network_uuid","start_month","end_month","composite");--> statement-breakpoint
CREATE INDEX "production_period_totals_network_idx" ON "production_period_totals" USING btree ("network_uuid","start_month","end_month","line_code","composite");--> statement-breakpoint
ALTER TABLE "production_period_builds" DROP CONSTRAINT "production_period_builds_pk";
--> statement-breakpoint
ALTER TABLE "production_period_builds" ADD CONSTRAINT "production_period_builds_pk" PRIMARY KEY("network_uuid","start_month","end_month","line_code","composite");--> statement-breakpoint
ALTER TABLE "production_period_flags" DROP CONSTRAINT "production_period_flags_pk";
--> statement-breakpoint
ALTER TABLE "production_period_flags" ADD CONSTRAINT "production_period_flags_pk" PRIMARY KEY("agency_uuid","network_uuid","start_month","end_month","composite");--> statement-breakpoint
ALTER TABLE "production_period_totals" DROP CONSTRAINT "production_period_totals_pk";
--> statement-breakpoint
ALTER TABLE "production_period_totals" ADD CONSTRAINT "production_period_totals_pk" PRIMARY KEY("agency_uuid","network_uuid","start_month","end_month","line_code","composite");
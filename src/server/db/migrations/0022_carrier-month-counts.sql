ALTER TABLE "production_carrier_months" ADD COLUMN "facts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ADD COLUMN "written_premium_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ADD COLUMN "new_written_premium_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ADD COLUMN "earned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ADD COLUMN "incurred_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The carrier-months built before: their counts, from the facts they sum (decision 035).
UPDATE "production_carrier_months" m SET "facts" = s.facts, "written_premium_count" = s.wp,
  "new_written_premium_count" = s.nwp, "earned_count" = s.ep, "incurred_count" = s.il
FROM (
  SELECT network_uuid, month, carrier_uuid, line_uuid, source, gap_months, count(*) AS facts,
    count(written_premium) AS wp, count(new_written_premium) AS nwp, count(earned) AS ep, count(incurred) AS il
  FROM production_facts
  GROUP BY network_uuid, month, carrier_uuid, line_uuid, source, gap_months
) s
WHERE m.network_uuid = s.network_uuid AND m.month = s.month AND m.carrier_uuid = s.carrier_uuid
  AND m.line_uuid = s.line_uuid AND m.source = s.source AND m.gap_months = s.gap_months;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ALTER COLUMN "facts" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ALTER COLUMN "written_premium_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ALTER COLUMN "new_written_premium_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ALTER COLUMN "earned_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ALTER COLUMN "incurred_count" DROP DEFAULT;

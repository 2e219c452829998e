ALTER TABLE "production_facts" ADD COLUMN "gap_months" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_carrier_months" ADD COLUMN "gap_months" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "production_facts_spans_idx" ON "production_facts" USING btree ("network_uuid","month") WHERE "production_facts"."gap_months" > 0;--> statement-breakpoint
ALTER TABLE "production_carrier_months" DROP CONSTRAINT "production_carrier_months_pk";
--> statement-breakpoint
ALTER TABLE "production_carrier_months" ADD CONSTRAINT "production_carrier_months_pk" PRIMARY KEY("network_uuid","month","carrier_uuid","line_uuid","source","gap_months");--> statement-breakpoint
-- Manual entries saved before: a month after a missing one covers the gap too.
UPDATE "production_facts" f SET "gap_months" = g.gap
FROM (
  SELECT agency_uuid, carrier_uuid, agency_code_uuid, line_uuid, make_date(year, month, 1) AS month,
    month - coalesce(lag(month) OVER (PARTITION BY agency_uuid, carrier_uuid, agency_code_uuid, line_uuid, year ORDER BY month), 0) - 1 AS gap
  FROM manual_entries
) g
WHERE f.source = 'manual' AND f.agency_uuid = g.agency_uuid AND f.carrier_uuid = g.carrier_uuid
  AND f.agency_code_uuid = g.agency_code_uuid AND f.line_uuid = g.line_uuid AND f.month = g.month AND g.gap > 0;

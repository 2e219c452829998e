-- The running totals of a network, grain and month are read by line too: a request for one line reads only its keys (decision 093).
DROP INDEX "production_agency_running_totals_network_idx";--> statement-breakpoint
CREATE INDEX "production_agency_running_totals_line_idx" ON "production_agency_running_totals" USING btree ("network_uuid","grain","month","broad_code","type_code");
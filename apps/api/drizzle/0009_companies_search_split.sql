DROP INDEX "affiliate_companies_sort_idx";--> statement-breakpoint
DROP INDEX "affiliate_companies_type_sort_idx";--> statement-breakpoint
CREATE INDEX "affiliate_companies_name_inner_trgm_idx" ON "affiliate_companies" USING gin (substr(lower("company_name"), 2) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "affiliate_companies_sort_idx" ON "affiliate_companies" USING btree (lower("company_name") COLLATE "C","id","company_name");--> statement-breakpoint
CREATE INDEX "affiliate_companies_type_sort_idx" ON "affiliate_companies" USING btree ("entity_type",lower("company_name") COLLATE "C","id","company_name");
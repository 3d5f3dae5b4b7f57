-- docs/decisions/041-gin-without-pending-list.md: every GIN index writes its new
-- entries straight into the index, not into a pending list. With the list, each update of an
-- offer (a click, an edit: none is HOT) queued its words, trigrams and GEOs there; every word
-- search read the whole list (11,405 entries, 363 pages, on the bench's 1M database after a few
-- runs), and whichever write filled it past 4 MB merged it into the index while the others waited
-- (writes of 500-600 ms, pauses of 300 ms to 1 s in every kind of the mix). Turning the option off
-- does not merge what is queued already: gin_clean_pending_list does.
ALTER INDEX "affiliate_companies_name_inner_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "affiliate_companies_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "affiliate_company_contacts_search_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "entities_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "offer_requests_geos_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "offer_requests_vertical_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "offer_title_words_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "offers_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "offers_target_geo_gin_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "offers_title_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list(c.oid)
  FROM pg_class c JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE a.amname = 'gin' AND n.nspname = current_schema();

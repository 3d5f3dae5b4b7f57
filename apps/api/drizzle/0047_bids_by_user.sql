-- docs/decisions/026-public-pages-and-data-rights.md: an account's data export lists the bids it
-- placed; read along this index, newest first, like every other list of the export.
CREATE INDEX IF NOT EXISTS "bids_user_idx" ON "bids" USING btree ("user_id","created_at" DESC NULLS LAST);

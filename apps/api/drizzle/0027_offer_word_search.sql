-- Offer discovery (docs/decisions/028-offer-word-search.md): word search with weights,
-- "did you mean" from the titles' words, the explorer's new filters and sorts, saved searches.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent(text) is STABLE (it looks its dictionary up by name); naming the dictionary makes the
-- result depend on the text only, so an index and a generated column may use it.
CREATE OR REPLACE FUNCTION trustlinks_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Title A, category B, the description's first 2,000 characters C (ts_rank's weights 1.0, 0.4,
-- 0.2). Kept by a trigger rather than a generated column, so that only a change of these three
-- fields recomputes it (a click or a postback also updates the offer's row).
CREATE OR REPLACE FUNCTION trustlinks_offer_search_vector(title text, category text, description text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english'::regconfig, trustlinks_unaccent(coalesce(title, ''))), 'A') ||
      setweight(to_tsvector('english'::regconfig, trustlinks_unaccent(coalesce(category, ''))), 'B') ||
      setweight(to_tsvector('english'::regconfig, trustlinks_unaccent(left(coalesce(description, ''), 2000))), 'C')
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_offer_search_vector_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := trustlinks_offer_search_vector(NEW.title, NEW.category, NEW.description);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_vector" tsvector;
--> statement-breakpoint
UPDATE "offers" SET "search_vector" = trustlinks_offer_search_vector("title", "category", "description");
--> statement-breakpoint
CREATE TRIGGER offers_search_vector
  BEFORE INSERT OR UPDATE OF title, category, description ON offers
  FOR EACH ROW EXECUTE FUNCTION trustlinks_offer_search_vector_row();
--> statement-breakpoint
CREATE INDEX "offers_search_vector_idx" ON "offers" USING gin ("search_vector") WHERE "offers"."offer_status" = 'active';
--> statement-breakpoint
-- The explorer's new filters and sorts, each with the index it walks.
CREATE INDEX "offers_payout_type_feed_idx" ON "offers" USING btree ("payout_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"entity_id","expires_at") WHERE "offers"."offer_status" = 'active';
--> statement-breakpoint
CREATE INDEX "offers_payout_idx" ON "offers" USING btree ("payout_amount" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"entity_id","expires_at") WHERE "offers"."offer_status" = 'active';
--> statement-breakpoint
-- The distinct words of offer titles, for "Did you mean …" (trigram similarity). Words are kept
-- when the offer goes: a suggestion is checked against the live offers before it is shown.
CREATE TABLE "offer_title_words" (
  "word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offer_title_words_trgm_idx" ON "offer_title_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_title_words(text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT DISTINCT w FROM regexp_split_to_table(lower(trustlinks_unaccent($1)), '[^[:alpha:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 40
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_offer_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_title_words (word)
    SELECT DISTINCT trustlinks_title_words(title) FROM new_offers
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Statement triggers: a bulk insert (the seed, the benchmark's million) adds its words in one go.
CREATE TRIGGER offers_title_words_insert
  AFTER INSERT ON offers REFERENCING NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_title_words();
--> statement-breakpoint
-- (A transition table cannot be limited to some columns: a row trigger on a title change.)
CREATE OR REPLACE FUNCTION trustlinks_offer_title_words_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_title_words (word)
    SELECT trustlinks_title_words(NEW.title)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_title_words_update
  AFTER UPDATE OF title ON offers
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION trustlinks_offer_title_words_row();
--> statement-breakpoint
INSERT INTO offer_title_words (word)
  SELECT DISTINCT trustlinks_title_words(title) FROM offers
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Saved searches with a daily alert (bell, and the digest mail per notification preferences).
CREATE TABLE "saved_searches" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL,
  "name" text NOT NULL,
  "filters" jsonb NOT NULL,
  "checked_until" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- The alert worker takes the searches whose day has passed, oldest first.
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("checked_until");

-- docs/decisions/036-prefix-expansion.md: the distinct lexemes of the offers' search
-- documents, so the last word of a search, matched as a prefix, is expanded into the lexemes that
-- exist ('glow':* becomes 'glow' | 'glowi'). GIN then skips through exact posting lists beside the
-- other words instead of reading every posting list the prefix covers into a bitmap.
-- Bytewise order ("C"), so a prefix is one range of the primary key.
CREATE TABLE "offer_search_lexemes" (
  "lexeme" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Lexemes are kept when their offers go or change: a lexeme no offer has any more only adds an
-- alternative that matches nothing. A missing one would lose matches, so every write of a search
-- document adds its lexemes in the same transaction.
CREATE OR REPLACE FUNCTION trustlinks_offer_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_search_lexemes (lexeme)
    SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM new_offers
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A statement trigger: a bulk insert (the seed, the benchmark's million) adds its lexemes at once.
CREATE TRIGGER offers_search_lexemes_insert
  AFTER INSERT ON offers REFERENCING NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_search_lexemes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_offer_search_lexemes_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_search_lexemes (lexeme)
    SELECT unnest(tsvector_to_array(NEW.search_vector))
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An edit of the title, category or description (the BEFORE trigger offers_search_vector has
-- recomputed the document by then).
CREATE TRIGGER offers_search_lexemes_update
  AFTER UPDATE OF title, category, description ON offers
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION trustlinks_offer_search_lexemes_row();
--> statement-breakpoint
-- After the triggers, in the migration's transaction: no offer written meanwhile is missed.
INSERT INTO offer_search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM offers WHERE search_vector IS NOT NULL
  ON CONFLICT DO NOTHING;

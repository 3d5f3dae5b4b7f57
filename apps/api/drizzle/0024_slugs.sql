-- Readable addresses (docs/decisions/022-slugs-sitemap-badge.md): /entity/{slug} and
-- /offer/{slug}-{short id}. The database makes every slug, so every writer (the API, the seed,
-- the benchmark's bulk loads, a hand-written INSERT) gets one and no second copy of the rule
-- exists: trustlinks_slugify turns a name into its words (accents transliterated, lower case,
-- hyphens), the BEFORE triggers pick a free one on insert and, on a rename, keep the old slug in
-- a history table so its address answers 301 for good.
CREATE OR REPLACE FUNCTION trustlinks_slugify(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trim(both '-' from left(trim(both '-' from regexp_replace(lower(translate(
    replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(value, ''),
      'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'), 'Þ', 'TH'), 'þ', 'th'), '&', ' and '), '''', ''),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłĦħıÐð',
    'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoDdLlHhiDd'
  )), '[^a-z0-9]+', '-', 'g')), 60))
$$;
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "slug" text;
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "slug" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "entities_slug_key" ON "entities" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "offers_slug_key" ON "offers" USING btree ("slug");
--> statement-breakpoint
-- An old slug points at its row for good (a rename never frees it for another row).
CREATE TABLE "entity_slug_history" (
  "slug" text PRIMARY KEY NOT NULL,
  "entity_id" uuid NOT NULL REFERENCES "entities"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "entity_slug_history_entity_idx" ON "entity_slug_history" USING btree ("entity_id");
--> statement-breakpoint
CREATE TABLE "offer_slug_history" (
  "slug" text PRIMARY KEY NOT NULL,
  "offer_id" uuid NOT NULL REFERENCES "offers"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offer_slug_history_offer_idx" ON "offer_slug_history" USING btree ("offer_id");
--> statement-breakpoint
-- A free slug for entity `self` from `name`: the name's slug, else with -2, -3 … (bounded: past
-- -20 the id's first 8 hex digits). Free = no other entity holds it now or held it before. Two
-- writers of the same name take turns (a transaction-scoped advisory lock on the base slug).
CREATE OR REPLACE FUNCTION trustlinks_entity_slug(name text, self uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(nullif(trustlinks_slugify(name), ''), 'company');
  candidate text := base;
  n integer := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('trustlinks-entity-slug:' || base));
  LOOP
    EXIT WHEN NOT EXISTS (SELECT 1 FROM entities WHERE slug = candidate AND id <> self)
      AND NOT EXISTS (SELECT 1 FROM entity_slug_history WHERE slug = candidate AND entity_id <> self);
    n := n + 1;
    IF n > 20 THEN
      RETURN base || '-' || left(replace(self::text, '-', ''), 8);
    END IF;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END;
$$;
--> statement-breakpoint
-- An offer's slug is its title's slug and the first 8 hex digits of its id, which alone nearly
-- always make it unique; on the rare clash the whole id.
CREATE OR REPLACE FUNCTION trustlinks_offer_slug(title text, self uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(nullif(trustlinks_slugify(title), ''), 'offer');
  candidate text := base || '-' || left(replace(self::text, '-', ''), 8);
BEGIN
  IF EXISTS (SELECT 1 FROM offers WHERE slug = candidate AND id <> self)
    OR EXISTS (SELECT 1 FROM offer_slug_history WHERE slug = candidate AND offer_id <> self) THEN
    candidate := base || '-' || replace(self::text, '-', '');
  END IF;
  RETURN candidate;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_entities_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug IS NULL THEN NEW.slug := trustlinks_entity_slug(NEW.name, NEW.id); END IF;
  ELSIF NEW.name IS DISTINCT FROM OLD.name AND NEW.slug IS NOT DISTINCT FROM OLD.slug THEN
    NEW.slug := trustlinks_entity_slug(NEW.name, NEW.id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.slug IS DISTINCT FROM OLD.slug THEN
    INSERT INTO entity_slug_history (slug, entity_id) VALUES (OLD.slug, OLD.id) ON CONFLICT (slug) DO NOTHING;
    -- Renamed back: the slug is current again, not a redirect.
    DELETE FROM entity_slug_history WHERE slug = NEW.slug;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_offers_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug IS NULL THEN NEW.slug := trustlinks_offer_slug(NEW.title, NEW.id); END IF;
  ELSIF NEW.title IS DISTINCT FROM OLD.title AND NEW.slug IS NOT DISTINCT FROM OLD.slug THEN
    NEW.slug := trustlinks_offer_slug(NEW.title, NEW.id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.slug IS DISTINCT FROM OLD.slug THEN
    INSERT INTO offer_slug_history (slug, offer_id) VALUES (OLD.slug, OLD.id) ON CONFLICT (slug) DO NOTHING;
    DELETE FROM offer_slug_history WHERE slug = NEW.slug;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Backfill, oldest first (the first "Horizon Ads" keeps horizon-ads).
DO $$
DECLARE
  row_ record;
BEGIN
  FOR row_ IN SELECT id, name FROM entities ORDER BY created_at, id LOOP
    UPDATE entities SET slug = trustlinks_entity_slug(row_.name, row_.id) WHERE id = row_.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Offers in one statement: two titles clash only when their ids' first 8 hex digits match too.
UPDATE "offers" SET "slug" = s.slug
FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY short ORDER BY created_at, id) = 1
    THEN short ELSE base || '-' || replace(id::text, '-', '') END AS slug
  FROM (
    SELECT id, created_at, coalesce(nullif(trustlinks_slugify(title), ''), 'offer') AS base,
      coalesce(nullif(trustlinks_slugify(title), ''), 'offer') || '-' || left(replace(id::text, '-', ''), 8) AS short
    FROM offers
  ) b
) s
WHERE s.id = "offers"."id";
--> statement-breakpoint
ALTER TABLE "entities" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
CREATE TRIGGER entities_slug
  BEFORE INSERT OR UPDATE OF name, slug ON entities
  FOR EACH ROW EXECUTE FUNCTION trustlinks_entities_slug();
--> statement-breakpoint
CREATE TRIGGER offers_slug
  BEFORE INSERT OR UPDATE OF title, slug ON offers
  FOR EACH ROW EXECUTE FUNCTION trustlinks_offers_slug();
--> statement-breakpoint
-- The sitemap's pages (src/modules/seo): walks in slug order over what they list, index-only.
CREATE INDEX "entities_sitemap_idx" ON "entities" USING btree ("slug","updated_at") WHERE "entities"."verification_status" = 'approved';
--> statement-breakpoint
CREATE INDEX "offers_sitemap_idx" ON "offers" USING btree ("slug","updated_at","entity_id","expires_at") WHERE "offers"."offer_status" = 'active';

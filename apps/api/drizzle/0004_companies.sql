CREATE TABLE "affiliate_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"website" text,
	"entity_type" text NOT NULL,
	"company_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_companies_type_check" CHECK ("affiliate_companies"."entity_type" in ('Advertiser', 'Affiliate', 'Network'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_company_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_key" text NOT NULL,
	"full_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"designation" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_company_counts" (
	"entity_type" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_company_contacts" ADD CONSTRAINT "affiliate_company_contacts_company_id_affiliate_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_companies_key" ON "affiliate_companies" USING btree ("company_key");--> statement-breakpoint
CREATE INDEX "affiliate_companies_name_trgm_idx" ON "affiliate_companies" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "affiliate_companies_sort_idx" ON "affiliate_companies" USING btree (lower("company_name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "affiliate_companies_type_sort_idx" ON "affiliate_companies" USING btree ("entity_type",lower("company_name") COLLATE "C","id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_company_contacts_key" ON "affiliate_company_contacts" USING btree ("company_id","contact_key");--> statement-breakpoint
CREATE INDEX "affiliate_company_contacts_company_idx" ON "affiliate_company_contacts" USING btree ("company_id","full_name","id");--> statement-breakpoint
CREATE INDEX "affiliate_company_contacts_sort_idx" ON "affiliate_company_contacts" USING btree (lower("full_name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "affiliate_company_contacts_search_trgm_idx" ON "affiliate_company_contacts" USING gin (("full_name" || ' ' || coalesce("designation", '')) gin_trgm_ops);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): exact per-type totals for the company
-- list, maintained by statement-level triggers so a bulk import costs one counter update per
-- type per statement, and the list never counts the whole table. docs/decisions/007-company-totals.md
INSERT INTO "affiliate_company_counts" ("entity_type", "total") VALUES ('Advertiser', 0), ('Affiliate', 0), ('Network', 0);--> statement-breakpoint
CREATE FUNCTION "affiliate_company_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "affiliate_company_counts" c SET "total" = c."total" + d.n
  FROM (SELECT "entity_type", count(*) AS n FROM new_rows GROUP BY "entity_type") d
  WHERE c."entity_type" = d."entity_type";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "affiliate_company_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "affiliate_company_counts" c SET "total" = c."total" - d.n
  FROM (SELECT "entity_type", count(*) AS n FROM old_rows GROUP BY "entity_type") d
  WHERE c."entity_type" = d."entity_type";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "affiliate_company_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "affiliate_company_counts" c SET "total" = c."total" + d.n
  FROM (
    SELECT "entity_type", sum(delta) AS n FROM (
      SELECT "entity_type", -1 AS delta FROM old_rows
      UNION ALL
      SELECT "entity_type", 1 AS delta FROM new_rows
    ) changes
    GROUP BY "entity_type"
    HAVING sum(delta) <> 0
  ) d
  WHERE c."entity_type" = d."entity_type";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "affiliate_company_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "affiliate_company_counts" SET "total" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "affiliate_companies_count_insert" AFTER INSERT ON "affiliate_companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "affiliate_company_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "affiliate_companies_count_delete" AFTER DELETE ON "affiliate_companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "affiliate_company_counts_on_delete"();--> statement-breakpoint
CREATE TRIGGER "affiliate_companies_count_update" AFTER UPDATE ON "affiliate_companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "affiliate_company_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "affiliate_companies_count_truncate" AFTER TRUNCATE ON "affiliate_companies" FOR EACH STATEMENT EXECUTE FUNCTION "affiliate_company_counts_on_truncate"();

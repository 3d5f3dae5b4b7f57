import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';

/**
 * The affiliate company database (docs/product/companies.md, docs/product/data.md "Affiliate company"), loaded by the CSV import.
 * Not the same thing as `entities` (companies registered on the platform by their own people).
 */
export const affiliateCompanies = pg.pgTable(
  'affiliate_companies',
  {
    /** Presented as `affliate_id` (the spec's spelling). */
    id: pg.uuid('id').primaryKey().defaultRandom(),
    companyName: pg.text('company_name').notNull(),
    website: pg.text('website'),
    /** 'Advertiser' | 'Affiliate' | 'Network', capitalised as the spec shows them. */
    entityType: pg.text('entity_type').notNull(),
    /**
     * What makes a re-import update instead of duplicate: the website's host (without www.) when
     * there is a website, else 'name:' + the lower-cased, space-collapsed name.
     */
    companyKey: pg.text('company_key').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('affiliate_companies_key').on(t.companyKey),
    // Substring search on the name (ILIKE '%x%', ≥ 3 characters).
    pg
      .index('affiliate_companies_name_trgm_idx')
      .using('gin', sql`${t.companyName} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The same search split in two (decision 007): a match at the start of the name is a range
    // of the sort index; this one finds matches further in, which are few for the words names
    // start with ("harbor" in "Harbor Kera Media"), so their many matches need no sorting.
    pg
      .index('affiliate_companies_name_inner_trgm_idx')
      .using('gin', sql`substr(lower(${t.companyName}), 2) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // List order: case-insensitive name in byte order, then id; with and without the type
    // filter. Byte order ("C") also lets a 1–2 letter prefix search be a range of this index.
    // The name itself comes last, so a walk along the order can filter on it inside the index.
    pg
      .index('affiliate_companies_sort_idx')
      .on(sql`lower(${t.companyName}) COLLATE "C"`, t.id, t.companyName),
    pg
      .index('affiliate_companies_type_sort_idx')
      .on(t.entityType, sql`lower(${t.companyName}) COLLATE "C"`, t.id, t.companyName),
    pg.check(
      'affiliate_companies_type_check',
      sql`${t.entityType} in ('Advertiser', 'Affiliate', 'Network')`,
    ),
  ],
);

export type AffiliateCompanyRow = typeof affiliateCompanies.$inferSelect;

/** People at a company (docs/product/data.md "Company contact"); email and phone are gated by the presenter. */
export const affiliateCompanyContacts = pg.pgTable(
  'affiliate_company_contacts',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    companyId: belongsTo('company_id', () => affiliateCompanies.id),
    /** Re-import identity within the company: the email, else 'name:' + lower-cased full name. */
    contactKey: pg.text('contact_key').notNull(),
    fullName: pg.text('full_name').notNull(),
    firstName: pg.text('first_name'),
    lastName: pg.text('last_name'),
    designation: pg.text('designation'),
    email: pg.text('email'),
    phone: pg.text('phone'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('affiliate_company_contacts_key').on(t.companyId, t.contactKey),
    pg.index('affiliate_company_contacts_company_idx').on(t.companyId, t.fullName, t.id),
    // Contact search by name or designation; never by email or phone (they are gated).
    pg
      .index('affiliate_company_contacts_search_trgm_idx')
      .using('gin', sql`(${t.fullName} || ' ' || coalesce(${t.designation}, '')) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type AffiliateCompanyContactRow = typeof affiliateCompanyContacts.$inferSelect;

/**
 * Companies per type, kept exact by statement-level triggers on affiliate_companies (written by
 * hand in the migration), so list totals never need a COUNT(*) over the table.
 * See docs/decisions/007-company-totals.md.
 */
export const affiliateCompanyCounts = pg.pgTable('affiliate_company_counts', {
  entityType: pg.text('entity_type').primaryKey(),
  total: pg.bigint('total', { mode: 'number' }).notNull().default(0),
});

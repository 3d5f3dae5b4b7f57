import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';

export interface ContactInfo {
  email?: string | null;
  phone?: string | null;
  teams?: string | null;
  linkedin?: string | null;
  telegram?: string | null;
  address?: string | null;
  skype?: string | null;
}

/** A company on the platform: advertiser, affiliate or network (docs/product/data.md Entity). */
export const entities = pg.pgTable(
  'entities',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    name: pg.text('name').notNull(),
    /**
     * The name's normal form that look-alike uniqueness compares (entityNameKey,
     * modules/entities/entity-name.ts; docs/decisions/011). Written with every name by the
     * repository; rows from before migration 0042 get it at start (backfillEntityNameKeys).
     */
    nameKey: pg.text('name_key'),
    /**
     * The address /entity/{slug}: made by the database on insert and on a rename (trigger
     * entities_slug, drizzle/0024_slugs.sql); never written by the app.
     */
    slug: pg
      .text('slug')
      .notNull()
      .default(sql`null`),
    entityType: pg.text('entity_type').notNull(),
    /** Primary email, lower-cased; absent for entities first named in a review. */
    email: pg.text('email'),
    website: pg.text('website'),
    description: pg.text('description'),
    additionalNotes: pg.text('additional_notes'),
    imageUrl: pg.text('image_url'),
    country: pg.text('country'),
    verificationStatus: pg.text('verification_status').notNull().default('pending'),
    contactInfo: pg.jsonb('contact_info').$type<ContactInfo>().notNull().default({}),
    entityMetadata: pg
      .jsonb('entity_metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    /** 'registration' (the form) or 'review' (named by a reviewer, not registered by the company). */
    source: pg.text('source').notNull().default('registration'),
    /** Maintained in the same transaction as every review status change. */
    reputationScore: pg
      .numeric('reputation_score', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    totalReviews: pg.integer('total_reviews').notNull().default(0),
    /** Published reviews by overall rating, [1★, 2★, 3★, 4★, 5★], kept with total_reviews. */
    ratingCounts: pg
      .integer('rating_counts')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'::integer[]`),
    /** Visitors sent to the entity's sign-up page by 'Join' (docs/decisions/026). */
    joinClickCount: pg.integer('join_click_count').notNull().default(0),
    userAccountCreated: pg.boolean('user_account_created').notNull().default(false),
    submittedByUserId: pg.uuid('submitted_by_user_id'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('entities_status_type_idx').on(t.verificationStatus, t.entityType, t.createdAt),
    pg.uniqueIndex('entities_slug_key').on(t.slug),
    // The sitemap's walk over approved entities in slug order (modules/seo).
    pg
      .index('entities_sitemap_idx')
      .on(t.slug, t.updatedAt)
      .where(sql`${t.verificationStatus} = 'approved'`),
    pg
      .index('entities_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // One pending registration per email and type at a time.
    pg
      .uniqueIndex('entities_pending_email_type_key')
      .on(t.email, t.entityType)
      .where(sql`${t.verificationStatus} = 'pending' AND ${t.email} IS NOT NULL`),
    // Approved names are unique, case-insensitively: two approved "BlockReach Media" would let
    // one borrow the other's reputation. Services answer 409 first; this catches the race.
    pg
      .uniqueIndex('entities_approved_name_key')
      .using('btree', sql`lower(${t.name})`)
      .where(sql`${t.verificationStatus} = 'approved'`),
    // Look-alike names: entities by normal form (not unique: rows approved before the normal
    // form existed may share one; new ones are refused under the key's lock).
    pg.index('entities_name_key_idx').on(t.nameKey),
    pg
      .index('entities_name_key_missing_idx')
      .on(t.id)
      .where(sql`${t.nameKey} IS NULL`),
    pg.check('entities_type_check', sql`${t.entityType} in ('advertiser', 'affiliate', 'network')`),
    pg.check(
      'entities_status_check',
      sql`${t.verificationStatus} in ('pending', 'approved', 'rejected')`,
    ),
    pg.check('entities_source_check', sql`${t.source} in ('registration', 'review')`),
  ],
);

export type EntityRow = typeof entities.$inferSelect;

/** A slug an entity had before a rename: its address answers 301 to the current one for good. */
export const entitySlugHistory = pg.pgTable(
  'entity_slug_history',
  {
    slug: pg.text('slug').primaryKey(),
    entityId: belongsTo('entity_id', () => entities.id),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('entity_slug_history_entity_idx').on(t.entityId)],
);

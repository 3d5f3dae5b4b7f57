import { getTableColumns, sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo, trackingCounters } from '../columns';
import { entities } from './entities';

/** A tsvector, written by a trigger and never read by the app (it selects offerColumns). */
const tsvector = pg.customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The explorer's partial indexes: what the public may see, but for the expiry (checked inside). */
const publicOnly = (t: { offerStatus: pg.AnyPgColumn; ownerApproved: pg.AnyPgColumn }) =>
  sql`${t.offerStatus} = 'active' and ${t.ownerApproved}`;

/** An offer published by an advertiser or network entity (docs/product/data.md Offer). */
export const offers = pg.pgTable(
  'offers',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    entityId: belongsTo('entity_id', () => entities.id),
    title: pg.text('title').notNull(),
    /**
     * The address /offer/{slug}: the title's slug and the id's first 8 hex digits, made by the
     * database on insert and on a retitle (trigger offers_slug, drizzle/0024_slugs.sql).
     */
    slug: pg
      .text('slug')
      .notNull()
      .default(sql`null`),
    category: pg.text('category').notNull(),
    description: pg.text('description').notNull(),
    targetGeo: pg
      .text('target_geo')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    payoutType: pg.text('payout_type').notNull().default('CPA'),
    /** A money payout (2 decimals) … */
    payoutAmount: pg.numeric('payout_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** … or, for RevShare, a percentage string such as "40%". */
    payoutPercent: pg.text('payout_percent'),
    landingPageUrl: pg.text('landing_page_url').notNull(),
    requirements: pg.text('requirements'),
    /** Conversions the owner accepts per day and per month (null: no cap; docs/decisions/030). */
    dailyCap: pg.integer('daily_cap'),
    monthlyCap: pg.integer('monthly_cap'),
    /** Traffic types the owner allows and forbids, as it wrote them (docs/decisions/030). */
    trafficAllowed: pg
      .text('traffic_allowed')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trafficForbidden: pg
      .text('traffic_forbidden')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Where /go/ sends visitors while a cap is reached (null: the landing page, as before;
     * docs/decisions/049-caps-and-postback-tooling.md). A public web address, as the landing page.
     */
    fallbackUrl: pg.text('fallback_url'),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }),
    offerStatus: pg.text('offer_status').notNull().default('active'),
    ...trackingCounters(),
    /** Shown only to the offer's owner; its tracker sends it with every postback. */
    postbackSecret: pg
      .text('postback_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdByUserId: pg.uuid('created_by_user_id'),
    /**
     * The word search's document: title (A), category (B), the description's start (C), unaccented
     * (migration 0027, docs/decisions/028-offer-word-search.md). Kept by a trigger.
     */
    searchVector: tsvector('search_vector'),
    /**
     * Whether the offer's entity is approved: kept by triggers from the entity (migration 0033,
     * docs/decisions/035-offer-owner-approved.md), never written by the app. The public's rule
     * (offers.repository publiclyVisible) reads it, so the explorer's partial indexes hold only
     * what the public may see and its counts need no join.
     */
    ownerApproved: pg.boolean('owner_approved').notNull().default(false),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The explorer's feed: newest first, restricted to what it can show. Behind the order come
    // every column the visibility check and the filters read, so a walk along the feed filters
    // inside the index (an index-only scan) and reads the table only for the rows of the page.
    // (Key columns rather than INCLUDE, which drizzle cannot declare; the order is the same.)
    pg
      .index('offers_active_feed_idx')
      .on(
        t.createdAt.desc(),
        t.id.desc(),
        t.entityId,
        t.expiresAt,
        t.category,
        t.targetGeo,
        t.title,
      )
      .where(publicOnly(t)),
    pg.uniqueIndex('offers_slug_key').on(t.slug),
    // The sitemap's walk over active offers in slug order (modules/seo), checking the entity and
    // the expiry inside the index.
    pg
      .index('offers_sitemap_idx')
      .on(t.slug, t.updatedAt, t.entityId, t.expiresAt)
      .where(sql`${t.offerStatus} = 'active'`),
    pg
      .index('offers_title_trgm_idx')
      .using('gin', sql`${t.title} gin_trgm_ops`)
      .with({ fastupdate: false }),
    pg.index('offers_target_geo_gin_idx').using('gin', t.targetGeo).with({ fastupdate: false }),
    // A category's feed, built like the feed above (docs/decisions/016-cpu-per-request.md): its
    // page and its capped count (GEO + category) are index-only walks, checking the GEOs, the
    // entity and the expiry inside the index instead of reading each offer of the category.
    pg
      .index('offers_category_feed_idx')
      .on(
        sql`lower(${t.category})`,
        t.createdAt.desc(),
        t.id.desc(),
        t.entityId,
        t.expiresAt,
        t.targetGeo,
        // Unused by any condition, but PostgreSQL plans an index-only scan only when the plain
        // column of an indexed expression is in the index too.
        t.category,
      )
      .where(publicOnly(t)),
    // Word search (docs/decisions/028-offer-word-search.md).
    pg
      .index('offers_search_vector_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: false })
      .where(publicOnly(t)),
    // The explorer's payout-model filter and payout sort, built like the feed.
    pg
      .index('offers_payout_type_feed_idx')
      .on(t.payoutType, t.createdAt.desc(), t.id.desc(), t.entityId, t.expiresAt)
      .where(publicOnly(t)),
    pg
      .index('offers_payout_idx')
      .on(t.payoutAmount.desc(), t.createdAt.desc(), t.id.desc(), t.entityId, t.expiresAt)
      .where(publicOnly(t)),
    pg.index('offers_status_idx').on(t.offerStatus),
    pg.index('offers_entity_idx').on(t.entityId, t.createdAt.desc()),
    // An entity's "Active Offers" count (entities.repository countActiveOffers): an index-only
    // walk over the entity's active offers, checking the expiry inside the index. Without it the
    // count reads every offer of the entity from the table (the hottest demo entity of the 1M
    // benchmark: 30,000 offers, ~600 ms warm, against ~5–25 ms with it).
    pg
      .index('offers_entity_active_idx')
      .on(t.entityId, t.expiresAt)
      .where(sql`${t.offerStatus} = 'active'`),
    // The landing's "Top Performing Offers": most clicked first, walked until enough are visible
    // (docs/decisions/026). Not partial: a partial index on active offers was the smallest one matching any
    // active-only query, and the planner took it for the explorer's filters on small tables.
    pg.index('offers_clicks_idx').on(t.clickCount.desc(), t.id.desc()),
    // 'private' runs for its partners and is listed nowhere (docs/decisions/048-agreed-terms.md).
    pg.check(
      'offers_status_check',
      sql`${t.offerStatus} in ('active', 'paused', 'closed', 'private')`,
    ),
    pg.check('offers_payout_type_check', sql`${t.payoutType} in ('CPA', 'CPL', 'CPI', 'RevShare')`),
    pg.check(
      'offers_caps_check',
      sql`(${t.dailyCap} IS NULL OR ${t.dailyCap} > 0) AND (${t.monthlyCap} IS NULL OR ${t.monthlyCap} > 0)`,
    ),
    pg.check('offers_counts_check', sql`${t.clickCount} >= 0 AND ${t.conversionCount} >= 0`),
  ],
);

/**
 * Each offer once per GEO it targets, with what the explorer's GEO + category page filters and
 * orders by, kept by triggers on offers (migration 0037, docs/decisions/042-offer-geo-listings.md):
 * a GEO of a category is one range of the feed index below, newest first. Holds every offer, as
 * offers does; the public rule (offers.repository publiclyVisible) reads its copies of the status,
 * the entity's approval and the expiry.
 */
export const offerGeoListings = pg.pgTable(
  'offer_geo_listings',
  {
    offerId: pg.uuid('offer_id').notNull(),
    geo: pg.text('geo').notNull(),
    /** lower(offers.category), as the explorer's category filter compares it. */
    categoryKey: pg.text('category_key').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }),
    offerStatus: pg.text('offer_status').notNull(),
    ownerApproved: pg.boolean('owner_approved').notNull(),
    /** offers.payout_amount (null for RevShare), for a payout bound (migration 0059). */
    payoutAmount: pg.numeric('payout_amount', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.offerId, t.geo], name: 'offer_geo_listings_pkey' }),
    // The page walks it in order and the count reads the matches only, both index-only, checking
    // the expiry and a payout bound inside the index (key columns rather than INCLUDE, as for the
    // offers' feeds; docs/decisions/042-offer-geo-listings.md, Note 2026-11-29).
    pg
      .index('offer_geo_listings_feed_idx')
      .on(t.categoryKey, t.geo, t.createdAt.desc(), t.offerId.desc(), t.expiresAt, t.payoutAmount)
      .where(publicOnly(t)),
    // The listed offers that expire, by expiry: the capped count reads only those not expired yet
    // and adds offer_geo_counts' number of the others (decision 044).
    pg
      .index('offer_geo_listings_expiring_idx')
      .on(t.categoryKey, t.geo, t.expiresAt)
      .where(sql`${publicOnly(t)} and ${t.expiresAt} is not null`),
  ],
);

/**
 * How many listed offers of one category and one GEO never expire (public, without an expiry):
 * kept by statement triggers on offer_geo_listings (migration 0038, decision 044), read by the
 * GEO + category page's capped count.
 */
export const offerGeoCounts = pg.pgTable(
  'offer_geo_counts',
  {
    categoryKey: pg.text('category_key').notNull(),
    geo: pg.text('geo').notNull(),
    listed: pg.integer('listed').notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.categoryKey, t.geo], name: 'offer_geo_counts_pkey' })],
);

/** The distinct words of offer titles, for "Did you mean …" (kept by triggers, migration 0027). */
export const offerTitleWords = pg.pgTable(
  'offer_title_words',
  { word: pg.text('word').primaryKey() },
  (t) => [
    pg
      .index('offer_title_words_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type OfferRow = Omit<typeof offers.$inferSelect, 'searchVector' | 'ownerApproved'>;

/**
 * Every column of an offer but its search document and its copy of the entity's approval (kept
 * by the database, read only in conditions): select these.
 */
const {
  searchVector: _searchVector,
  ownerApproved: _ownerApproved,
  ...offerColumns
} = getTableColumns(offers);
export { offerColumns };

/** What only an offer's owners and admins see, and what the app alone uses. */
type OwnersOnly =
  | 'clickCount'
  | 'conversionCount'
  | 'payoutTotal'
  | 'postbackSecret'
  | 'fallbackUrl'
  | 'createdByUserId';

/**
 * The columns of an offer its explorer card shows (ExplorerOffer, offers.presenter
 * toExplorerOffer): the explorer's pages select only these, so a public list neither reads nor
 * holds the postback secret, nor reads what no card shows (decision 043).
 */
export const offerCardColumns = {
  id: offers.id,
  slug: offers.slug,
  entityId: offers.entityId,
  title: offers.title,
  category: offers.category,
  targetGeo: offers.targetGeo,
  payoutType: offers.payoutType,
  payoutPercent: offers.payoutPercent,
  payoutAmount: offers.payoutAmount,
  // Caps and traffic rules, shown compact on every card (docs/decisions/048-agreed-terms.md).
  dailyCap: offers.dailyCap,
  monthlyCap: offers.monthlyCap,
  trafficAllowed: offers.trafficAllowed,
  trafficForbidden: offers.trafficForbidden,
};
export type OfferCardRow = Pick<OfferRow, keyof typeof offerCardColumns>;
export type PublicOfferRow = Omit<OfferRow, OwnersOnly>;

/** A slug an offer had before its title changed: its address answers 301 to the current one. */
export const offerSlugHistory = pg.pgTable(
  'offer_slug_history',
  {
    slug: pg.text('slug').primaryKey(),
    offerId: belongsTo('offer_id', () => offers.id),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('offer_slug_history_offer_idx').on(t.offerId)],
);
/**
 * The audit of an offer's edits (docs/decisions/025: the landing page; docs/decisions/030: every edited field, one row
 * per field): who changed what from what, and how many applicant entities were notified.
 */
export const offerChanges = pg.pgTable(
  'offer_changes',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    offerId: belongsTo('offer_id', () => offers.id),
    field: pg.text('field').notNull(),
    oldValue: pg.text('old_value'),
    newValue: pg.text('new_value'),
    changedByUserId: pg.uuid('changed_by_user_id'),
    notifiedEntities: pg.integer('notified_entities').notNull().default(0),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('offer_changes_offer_idx').on(t.offerId, t.createdAt.desc())],
);

export type OfferChangeRow = typeof offerChanges.$inferSelect;

/**
 * The distinct lexemes of the offers' search documents (COLLATE "C", kept by triggers: migration
 * 0034), for expanding the last word of a search, matched as a prefix, into the lexemes that exist
 * (docs/decisions/036-prefix-expansion.md).
 */
export const offerSearchLexemes = pg.pgTable('offer_search_lexemes', {
  lexeme: pg.text('lexeme').primaryKey(),
});

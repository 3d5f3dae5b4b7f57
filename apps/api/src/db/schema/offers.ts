import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';

/** An offer published by an advertiser or network entity (docs/product/data.md Offer). */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    targetGeo: text('target_geo')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    payoutType: text('payout_type').notNull().default('CPA'),
    /** A money payout (2 decimals) … */
    payoutAmount: numeric('payout_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** … or, for RevShare, a percentage string such as "40%". */
    payoutPercent: text('payout_percent'),
    landingPageUrl: text('landing_page_url').notNull(),
    requirements: text('requirements'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    offerStatus: text('offer_status').notNull().default('active'),
    clickCount: integer('click_count').notNull().default(0),
    conversionCount: integer('conversion_count').notNull().default(0),
    /** Sum of the payouts reported by postbacks (EPC = payout_total / click_count). */
    payoutTotal: numeric('payout_total', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** Shown only to the offer's owner; its tracker sends it with every postback. */
    postbackSecret: text('postback_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The explorer's feed: newest first, restricted to what it can show. Behind the order come
    // every column the visibility check and the filters read, so a walk along the feed filters
    // inside the index (an index-only scan) and reads the table only for the rows of the page.
    // (Key columns rather than INCLUDE, which drizzle cannot declare; the order is the same.)
    index('offers_active_feed_idx')
      .on(
        t.createdAt.desc(),
        t.id.desc(),
        t.entityId,
        t.expiresAt,
        t.category,
        t.targetGeo,
        t.title,
      )
      .where(sql`${t.offerStatus} = 'active'`),
    index('offers_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('offers_target_geo_gin_idx').using('gin', t.targetGeo),
    // A category's feed, built like the feed above (docs/decisions/016-cpu-per-request.md): its
    // page and its capped count (GEO + category) are index-only walks, checking the GEOs, the
    // entity and the expiry inside the index instead of reading each offer of the category.
    index('offers_category_feed_idx')
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
      .where(sql`${t.offerStatus} = 'active'`),
    index('offers_status_idx').on(t.offerStatus),
    index('offers_entity_idx').on(t.entityId, t.createdAt.desc()),
    // An entity's "Active Offers" count (entities.repository countActiveOffers): an index-only
    // walk over the entity's active offers, checking the expiry inside the index. Without it the
    // count reads every offer of the entity from the table (the hottest demo entity of the 1M
    // benchmark: 30,000 offers, ~600 ms warm, against ~5–25 ms with it).
    index('offers_entity_active_idx')
      .on(t.entityId, t.expiresAt)
      .where(sql`${t.offerStatus} = 'active'`),
    // The landing's "Top Performing Offers": active offers, most clicked first (issue 24).
    index('offers_active_clicks_idx')
      .on(t.clickCount.desc(), t.id.desc())
      .where(sql`${t.offerStatus} = 'active'`),
    check('offers_status_check', sql`${t.offerStatus} in ('active', 'paused', 'closed')`),
    check('offers_payout_type_check', sql`${t.payoutType} in ('CPA', 'CPL', 'CPI', 'RevShare')`),
    check('offers_counts_check', sql`${t.clickCount} >= 0 AND ${t.conversionCount} >= 0`),
  ],
);

export type OfferRow = typeof offers.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { offers } from './offers';

/**
 * An affiliate's or network's request to run an offer, decided by the offer's owner (docs/decisions/014).
 * Approved applications carry the tracking code of their link /go/{code}, and their own counts.
 */
export const offerApplications = pgTable(
  'offer_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The offer's entity, copied so an owner's applications are read along one index. */
    ownerEntityId: uuid('owner_entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** The applying entity (from the applicant's session). */
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    message: text('message'),
    /** Where the applicant will send traffic, as they wrote it (docs/decisions/027). */
    trafficSources: text('traffic_sources'),
    status: text('status').notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Set on approval: the unguessable part of the tracking link. */
    trackingCode: text('tracking_code'),
    clickCount: integer('click_count').notNull().default(0),
    conversionCount: integer('conversion_count').notNull().default(0),
    payoutTotal: numeric('payout_total', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /**
     * The payout agreed with this partner (docs/decisions/048-agreed-terms.md): its model and value
     * (RevShare: a percentage), both null while the offer's own payout applies ('offer').
     */
    payoutType: text('payout_type'),
    payoutAmount: numeric('payout_amount', { precision: 14, scale: 2, mode: 'number' }),
    /** Where the terms came from: 'offer' (its default), 'bid' (an accepted bid), 'override'. */
    termsSource: text('terms_source').notNull().default('offer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open (pending or approved) application per offer and applying entity.
    uniqueIndex('offer_applications_open_key')
      .on(t.offerId, t.entityId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    uniqueIndex('offer_applications_tracking_code_key').on(t.trackingCode),
    index('offer_applications_offer_idx').on(t.offerId, t.createdAt.desc()),
    index('offer_applications_owner_idx').on(t.ownerEntityId, t.createdAt.desc()),
    index('offer_applications_owner_status_idx').on(t.ownerEntityId, t.status, t.createdAt.desc()),
    index('offer_applications_entity_idx').on(t.entityId, t.createdAt.desc()),
    // The offer page (the caller's applications to that one offer) and the per-offer daily limit.
    index('offer_applications_entity_offer_idx').on(t.entityId, t.offerId, t.createdAt.desc()),
    // A member's data export (docs/decisions/026).
    index('offer_applications_user_idx').on(t.userId, t.createdAt.desc()),
    // The landing's "Connections" figure: a capped count of approved applications (docs/decisions/026).
    index('offer_applications_approved_idx')
      .on(t.id)
      .where(sql`${t.status} = 'approved'`),
    check(
      'offer_applications_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')`,
    ),
    check(
      'offer_applications_terms_check',
      sql`${t.termsSource} in ('offer', 'bid', 'override')
  AND (${t.payoutType} IS NULL) = (${t.payoutAmount} IS NULL)
  AND (${t.payoutType} IS NULL) = (${t.termsSource} = 'offer')
  AND (${t.payoutType} IS NULL OR ${t.payoutType} in ('CPA', 'CPL', 'CPI', 'RevShare'))
  AND (${t.payoutAmount} IS NULL OR (${t.payoutAmount} >= 0
    AND (${t.payoutType} <> 'RevShare' OR ${t.payoutAmount} <= 100)))`,
    ),
    check(
      'offer_applications_counts_check',
      sql`${t.clickCount} >= 0 AND ${t.conversionCount} >= 0 AND ${t.payoutTotal} >= 0`,
    ),
  ],
);

/**
 * A click on a tracking link: one per visitor per offer per day. Its id is the click_id handed
 * to the landing page and reported back by the advertiser's postback; a conversion is recorded
 * on the click itself (converted_at), so a click converts at most once.
 */
export const trackingClicks = pgTable(
  'tracking_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => offerApplications.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** sha256 of the visitor's client key (its address, an IPv6 one by its /64): no raw address is kept. */
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    payout: numeric('payout', { precision: 14, scale: 2, mode: 'number' }),
    /** The affiliate's sub-IDs from the link's ?sub1=…&sub2=… (docs/decisions/031): up to 100 printable characters. */
    sub1: text('sub1'),
    sub2: text('sub2'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracking_clicks_visitor_day_key').on(t.offerId, t.visitorKey, t.day),
    index('tracking_clicks_application_idx').on(t.applicationId, t.createdAt.desc()),
    check('tracking_clicks_payout_check', sql`${t.payout} IS NULL OR ${t.payout} >= 0`),
    check(
      'tracking_clicks_sub_ids_check',
      sql`char_length(${t.sub1}) <= 100 AND char_length(${t.sub2}) <= 100`,
    ),
  ],
);

/**
 * Results over time (docs/decisions/031-results-over-time.md): clicks, conversions and
 * payout per application (offer × affiliate), UTC day and sub1 bucket ('' without a sub1; one
 * overflow bucket past the per-day limit). Kept in the click's and the conversion's transaction;
 * a period query reads these rows, never the clicks.
 */
export const trackingDaily = pgTable(
  'tracking_daily',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => offerApplications.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sub1: text('sub1').notNull().default(''),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The applying entity (the affiliate or network), copied for its overview's index. */
    affiliateEntityId: uuid('affiliate_entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    payout: numeric('payout', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'tracking_daily_pkey', columns: [t.applicationId, t.day, t.sub1] }),
    index('tracking_daily_offer_day_idx').on(t.offerId, t.day),
    index('tracking_daily_affiliate_day_idx').on(t.affiliateEntityId, t.day),
    check(
      'tracking_daily_counts_check',
      sql`${t.clicks} >= 0 AND ${t.conversions} >= 0 AND ${t.payout} >= 0`,
    ),
  ],
);

export type OfferApplicationRow = typeof offerApplications.$inferSelect;
export type TrackingClickRow = typeof trackingClicks.$inferSelect;

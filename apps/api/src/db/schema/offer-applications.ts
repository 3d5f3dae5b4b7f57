import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo, trackingCounters } from '../columns';
import { entities } from './entities';
import { offers } from './offers';

/**
 * An affiliate's or network's request to run an offer, decided by the offer's owner (docs/decisions/014).
 * Approved applications carry the tracking code of their link /go/{code}, and their own counts.
 */
export const offerApplications = pg.pgTable(
  'offer_applications',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    offerId: belongsTo('offer_id', () => offers.id),
    /** The offer's entity, copied so an owner's applications are read along one index. */
    ownerEntityId: belongsTo('owner_entity_id', () => entities.id),
    /** The applying entity (from the applicant's session). */
    entityId: belongsTo('entity_id', () => entities.id),
    userId: pg.uuid('user_id').notNull(),
    message: pg.text('message'),
    /** Where the applicant will send traffic, as they wrote it (docs/decisions/027). */
    trafficSources: pg.text('traffic_sources'),
    status: pg.text('status').notNull().default('pending'),
    decisionNote: pg.text('decision_note'),
    decidedByUserId: pg.uuid('decided_by_user_id'),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
    /** Set on approval: the unguessable part of the tracking link. */
    trackingCode: pg.text('tracking_code'),
    ...trackingCounters(),
    /**
     * The payout agreed with this partner (docs/decisions/048-agreed-terms.md): its model and value
     * (RevShare: a percentage), both null while the offer's own payout applies ('offer').
     */
    payoutType: pg.text('payout_type'),
    payoutAmount: pg.numeric('payout_amount', { precision: 14, scale: 2, mode: 'number' }),
    /** Where the terms came from: 'offer' (its default), 'bid' (an accepted bid), 'override'. */
    termsSource: pg.text('terms_source').notNull().default('offer'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open (pending or approved) application per offer and applying entity.
    pg
      .uniqueIndex('offer_applications_open_key')
      .on(t.offerId, t.entityId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    pg.uniqueIndex('offer_applications_tracking_code_key').on(t.trackingCode),
    pg.index('offer_applications_offer_idx').on(t.offerId, t.createdAt.desc()),
    pg.index('offer_applications_owner_idx').on(t.ownerEntityId, t.createdAt.desc()),
    pg
      .index('offer_applications_owner_status_idx')
      .on(t.ownerEntityId, t.status, t.createdAt.desc()),
    pg.index('offer_applications_entity_idx').on(t.entityId, t.createdAt.desc()),
    // The offer page (the caller's applications to that one offer) and the per-offer daily limit.
    pg.index('offer_applications_entity_offer_idx').on(t.entityId, t.offerId, t.createdAt.desc()),
    // A member's data export (docs/decisions/026).
    pg.index('offer_applications_user_idx').on(t.userId, t.createdAt.desc()),
    // The landing's "Connections" figure: a capped count of approved applications (docs/decisions/026).
    pg
      .index('offer_applications_approved_idx')
      .on(t.id)
      .where(sql`${t.status} = 'approved'`),
    pg.check(
      'offer_applications_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')`,
    ),
    pg.check(
      'offer_applications_terms_check',
      sql`${t.termsSource} in ('offer', 'bid', 'override')
  AND (${t.payoutType} IS NULL) = (${t.payoutAmount} IS NULL)
  AND (${t.payoutType} IS NULL) = (${t.termsSource} = 'offer')
  AND (${t.payoutType} IS NULL OR ${t.payoutType} in ('CPA', 'CPL', 'CPI', 'RevShare'))
  AND (${t.payoutAmount} IS NULL OR (${t.payoutAmount} >= 0
    AND (${t.payoutType} <> 'RevShare' OR ${t.payoutAmount} <= 100)))`,
    ),
    pg.check(
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
export const trackingClicks = pg.pgTable(
  'tracking_clicks',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    applicationId: belongsTo('application_id', () => offerApplications.id),
    offerId: belongsTo('offer_id', () => offers.id),
    /** sha256 of the visitor's client key (its address, an IPv6 one by its /64): no raw address is kept. */
    visitorKey: pg.text('visitor_key').notNull(),
    day: pg.date('day').notNull(),
    convertedAt: pg.timestamp('converted_at', { withTimezone: true }),
    payout: pg.numeric('payout', { precision: 14, scale: 2, mode: 'number' }),
    /** The affiliate's sub-IDs from the link's ?sub1=…&sub2=… (docs/decisions/031): up to 100 printable characters. */
    sub1: pg.text('sub1'),
    sub2: pg.text('sub2'),
    /**
     * A conversion past its offer's daily or monthly cap: kept, never paid (payout null) and left
     * out of every count and total (docs/decisions/049-caps-and-postback-tooling.md).
     */
    overCap: pg.boolean('over_cap').notNull().default(false),
    /** The advertiser's word on a conversion (decision 049): pending, approved, rejected, paid. */
    conversionStatus: pg.text('conversion_status').notNull().default('pending'),
    /** Why it was rejected (shown to the affiliate), up to 500 characters. */
    statusReason: pg.text('status_reason'),
    statusChangedAt: pg.timestamp('status_changed_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('tracking_clicks_visitor_day_key').on(t.offerId, t.visitorKey, t.day),
    pg.index('tracking_clicks_application_idx').on(t.applicationId, t.createdAt.desc()),
    // Conversions of a period, newest first: an offer's (its owner's Results) and an
    // application's (its affiliate's Results).
    pg
      .index('tracking_clicks_offer_converted_idx')
      .on(t.offerId, t.convertedAt.desc())
      .where(sql`${t.convertedAt} IS NOT NULL`),
    pg
      .index('tracking_clicks_application_converted_idx')
      .on(t.applicationId, t.convertedAt.desc())
      .where(sql`${t.convertedAt} IS NOT NULL`),
    pg.check(
      'tracking_clicks_conversion_status_check',
      sql`${t.conversionStatus} IN ('pending', 'approved', 'rejected', 'paid') AND char_length(${t.statusReason}) <= 500`,
    ),
    pg.check('tracking_clicks_payout_check', sql`${t.payout} IS NULL OR ${t.payout} >= 0`),
    pg.check(
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
export const trackingDaily = pg.pgTable(
  'tracking_daily',
  {
    applicationId: belongsTo('application_id', () => offerApplications.id),
    day: pg.date('day').notNull(),
    sub1: pg.text('sub1').notNull().default(''),
    offerId: belongsTo('offer_id', () => offers.id),
    /** The applying entity (the affiliate or network), copied for its overview's index. */
    affiliateEntityId: belongsTo('affiliate_entity_id', () => entities.id),
    clicks: pg.integer('clicks').notNull().default(0),
    conversions: pg.integer('conversions').notNull().default(0),
    payout: pg.numeric('payout', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    pg.primaryKey({ name: 'tracking_daily_pkey', columns: [t.applicationId, t.day, t.sub1] }),
    pg.index('tracking_daily_offer_day_idx').on(t.offerId, t.day),
    pg.index('tracking_daily_affiliate_day_idx').on(t.affiliateEntityId, t.day),
    pg.check(
      'tracking_daily_counts_check',
      sql`${t.clicks} >= 0 AND ${t.conversions} >= 0 AND ${t.payout} >= 0`,
    ),
  ],
);

export type OfferApplicationRow = typeof offerApplications.$inferSelect;
export type TrackingClickRow = typeof trackingClicks.$inferSelect;

/**
 * The last postbacks of each offer (docs/decisions/049-caps-and-postback-tooling.md): what each
 * carried (the secret left out) and what we answered. At most POSTBACK_LOG_PER_OFFER rows per
 * offer: each insert deletes the older ones in its transaction.
 */
export const postbackLog = pg.pgTable(
  'postback_log',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    offerId: belongsTo('offer_id', () => offers.id),
    receivedAt: pg.timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** A test conversion: never paid, never counted. */
    test: pg.boolean('test').notNull().default(false),
    carried: pg.jsonb('carried').$type<Record<string, string | number | null>>().notNull(),
    statusCode: pg.integer('status_code').notNull(),
    message: pg.text('message').notNull(),
  },
  (t) => [pg.index('postback_log_offer_idx').on(t.offerId, t.receivedAt.desc(), t.id.desc())],
);
export type PostbackLogRow = typeof postbackLog.$inferSelect;

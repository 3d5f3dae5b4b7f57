import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { entities } from './entities';
import { offerApplications } from './offer-applications';
import { offers } from './offers';

/** What an affiliate or network is looking for (docs/product/data.md Offer request). */
export const offerRequests = pg.pgTable(
  'offer_requests',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    entityId: belongsTo('entity_id', () => entities.id),
    userId: pg.uuid('user_id').notNull(),
    title: pg.text('title').notNull(),
    vertical: pg.text('vertical').notNull(),
    geosTargeting: pg.text('geos_targeting').array().notNull(),
    /** Lower-cased GEOs joined by spaces, for the case-insensitive substring filter (trigram). */
    geosSearch: pg.text('geos_search').notNull(),
    trafficType: pg.text('traffic_type').array().notNull(),
    trafficVolume: pg.integer('traffic_volume').notNull(),
    platformsUsed: pg.text('platforms_used').array().notNull(),
    desiredPayoutType: pg.text('desired_payout_type').notNull().default('CPA'),
    budgetMin: pg.numeric('budget_min', { precision: 14, scale: 2, mode: 'number' }),
    budgetMax: pg.numeric('budget_max', { precision: 14, scale: 2, mode: 'number' }),
    notes: pg.text('notes'),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }),
    requestStatus: pg.text('request_status').notNull().default('active'),
    /** Derived by requestPriority() at every write; stored so the filter can use an index. */
    priority: pg.text('priority').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg
      .index('offer_requests_active_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.requestStatus} = 'active'`),
    pg.index('offer_requests_priority_idx').on(t.priority, t.createdAt.desc()),
    pg.index('offer_requests_entity_idx').on(t.entityId, t.createdAt.desc()),
    pg.index('offer_requests_user_idx').on(t.userId, t.createdAt.desc()),
    pg
      .index('offer_requests_vertical_trgm_idx')
      .using('gin', sql`${t.vertical} gin_trgm_ops`)
      .with({ fastupdate: false }),
    pg
      .index('offer_requests_geos_trgm_idx')
      .using('gin', sql`${t.geosSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    pg.check(
      'offer_requests_status_check',
      sql`${t.requestStatus} in ('active', 'fulfilled', 'closed')`,
    ),
    pg.check('offer_requests_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    pg.check('offer_requests_volume_check', sql`${t.trafficVolume} > 0`),
    pg.check(
      'offer_requests_budget_check',
      sql`(${t.budgetMin} IS NULL AND ${t.budgetMax} IS NULL) OR (${t.budgetMin} >= 0 AND ${t.budgetMin} <= ${t.budgetMax})`,
    ),
  ],
);

/** A counter offer on a request: one open bid per bidding entity per request. */
export const bids = pg.pgTable(
  'bids',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    offerRequestId: belongsTo('offer_request_id', () => offerRequests.id),
    entityId: belongsTo('entity_id', () => entities.id),
    userId: pg.uuid('user_id').notNull(),
    bidAmount: pg.numeric('bid_amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    bidNotes: pg.text('bid_notes'),
    offerDetails: pg.jsonb('offer_details').$type<Record<string, unknown>>().notNull().default({}),
    status: pg.text('status').notNull().default('open'),
    /** The payout model of bid_amount (RevShare: a percentage; docs/decisions/030). */
    payoutType: pg.text('payout_type').notNull().default('CPA'),
    /** Optionally one of the bidder's own active offers, checked when the bid is placed. */
    offerId: pg.uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The request owner's answer: accepted or declined, with an optional note. */
    decisionNote: pg.text('decision_note'),
    decidedByUserId: pg.uuid('decided_by_user_id'),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
    /** The requester's application to offer_id that an acceptance created or linked. */
    applicationId: pg.uuid('application_id').references(() => offerApplications.id, {
      onDelete: 'set null',
    }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg
      .uniqueIndex('bids_open_per_entity_key')
      .on(t.offerRequestId, t.entityId)
      .where(sql`${t.status} = 'open'`),
    pg.index('bids_request_idx').on(t.offerRequestId, t.createdAt.desc()),
    // The account's data export (docs/decisions/026).
    pg.index('bids_user_idx').on(t.userId, t.createdAt.desc()),
    pg
      .index('bids_offer_idx')
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
    pg
      .index('bids_application_idx')
      .on(t.applicationId)
      .where(sql`${t.applicationId} is not null`),
    pg.check('bids_amount_check', sql`${t.bidAmount} > 0`),
    pg.check('bids_payout_type_check', sql`${t.payoutType} in ('CPA', 'CPL', 'CPI', 'RevShare')`),
    pg.check(
      'bids_status_check',
      sql`${t.status} in ('open', 'withdrawn', 'accepted', 'declined')`,
    ),
  ],
);

export type OfferRequestRow = typeof offerRequests.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

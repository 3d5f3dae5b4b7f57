import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { offerApplications } from './offer-applications';
import { offers } from './offers';

/** What an affiliate or network is looking for (docs/product/data.md Offer request). */
export const offerRequests = pgTable(
  'offer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    vertical: text('vertical').notNull(),
    geosTargeting: text('geos_targeting').array().notNull(),
    /** Lower-cased GEOs joined by spaces, for the case-insensitive substring filter (trigram). */
    geosSearch: text('geos_search').notNull(),
    trafficType: text('traffic_type').array().notNull(),
    trafficVolume: integer('traffic_volume').notNull(),
    platformsUsed: text('platforms_used').array().notNull(),
    desiredPayoutType: text('desired_payout_type').notNull().default('CPA'),
    budgetMin: numeric('budget_min', { precision: 14, scale: 2, mode: 'number' }),
    budgetMax: numeric('budget_max', { precision: 14, scale: 2, mode: 'number' }),
    notes: text('notes'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    requestStatus: text('request_status').notNull().default('active'),
    /** Derived by requestPriority() at every write; stored so the filter can use an index. */
    priority: text('priority').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offer_requests_active_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.requestStatus} = 'active'`),
    index('offer_requests_priority_idx').on(t.priority, t.createdAt.desc()),
    index('offer_requests_entity_idx').on(t.entityId, t.createdAt.desc()),
    index('offer_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('offer_requests_vertical_trgm_idx')
      .using('gin', sql`${t.vertical} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('offer_requests_geos_trgm_idx')
      .using('gin', sql`${t.geosSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check(
      'offer_requests_status_check',
      sql`${t.requestStatus} in ('active', 'fulfilled', 'closed')`,
    ),
    check('offer_requests_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    check('offer_requests_volume_check', sql`${t.trafficVolume} > 0`),
    check(
      'offer_requests_budget_check',
      sql`(${t.budgetMin} IS NULL AND ${t.budgetMax} IS NULL) OR (${t.budgetMin} >= 0 AND ${t.budgetMin} <= ${t.budgetMax})`,
    ),
  ],
);

/** A counter offer on a request: one open bid per bidding entity per request. */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerRequestId: uuid('offer_request_id')
      .notNull()
      .references(() => offerRequests.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    bidAmount: numeric('bid_amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    bidNotes: text('bid_notes'),
    offerDetails: jsonb('offer_details').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('open'),
    /** The payout model of bid_amount (RevShare: a percentage; docs/decisions/030). */
    payoutType: text('payout_type').notNull().default('CPA'),
    /** Optionally one of the bidder's own active offers, checked when the bid is placed. */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The request owner's answer: accepted or declined, with an optional note. */
    decisionNote: text('decision_note'),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The requester's application to offer_id that an acceptance created or linked. */
    applicationId: uuid('application_id').references(() => offerApplications.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bids_open_per_entity_key')
      .on(t.offerRequestId, t.entityId)
      .where(sql`${t.status} = 'open'`),
    index('bids_request_idx').on(t.offerRequestId, t.createdAt.desc()),
    // The account's data export (docs/decisions/026).
    index('bids_user_idx').on(t.userId, t.createdAt.desc()),
    index('bids_offer_idx')
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
    index('bids_application_idx')
      .on(t.applicationId)
      .where(sql`${t.applicationId} is not null`),
    // A bidder's accepted counter offers that still need an offer (docs/decisions/048-agreed-terms.md).
    index('bids_awaiting_offer_idx')
      .on(t.entityId, t.decidedAt.desc())
      .where(sql`${t.status} = 'accepted' AND ${t.offerId} IS NULL AND ${t.applicationId} IS NULL`),
    check('bids_amount_check', sql`${t.bidAmount} > 0`),
    check('bids_payout_type_check', sql`${t.payoutType} in ('CPA', 'CPL', 'CPI', 'RevShare')`),
    check('bids_status_check', sql`${t.status} in ('open', 'withdrawn', 'accepted', 'declined')`),
  ],
);

export type OfferRequestRow = typeof offerRequests.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

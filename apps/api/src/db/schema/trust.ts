import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { entities } from './entities';
import { reviews } from './reviews';
import { users } from './users';

// Trust and safety II (docs/decisions/012): TrustScore sub-scores, the platform's prior, payment proofs
// and public warnings. docs/decisions/012-trustscore-and-swarm-guard.md.

const bytea = pg.customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const score = (name: string) => pg.numeric(name, { precision: 3, scale: 2, mode: 'number' });

/**
 * The TrustScore's sub-scores of an entity, recomputed with reputation_score in the transaction of
 * every review status change (and by the trust worker as reviews age).
 */
export const entityTrustScores = pg.pgTable(
  'entity_trust_scores',
  {
    entityId: pg
      .uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    quality: score('quality').notNull().default(0),
    support: score('support').notNull().default(0),
    reliability: score('reliability').notNull().default(0),
    paymentSpeed: score('payment_speed').notNull().default(0),
    /** The summed weight of the published reviews behind the scores (prior excluded). */
    evidenceWeight: pg.real('evidence_weight').notNull().default(0),
    computedAt: pg.timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The trust worker picks the stalest first.
  (t) => [pg.index('entity_trust_scores_computed_idx').on(t.computedAt)],
);

/** One row (id 1): the platform's mean ratings, the TrustScore's prior; refreshed by the worker. */
export const platformReviewStats = pg.pgTable(
  'platform_review_stats',
  {
    id: pg.smallint('id').primaryKey().default(1),
    overall: score('overall').notNull(),
    quality: score('quality').notNull(),
    support: score('support').notNull(),
    reliability: score('reliability').notNull(),
    paymentSpeed: score('payment_speed').notNull(),
    reviewCount: pg.integer('review_count').notNull(),
    computedAt: pg.timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.check('platform_review_stats_single_row', sql`${t.id} = 1`)],
);

/** A payment proof file of a review: never public (admins and the author download it). */
export const reviewProofs = pg.pgTable(
  'review_proofs',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    reviewId: belongsTo('review_id', () => reviews.id),
    fileName: pg.text('file_name').notNull(),
    /** Detected from the bytes (magic numbers), never taken from the name or the client. */
    contentType: pg.text('content_type').notNull(),
    sizeBytes: pg.integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('review_proofs_review_idx').on(t.reviewId),
    pg.check(
      'review_proofs_type_check',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'application/pdf')`,
    ),
  ],
);

/** A public warning on an entity (Trustpilot's consumer warnings), shown until lifted. */
export const entityWarnings = pg.pgTable(
  'entity_warnings',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    entityId: belongsTo('entity_id', () => entities.id),
    kind: pg.text('kind').notNull(),
    publicText: pg.text('public_text').notNull(),
    warningDate: pg.date('warning_date', { mode: 'string' }).notNull(),
    placedByUserId: pg.uuid('placed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: pg.timestamp('lifted_at', { withTimezone: true }),
    liftedByUserId: pg.uuid('lifted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // The public page reads the active ones of one entity.
    pg
      .index('entity_warnings_active_idx')
      .on(t.entityId, t.createdAt.desc())
      .where(sql`${t.liftedAt} IS NULL`),
    pg.index('entity_warnings_entity_idx').on(t.entityId, t.createdAt.desc()),
    // The admins' list of active warnings across entities (docs/decisions/032).
    pg
      .index('entity_warnings_active_all_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.liftedAt} IS NULL`),
    pg.check(
      'entity_warnings_kind_check',
      sql`${t.kind} in ('non_payment', 'fake_reviews', 'impersonation', 'regulator_action')`,
    ),
  ],
);

/** Every change of a warning (placed, lifted), with who and when: the admin's audit list. */
export const entityWarningEvents = pg.pgTable(
  'entity_warning_events',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    warningId: belongsTo('warning_id', () => entityWarnings.id),
    entityId: belongsTo('entity_id', () => entities.id),
    action: pg.text('action').notNull(),
    kind: pg.text('kind').notNull(),
    publicText: pg.text('public_text').notNull(),
    warningDate: pg.date('warning_date', { mode: 'string' }).notNull(),
    note: pg.text('note'),
    actorUserId: pg.uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('entity_warning_events_entity_idx').on(t.entityId, t.createdAt.desc()),
    pg.check('entity_warning_events_action_check', sql`${t.action} in ('placed', 'lifted')`),
  ],
);

export type EntityTrustScoreRow = typeof entityTrustScores.$inferSelect;
export type ReviewProofRow = typeof reviewProofs.$inferSelect;
export type EntityWarningRow = typeof entityWarnings.$inferSelect;
export type EntityWarningEventRow = typeof entityWarningEvents.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { reviews } from './reviews';
import { users } from './users';

// Trust and safety II (docs/decisions/012): TrustScore sub-scores, the platform's prior, payment proofs
// and public warnings. docs/decisions/012-trustscore-and-swarm-guard.md.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const score = (name: string) => numeric(name, { precision: 3, scale: 2, mode: 'number' });

/**
 * The TrustScore's sub-scores of an entity, recomputed with reputation_score in the transaction of
 * every review status change (and by the trust worker as reviews age).
 */
export const entityTrustScores = pgTable(
  'entity_trust_scores',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    quality: score('quality').notNull().default(0),
    support: score('support').notNull().default(0),
    reliability: score('reliability').notNull().default(0),
    paymentSpeed: score('payment_speed').notNull().default(0),
    /** The summed weight of the published reviews behind the scores (prior excluded). */
    evidenceWeight: real('evidence_weight').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The trust worker picks the stalest first.
  (t) => [index('entity_trust_scores_computed_idx').on(t.computedAt)],
);

/** One row (id 1): the platform's mean ratings, the TrustScore's prior; refreshed by the worker. */
export const platformReviewStats = pgTable(
  'platform_review_stats',
  {
    id: smallint('id').primaryKey().default(1),
    overall: score('overall').notNull(),
    quality: score('quality').notNull(),
    support: score('support').notNull(),
    reliability: score('reliability').notNull(),
    paymentSpeed: score('payment_speed').notNull(),
    reviewCount: integer('review_count').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_review_stats_single_row', sql`${t.id} = 1`)],
);

/** A payment proof file of a review: never public (admins and the author download it). */
export const reviewProofs = pgTable(
  'review_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Detected from the bytes (magic numbers), never taken from the name or the client. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_proofs_review_idx').on(t.reviewId),
    check(
      'review_proofs_type_check',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'application/pdf')`,
    ),
  ],
);

/** A public warning on an entity (Trustpilot's consumer warnings), shown until lifted. */
export const entityWarnings = pgTable(
  'entity_warnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    publicText: text('public_text').notNull(),
    warningDate: date('warning_date', { mode: 'string' }).notNull(),
    placedByUserId: uuid('placed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedByUserId: uuid('lifted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // The public page reads the active ones of one entity.
    index('entity_warnings_active_idx')
      .on(t.entityId, t.createdAt.desc())
      .where(sql`${t.liftedAt} IS NULL`),
    index('entity_warnings_entity_idx').on(t.entityId, t.createdAt.desc()),
    // The admins' list of active warnings across entities (docs/decisions/032).
    index('entity_warnings_active_all_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.liftedAt} IS NULL`),
    check(
      'entity_warnings_kind_check',
      sql`${t.kind} in ('non_payment', 'fake_reviews', 'impersonation', 'regulator_action')`,
    ),
  ],
);

/** Every change of a warning (placed, lifted), with who and when: the admin's audit list. */
export const entityWarningEvents = pgTable(
  'entity_warning_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    warningId: uuid('warning_id')
      .notNull()
      .references(() => entityWarnings.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    kind: text('kind').notNull(),
    publicText: text('public_text').notNull(),
    warningDate: date('warning_date', { mode: 'string' }).notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entity_warning_events_entity_idx').on(t.entityId, t.createdAt.desc()),
    check('entity_warning_events_action_check', sql`${t.action} in ('placed', 'lifted')`),
  ],
);

export type EntityTrustScoreRow = typeof entityTrustScores.$inferSelect;
export type ReviewProofRow = typeof reviewProofs.$inferSelect;
export type EntityWarningRow = typeof entityWarnings.$inferSelect;
export type EntityWarningEventRow = typeof entityWarningEvents.$inferSelect;

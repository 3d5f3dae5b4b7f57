import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entities, reviews, users, type EntityRow, type ReviewRow } from '../../db/schema';
import { keyLock, lockKey } from '../../lib/counters.repository';
import { entityNameKey } from '../entities/entity-name';
import type { ReviewSort } from '@trustlinks/contract/reviews';
import { PAGE_SIZES, REVIEW_STATUSES } from '@trustlinks/contract/constants';
import { pageBounds, perHandle, unplannedPlaceholder } from '../../lib/prepared';
import { pageKey } from '../../lib/page-key';
import {
  newestFirst,
  reviewerColumns,
  reviewerEntity,
  withContext,
  type ReviewWithContext,
} from './reviews.sql';

// A review itself: its entity's locks, the post and its facts, the public lists. Votes, replies,
// reports, proofs, holds and moderation have their own repositories beside this one; the
// TrustScore's SQL is trust/trust.repository.ts.

export async function findReview(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRow | undefined> {
  const query = db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findReviewWithContext(
  db: DbOrTx,
  id: string,
): Promise<ReviewWithContext | undefined> {
  const [row] = await withContext(db).where(eq(reviews.id, id)).limit(1);
  return row;
}

/** Locks the entity row: every change of an entity's reviews queues behind it. */
export async function lockEntity(db: DbOrTx, id: string): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(entities).where(eq(entities.id, id)).limit(1).for('update');
  return row;
}

/**
 * lockKey(`key`) and then lockEntity(`id`) in one round trip: the advisory lock is taken in a
 * subquery, and the row lock above the join, after it (the order of the two calls, so no new
 * deadlock). An entity that does not exist may leave the advisory lock untaken: nothing is
 * written then (the caller answers 404).
 */
export async function lockKeyThenEntity(
  db: DbOrTx,
  key: string,
  id: string,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .select(getTableColumns(entities))
    .from(sql`(SELECT ${keyLock(key)}) AS held`)
    .innerJoin(entities, eq(entities.id, id))
    .limit(1)
    .for('update', { of: entities });
  return row;
}

/** Serialises the creation of a review-named entity per name's normal form (no look-alikes from a race). */
export async function lockEntityName(db: DbOrTx, name: string): Promise<void> {
  await lockKey(db, `review-entity:${entityNameKey(name)}`);
}

/**
 * An approved entity whose name looks the same (its normal form, entityNameKey; docs/decisions/011),
 * else a pending one first named in a review.
 */
export async function findReviewableEntityByName(
  db: DbOrTx,
  name: string,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .select()
    .from(entities)
    .where(
      and(
        eq(entities.nameKey, entityNameKey(name)),
        sql`(${entities.verificationStatus} = 'approved' OR (${entities.verificationStatus} = 'pending' AND ${entities.source} = 'review'))`,
      ),
    )
    .orderBy(sql`${entities.verificationStatus} = 'approved' desc`, asc(entities.createdAt))
    .limit(1);
  return row;
}

export async function insertReviewEntity(
  db: DbOrTx,
  values: { name: string; entityType: string; submittedByUserId: string },
): Promise<EntityRow> {
  const [row] = await db
    .insert(entities)
    .values({
      name: values.name,
      nameKey: entityNameKey(values.name),
      entityType: values.entityType,
      email: null,
      source: 'review',
      verificationStatus: 'pending',
      submittedByUserId: values.submittedByUserId,
    })
    .returning();
  return row!;
}

/** What a new review is judged by, read in one round trip (createReview, under its locks). */
export interface ReviewPostFacts {
  /** Reviews the author wrote since `dayAgo`, any status (the daily limit). */
  reviewsToday: number;
  /** The author reviewed the entity after `repeatSince` (any status). */
  reviewedRecently: boolean;
  /** Another review has the same text (its hash). */
  textRepeated: boolean;
  /** The author's account, for the swarm guard. */
  account: { createdAt: Date; identityVerified: boolean } | undefined;
  /** The author as a review shows them (the answer to the post needs no read after it). */
  reviewer: ReviewWithContext['reviewer'] | undefined;
  /**
   * Reviews of the entity since `dayAgo` (any status) by accounts younger than `burstAccountDays`
   * when they wrote them (the swarm guard's burst).
   */
  youngReviews: number;
}

export async function reviewPostFacts(
  db: DbOrTx,
  q: {
    userId: string;
    entityId: string;
    textHash: string;
    dayAgo: Date;
    repeatSince: Date;
    burstAccountDays: number;
  },
): Promise<ReviewPostFacts> {
  const [row] = await reviewPostFactsStatement(db).execute({
    ...q,
    dayAgo: q.dayAgo.toISOString(),
    repeatSince: q.repeatSince.toISOString(),
  });
  return {
    reviewsToday: row!.reviewsToday,
    reviewedRecently: row!.reviewedRecently,
    textRepeated: row!.textRepeated,
    youngReviews: row!.youngReviews,
    account: row!.createdAt
      ? { createdAt: row!.createdAt, identityVerified: row!.identityVerified! }
      : undefined,
    reviewer: row!.reviewer?.email ? (row!.reviewer as ReviewWithContext['reviewer']) : undefined,
  };
}

/**
 * reviewPostFacts as a named statement (planned once per connection: 2–3 ms of planning a post at
 * 1M offers). Each read walks its own index; the burst's count names every status so that it
 * ranges over the entity's last day in (entity_id, status, created_at) instead of reading all of
 * the entity's reviews. The values are unplanned (decision 037): planned by them, a hot entity's
 * or a new account's plan looked cheaper than the generic one, and every post was planned anew.
 */
const reviewPostFactsStatement = perHandle((db) => {
  const p = (name: string) => sql.placeholder(name);
  const userId = unplannedPlaceholder('userId', 'uuid');
  const entityId = unplannedPlaceholder('entityId', 'uuid');
  const dayAgo = unplannedPlaceholder('dayAgo', 'timestamptz');
  return db
    .select({
      reviewsToday: sql<number>`(SELECT count(*)::int FROM ${reviews}
        WHERE ${reviews.reviewerUserId} = ${userId} AND ${reviews.createdAt} > ${dayAgo})`,
      reviewedRecently: sql<boolean>`EXISTS (SELECT 1 FROM ${reviews}
        WHERE ${reviews.reviewerUserId} = ${userId} AND ${reviews.entityId} = ${entityId}
          AND ${reviews.createdAt} > ${unplannedPlaceholder('repeatSince', 'timestamptz')})`,
      textRepeated: sql<boolean>`EXISTS (SELECT 1 FROM ${reviews}
        WHERE ${reviews.textHash} = ${unplannedPlaceholder('textHash', 'text')})`,
      youngReviews: sql<number>`(SELECT count(*)::int FROM ${reviews}
        JOIN ${users} young ON young.id = ${reviews.reviewerUserId}
        WHERE ${reviews.entityId} = ${entityId}
          AND ${reviews.status} IN (${sql.join(
            REVIEW_STATUSES.map((status) => sql.raw(`'${status}'`)),
            sql`, `,
          )})
          AND ${reviews.createdAt} > ${dayAgo}
          AND ${reviews.createdAt} - young.created_at
            < make_interval(days => ${p('burstAccountDays')}::int))`,
      createdAt: users.createdAt,
      identityVerified: users.identityVerified,
      reviewer: reviewerColumns,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(users, sql`${users.id} = ${userId}`)
    .leftJoin(reviewerEntity, eq(reviewerEntity.id, users.entityId))
    .prepare('reviews_post_facts');
});

export async function insertReview(
  db: DbOrTx,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

export async function updateReviewRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof reviews.$inferInsert>,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

/** What the public list of an entity shows about the entity itself. */
export type EntityReviewFigures = Pick<
  EntityRow,
  | 'id'
  | 'name'
  | 'entityType'
  | 'verificationStatus'
  | 'reputationScore'
  | 'totalReviews'
  | 'invitedReviews'
  | 'ratingCounts'
>;

/**
 * A page of an entity's approved reviews, newest published first, with the entity's figures from
 * the same statement: one round trip for the busiest public review page (docs/performance.md).
 * `entity` is undefined on an empty page.
 */
export async function listApprovedForEntityWithFigures(
  db: DbOrTx,
  entityId: string,
  limit: number,
  offset: number,
  sort: ReviewSort = 'recent',
  /** Only reviews of this many stars. */
  rating?: number,
): Promise<{ rows: ReviewWithContext[]; entity: EntityReviewFigures | undefined }> {
  const page = pageKey(limit, offset, ENTITY_REVIEWS_PAGE);
  const statement = entityPage(db, `${sort}${rating !== undefined ? STARS : ''}|${page}`);
  const found = await statement.execute({ entityId, limit, offset, rating: rating ?? 0 });
  return {
    rows: found.map(({ figures: _figures, ...row }) => row),
    entity: found[0]?.figures,
  };
}

/**
 * The entity review page as a named prepared statement per sort, page key and database handle:
 * drizzle builds its SQL once, PostgreSQL parses it once per connection and keeps its plan (a
 * walk along the sort's index for one entity: the same plan for every entity and page). The
 * first pages of the page's own size have their LIMIT and OFFSET written in, so that PostgreSQL
 * does keep that plan (pageKey; docs/decisions/037-generic-plans.md). Behind PgBouncer this needs
 * 1.21+ with max_prepared_statements (docs/deployment.md).
 */
const STARS = '_stars';

/** The entity review page's own size (the statements with their page written in). */
const ENTITY_REVIEWS_PAGE = { limit: PAGE_SIZES.entityReviews, step: PAGE_SIZES.entityReviews };

/**
 * One statement per sort, and per sort with the star filter, and per page key (key: the sort,
 * `STARS` added, '|', the page key).
 */
const entityPage = perHandle((db, key) => {
  const [sortKey = '', page = ''] = key.split('|');
  const byStars = sortKey.endsWith(STARS);
  const sort = (byStars ? sortKey.slice(0, -STARS.length) : sortKey) as ReviewSort;
  const bounds = pageBounds(page);
  const order = byStars ? STARS_SORT_ORDERS[sort] : SORT_ORDERS[sort];
  // The page's reviews first, by their ids alone: a walk along the sort's partial index that
  // stops at the page (each order has its index: reviews_entity_published_idx, _helpful_idx,
  // _rating_idx; with the star filter, reviews_entity_rating_idx and
  // reviews_entity_stars_helpful_idx). Reviews, reviewers and entities are then read for the
  // page's rows only: joined before the page, every approved review of a hot entity was (158 of
  // them at 10k: docs/decisions/045-planned-once-read-for-the-page.md).
  const pageIds = db
    .select({ id: sql<string>`${reviews.id}`.as('page_id') })
    .from(reviews)
    .where(
      and(
        // The entity unplanned and the status written in: PostgreSQL keeps the generic plan
        // (decision 037).
        sql`${reviews.entityId} = ${unplannedPlaceholder('entityId', 'uuid')}`,
        sql`${reviews.status} = 'approved'`,
        byStars ? eq(reviews.overallRating, sql.placeholder('rating')) : undefined,
      ),
    )
    .orderBy(...order)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .as('page');
  return db
    .select({
      review: reviews,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      reviewer: reviewerColumns,
      figures: {
        id: entities.id,
        name: entities.name,
        entityType: entities.entityType,
        verificationStatus: entities.verificationStatus,
        reputationScore: entities.reputationScore,
        totalReviews: entities.totalReviews,
        invitedReviews: entities.invitedReviews,
        ratingCounts: entities.ratingCounts,
      },
    })
    .from(pageIds)
    .innerJoin(reviews, eq(reviews.id, pageIds.id))
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId))
    .leftJoin(reviewerEntity, eq(reviewerEntity.id, users.entityId))
    .orderBy(...order)
    .prepare(`reviews_entity_page_${sortKey}${page ? `_${page}` : ''}`);
});

const SORT_ORDERS: Record<ReviewSort, SQL[]> = {
  recent: [newestFirst(reviews.publishedAt), newestFirst(reviews.id)],
  helpful: [
    newestFirst(reviews.helpfulScore),
    newestFirst(reviews.publishedAt),
    newestFirst(reviews.id),
  ],
  rating: [
    newestFirst(reviews.overallRating),
    newestFirst(reviews.publishedAt),
    newestFirst(reviews.id),
  ],
};

/** Within one star rating, 'Rating' is 'Most recent'. */
const STARS_SORT_ORDERS: Record<ReviewSort, SQL[]> = {
  recent: SORT_ORDERS.recent,
  helpful: SORT_ORDERS.helpful,
  rating: SORT_ORDERS.recent,
};

/** Approved reviews of approved entities, newest published first. */
export async function listRecentApproved(
  db: DbOrTx,
  limit: number,
  offset: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(and(eq(reviews.status, 'approved'), eq(entities.verificationStatus, 'approved')))
    .orderBy(newestFirst(reviews.publishedAt), newestFirst(reviews.id))
    .limit(limit)
    .offset(offset);
}

export async function listByReviewer(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(eq(reviews.reviewerUserId, userId))
    .orderBy(newestFirst(reviews.createdAt))
    .limit(limit);
}

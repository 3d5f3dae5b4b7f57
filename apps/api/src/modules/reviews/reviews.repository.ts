import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  entities,
  entityTrustScores,
  platformReviewStats,
  reviewProofs,
  reviewReports,
  type EntityTrustScoreRow,
  type ReviewProofRow,
  reviewReplies,
  reviews,
  reviewVotes,
  users,
  type EntityRow,
  type ReviewReplyRow,
  type ReviewRow,
} from '../../db/schema';
import { keyLock, lockKey } from '../../lib/counters.repository';
import { entityNameKey } from '../entities/entity-name';
import { REVIEW_LIMITS, type ReviewSort } from '@trustlinks/contract/reviews';
import { PAGE_SIZES, REVIEW_STATUSES } from '@trustlinks/contract/constants';
import {
  priorMeans,
  SCORE_KEYS,
  tierOf,
  TRUST_CONSTANTS,
  trustFromGroups,
  voiceGroup,
  wilsonLowerBound,
  type Scores,
  type TrustGroup,
} from './reputation';
import { DAY_MS } from '../../lib/time';
import { pageBounds, pageKey, perHandle, unplannedPlaceholder } from '../../lib/prepared';

/** Counting stops here (dashboard page counts). */
export const REVIEW_COUNT_CAP = 10_000;

/** A review with what every presenter needs: its entity and its reviewer. */
export interface ReviewWithContext {
  review: ReviewRow;
  entity: Pick<EntityRow, 'name' | 'slug' | 'entityType'>;
  reviewer: {
    firstName: string;
    lastName: string;
    email: string;
    identityVerified: boolean;
    /** The reviewer speaks for an approved entity ('Verified company member'). */
    approvedMember: boolean;
  };
  disputeText?: string | null;
}

/** The reviewer's own entity, for the 'Verified company member' label. */
const reviewerEntity = alias(entities, 'reviewer_entity');
const reviewerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  identityVerified: users.identityVerified,
  approvedMember: sql<boolean>`coalesce(${reviewerEntity.verificationStatus} = 'approved', false)`,
};

// The indexes are declared DESC NULLS LAST; the ORDER BY must say so to use them.
const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;

const withContext = (db: DbOrTx) =>
  db
    .select({
      review: reviews,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      reviewer: reviewerColumns,
    })
    .from(reviews)
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId))
    .leftJoin(reviewerEntity, eq(reviewerEntity.id, users.entityId));

export async function findReview(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRow | undefined> {
  const query = db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Locks the reviews in id order (bulk moderation); the ones that exist. */
export async function lockReviews(db: DbOrTx, ids: string[]): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reviews)
    .where(inArray(reviews.id, ids))
    .orderBy(asc(reviews.id))
    .for('update');
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

/** Reviews further back than this many (newest first) weigh too little to fetch (< 0.1 %). */
const TRUST_REVIEWS_READ_MAX = 5_000;

/** Recomputes the platform's mean ratings (published reviews of approved entities). */
export async function refreshPlatformMeans(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    INSERT INTO platform_review_stats AS p
      (id, overall, quality, support, reliability, payment_speed, review_count, computed_at)
    SELECT 1,
      COALESCE(round(avg(r.overall_rating), 2), 0), COALESCE(round(avg(r.rating_quality), 2), 0),
      COALESCE(round(avg(r.rating_support), 2), 0), COALESCE(round(avg(r.rating_reliability), 2), 0),
      COALESCE(round(avg(r.rating_payment_speed), 2), 0), count(*)::int, now()
    FROM reviews r JOIN entities e ON e.id = r.entity_id
    WHERE r.status = 'approved' AND e.verification_status = 'approved'
    ON CONFLICT (id) DO UPDATE SET
      overall = excluded.overall, quality = excluded.quality, support = excluded.support,
      reliability = excluded.reliability, payment_speed = excluded.payment_speed,
      review_count = excluded.review_count, computed_at = excluded.computed_at`);
}

/**
 * An entity's published reviews summed as the TrustScore weighs them (reputation.ts,
 * trustGroups): one row a group (the reviews without a verified domain, by their authors' tier
 * facts; the reviews of each verified domain), with the platform's prior (platform_review_stats,
 * refreshed by the trust worker; null before its first run; an entity without reviews needs none)
 * on the group of the newest review. The sums are made here, not in the app: an entity with
 * thousands of reviews sends a few rows instead of up to TRUST_REVIEWS_READ_MAX, and a review
 * post no longer holds the app's event loop for the time it takes to read them (40 ms at 5,000,
 * docs/decisions/039-shorter-writes.md). One named statement, planned once per connection. Each
 * author is looked up by its key (a LATERAL subquery with LIMIT stays a nested loop): joined as a
 * set, the planner read all users into a hash for an entity's 200 reviews (10 ms instead of 3 at
 * 1M offers, docs/performance.md, eleventh session). The reviews' columns it reads are all in
 * reviews_entity_published_idx (INCLUDE, migration 0035): an index-only walk. The builder is
 * exported so a test can EXPLAIN the very statement.
 */
export function trustGroupsQuery(
  db: DbOrTx,
  entityId: Placeholder | string,
  now: Placeholder | string,
  /**
   * Leave out the young voices (swarm-guard.ts youngVoicesHold): the reviews written after
   * `since` by accounts younger than `accountDays` then, published without a moderator.
   */
  withoutYoung?: { since: Placeholder | string; accountDays: number },
) {
  const recent = db
    .select({
      // In the index's key: the walk stays index-only.
      id: reviews.id,
      overall: reviews.overallRating,
      quality: reviews.ratingQuality,
      support: reviews.ratingSupport,
      reliability: reviews.ratingReliability,
      paymentSpeed: reviews.ratingPaymentSpeed,
      publishedAt: reviews.publishedAt,
      createdAt: reviews.createdAt,
      reviewerUserId: reviews.reviewerUserId,
      n: sql<number>`row_number() OVER (ORDER BY ${newestFirst(reviews.publishedAt)}, ${newestFirst(reviews.id)})`.as(
        'n',
      ),
    })
    .from(reviews)
    // 'approved' written in (not a parameter): the generic plan then walks the partial index of
    // published reviews in order and stops at the limit, with no sort.
    .where(sql`${reviews.entityId} = ${entityId}::uuid AND ${reviews.status} = 'approved'`)
    .orderBy(newestFirst(reviews.publishedAt), newestFirst(reviews.id))
    .limit(TRUST_REVIEWS_READ_MAX)
    .as('recent');
  const authorEntity = alias(entities, 'author_entity');
  const author = db
    .select({
      identityVerified: users.identityVerified,
      identityDomain: users.identityDomain,
      emailVerifiedAt: users.emailVerifiedAt,
      accountCreatedAt: sql<Date>`${users.createdAt}`.as('account_created_at'),
      authorEntityStatus: authorEntity.verificationStatus,
    })
    .from(users)
    .leftJoin(authorEntity, eq(authorEntity.id, users.entityId))
    .where(eq(users.id, recent.reviewerUserId))
    .limit(1)
    .as('author');
  // Per review: its weight's recency factor (reputation.ts recencyWeight: 0.5^(age / half-life),
  // no age below 0), the tier facts of its author at the time of the review (reputation.ts
  // authorTier), and its voice domain (identity verified only).
  const halfLifeS = TRUST_CONSTANTS.halfLifeDays * (DAY_MS / 1000);
  const establishedS = TRUST_CONSTANTS.establishedAccountDays * (DAY_MS / 1000);
  const at = sql`coalesce(${recent.publishedAt}, ${recent.createdAt})`;
  const scored = db
    .select({
      overall: sql<number>`${recent.overall}`.as('overall'),
      quality: sql<number>`${recent.quality}`.as('quality'),
      support: sql<number>`${recent.support}`.as('support'),
      reliability: sql<number>`${recent.reliability}`.as('reliability'),
      paymentSpeed: sql<number>`${recent.paymentSpeed}`.as('payment_speed'),
      recency: sql<number>`power(0.5::float8,
        greatest(0, extract(epoch FROM ${now}::timestamptz - ${at}))::float8 / ${halfLifeS}::float8)`.as(
        'recency',
      ),
      voice: sql<
        string | null
      >`CASE WHEN ${author.identityVerified} THEN ${author.identityDomain} END`.as('voice'),
      verified:
        sql<boolean>`(${author.identityVerified} OR coalesce(${author.authorEntityStatus} = 'approved', false))`.as(
          'verified',
        ),
      emailVerified: sql<boolean>`(${author.emailVerifiedAt} IS NOT NULL)`.as('email_verified'),
      established:
        sql<boolean>`(extract(epoch FROM ${recent.createdAt} - ${author.accountCreatedAt}) >= ${establishedS})`.as(
          'established',
        ),
      n: sql<number>`${recent.n}`.as('n'),
    })
    .from(recent)
    .innerJoinLateral(author, sql`true`)
    .where(
      withoutYoung
        ? sql`NOT (${recent.createdAt} > ${withoutYoung.since}::timestamptz
            AND ${recent.createdAt} - ${author.accountCreatedAt}
              < make_interval(days => ${withoutYoung.accountDays}::int)
            AND (SELECT ${reviews.moderatedAt} FROM ${reviews} WHERE ${reviews.id} = ${recent.id}) IS NULL)`
        : undefined,
    )
    .as('scored');
  const p = platformReviewStats;
  const f8 = (expr: SQL) => sql<number>`(${expr})::float8`;
  const columns = {
    overall: scored.overall,
    quality: scored.quality,
    support: scored.support,
    reliability: scored.reliability,
    payment_speed: scored.paymentSpeed,
  };
  // One number per score, as an object keyed like Scores.
  const each = (fn: (column: SQL.Aliased<number>) => SQL) =>
    sql`json_build_object(${sql.join(
      SCORE_KEYS.map((key) => sql`${key}::text, ${f8(fn(columns[key]))}`),
      sql`, `,
    )})`;
  return db
    .select({
      voice: scored.voice,
      // The tier facts of a group without a domain (a domain's reviews are all identity-verified).
      verified: sql<boolean | null>`CASE WHEN ${scored.voice} IS NULL THEN ${scored.verified} END`,
      emailVerified: sql<
        boolean | null
      >`CASE WHEN ${scored.voice} IS NULL THEN ${scored.emailVerified} END`,
      established: sql<
        boolean | null
      >`CASE WHEN ${scored.voice} IS NULL THEN ${scored.established} END`,
      recencySum: f8(sql`sum(${scored.recency})`),
      recencyMax: f8(sql`max(${scored.recency})`),
      weightedSums: sql<Scores>`${each((c) => sql`sum(${scored.recency} * ${c})`)}`,
      means: sql<Scores>`${each((c) => sql`avg(${c})`)}`,
      // JSON in the shape priorMeans takes: both drivers (node-postgres, PGlite) parse it.
      prior: sql<PlatformPrior | null>`CASE WHEN min(${scored.n}) = 1 THEN (SELECT json_build_object(
        'reviewCount', ${p.reviewCount}, 'means', json_build_object('overall', ${p.overall},
        'quality', ${p.quality}, 'support', ${p.support}, 'reliability', ${p.reliability},
        'payment_speed', ${p.paymentSpeed})) FROM ${p} WHERE ${p.id} = 1) END`,
    })
    .from(scored)
    .groupBy(sql`1, 2, 3, 4`);
}

const trustGroupsStatement = perHandle((db) =>
  trustGroupsQuery(db, sql.placeholder('entityId'), sql.placeholder('now')).prepare(
    'trust_review_groups',
  ),
);

/** trustGroupsQuery without the young voices (youngVoicesHold), one named statement too. */
const trustGroupsWithoutYoungStatement = perHandle((db) =>
  trustGroupsQuery(db, sql.placeholder('entityId'), sql.placeholder('now'), {
    since: sql.placeholder('since'),
    accountDays: REVIEW_LIMITS.burstAccountDays,
  }).prepare('trust_review_groups_without_young'),
);

/** The platform's means and the reviews they rest on (platform_review_stats). */
type PlatformPrior = { reviewCount: number; means: Scores };

/**
 * What the TrustScore reads: the entity's reviews in groups (trustGroupsQuery) and the prior.
 * With `youngSince`, without the reviews of accounts younger than burstAccountDays written since
 * then and published without a moderator (the swarm guard's baseline, youngVoicesHold); the
 * prior then comes only with the newest review, so take it from the whole read.
 */
export async function trustGroupsOf(
  db: DbOrTx,
  entityId: string,
  now: Date,
  youngSince?: Date,
): Promise<{ groups: TrustGroup[]; platform: PlatformPrior | null }> {
  const rows = youngSince
    ? await trustGroupsWithoutYoungStatement(db).execute({
        entityId,
        now: now.toISOString(),
        since: youngSince.toISOString(),
      })
    : await trustGroupsStatement(db).execute({ entityId, now: now.toISOString() });
  const groups = rows.map((r): TrustGroup => {
    // A domain's reviews are all identity-verified: one voice of that tier (reputation.ts).
    if (r.voice !== null) {
      return voiceGroup(TRUST_CONSTANTS.authorWeights.verified * r.recencyMax, r.means);
    }
    const tierWeight =
      TRUST_CONSTANTS.authorWeights[
        tierOf({
          verified: Boolean(r.verified),
          emailVerified: Boolean(r.emailVerified),
          established: Boolean(r.established),
        })
      ];
    const weighted = { ...r.weightedSums };
    for (const key of SCORE_KEYS) weighted[key] *= tierWeight;
    return { weight: tierWeight * r.recencySum, weighted };
  });
  return { groups, platform: rows.find((r) => r.prior)?.prior ?? null };
}

/**
 * The entity's reputation_score (the TrustScore, reputation.ts) with its sub-scores, and
 * total_reviews and rating_counts (approved reviews by overall rating), from the reviews
 * themselves: two round trips. Call it in the transaction of every status change, after locking
 * the entity row (lockEntity), so that the recount sees every committed change before it.
 */
export async function recomputeEntityReviewStats(
  db: DbOrTx,
  entityId: string,
  priorReviews: number = TRUST_CONSTANTS.priorReviews,
): Promise<void> {
  const { groups, platform } = await trustGroupsOf(db, entityId, new Date());
  const { scores, evidenceWeight } = trustFromGroups(groups, {
    reviews: priorReviews,
    means: priorMeans(platform),
  });
  const byStars = [1, 2, 3, 4, 5].map(
    (stars) => sql`count(*) FILTER (WHERE ${reviews.overallRating} = ${stars}::int)`,
  );
  // The counts (all approved reviews, beyond the ones scored), the entity's figures and its
  // sub-scores in one statement (one round trip of the review's transaction, which holds the
  // entity's lock).
  await db.execute(sql`
    WITH counts AS (
      SELECT ARRAY[${sql.join(byStars, sql`, `)}]::int[] AS by_stars, count(*)::int AS total
      FROM ${reviews}
      WHERE ${reviews.entityId} = ${entityId}::uuid AND ${reviews.status} = 'approved'
    ), figures AS (
      UPDATE ${entities} SET
        reputation_score = ${scores.overall}::numeric,
        total_reviews = counts.total,
        rating_counts = counts.by_stars,
        updated_at = now()
      FROM counts
      WHERE id = ${entityId}::uuid
    )
    INSERT INTO ${entityTrustScores}
      (entity_id, quality, support, reliability, payment_speed, evidence_weight, computed_at)
    VALUES (${entityId}::uuid, ${scores.quality}::numeric, ${scores.support}::numeric,
      ${scores.reliability}::numeric, ${scores.payment_speed}::numeric, ${evidenceWeight}::real,
      ${new Date().toISOString()}::timestamptz)
    ON CONFLICT (entity_id) DO UPDATE SET
      quality = excluded.quality, support = excluded.support, reliability = excluded.reliability,
      payment_speed = excluded.payment_speed, evidence_weight = excluded.evidence_weight,
      computed_at = excluded.computed_at`);
}

/** Entities whose scores were computed longest ago (recency weights keep moving). */
export async function stalestTrustScores(
  db: DbOrTx,
  olderThan: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ entityId: entityTrustScores.entityId })
    .from(entityTrustScores)
    .where(lt(entityTrustScores.computedAt, olderThan))
    .orderBy(asc(entityTrustScores.computedAt))
    .limit(limit);
  return rows.map((r) => r.entityId);
}

export async function findTrustScores(
  db: DbOrTx,
  entityId: string,
): Promise<EntityTrustScoreRow | undefined> {
  const [row] = await db
    .select()
    .from(entityTrustScores)
    .where(eq(entityTrustScores.entityId, entityId))
    .limit(1);
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

export async function listForEntityByStatus(
  db: DbOrTx,
  entityId: string,
  status: string,
  limit: number,
  offset: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(and(eq(reviews.entityId, entityId), eq(reviews.status, status)))
    .orderBy(newestFirst(reviews.createdAt))
    .limit(limit)
    .offset(offset);
}

/** Reviews of one entity in one status, counted on the (entity_id, status) index, capped. */
export async function countForEntityByStatus(
  db: DbOrTx,
  entityId: string,
  status: string,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(reviews)
    .where(and(eq(reviews.entityId, entityId), eq(reviews.status, status)))
    .limit(REVIEW_COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/**
 * The moderation queue of one status. Pending and flagged reviews come oldest first (a queue);
 * approved and rejected newest first (a history), open disputes ahead of the rest.
 */
export async function listForModeration(
  db: DbOrTx,
  status: string,
  limit: number,
  offset: number,
  /** Only reviews held for this reason (reviews_hold_status_created_idx; issue 27). */
  holdReason?: string,
): Promise<ReviewWithContext[]> {
  const queue = status === 'pending' || status === 'flagged';
  if (status !== 'approved' || holdReason) {
    return (
      withContext(db)
        .where(
          and(
            eq(reviews.status, status),
            holdReason ? eq(reviews.holdReason, holdReason) : undefined,
          ),
        )
        // (status, created_at) read forwards for the queue and backwards for the history.
        .orderBy(queue ? asc(reviews.createdAt) : desc(reviews.createdAt))
        .limit(limit)
        .offset(offset)
    );
  }
  // Disputed reviews first: few, read through their partial index; then the rest by date.
  const disputed = await withContext(db)
    .where(and(eq(reviews.status, 'approved'), eq(reviews.disputeOpen, true)))
    .orderBy(asc(reviews.createdAt))
    .limit(offset + limit);
  const fromDisputed = disputed.slice(offset, offset + limit);
  const need = limit - fromDisputed.length;
  if (need <= 0) return fromDisputed;
  const restOffset = Math.max(0, offset - disputed.length);
  const rest = await withContext(db)
    .where(and(eq(reviews.status, 'approved'), eq(reviews.disputeOpen, false)))
    .orderBy(desc(reviews.createdAt))
    .limit(need)
    .offset(restOffset);
  return [...fromDisputed, ...rest];
}

/** The latest dispute text of each review (for admins and the entity's users). */
export async function latestDisputeTexts(
  db: DbOrTx,
  reviewIds: string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (reviewIds.length === 0) return map;
  const rows = await db
    .selectDistinctOn([reviewReplies.reviewId], {
      reviewId: reviewReplies.reviewId,
      text: reviewReplies.replyText,
    })
    .from(reviewReplies)
    .where(and(inArray(reviewReplies.reviewId, reviewIds), eq(reviewReplies.replyType, 'dispute')))
    .orderBy(reviewReplies.reviewId, sql`${reviewReplies.createdAt} desc`);
  for (const r of rows) map.set(r.reviewId, r.text);
  return map;
}

/** What one viewer has to do with one review: their vote, and whether they wrote it. */
export interface ViewerMark {
  vote: string | null;
  own: boolean;
  /** Of the viewer's own review: whether its payment proof was verified. */
  proofVerified: boolean;
}

/**
 * The viewer's marks on these reviews, in one read: their votes (review_votes' primary key) and
 * which of them they wrote. Reviews they neither voted on nor wrote are absent. Every signed-in
 * read of a review page asks this, on a kept page too (read-cache.ts sharedValue): a named
 * prepared statement per database handle (the same primary-key lookups whatever the ids), so
 * drizzle builds it once and PostgreSQL plans it once per connection (docs/decisions/016).
 */
export async function viewerMarksOf(
  db: DbOrTx,
  userId: string,
  reviewIds: string[],
): Promise<Map<string, ViewerMark>> {
  const map = new Map<string, ViewerMark>();
  if (reviewIds.length === 0) return map;
  const rows = await viewerMarks(db).execute({ userId, reviewIds });
  for (const r of rows) {
    map.set(r.reviewId, { vote: r.vote, own: r.own, proofVerified: r.own && r.proofVerified });
  }
  return map;
}

const viewerMarks = perHandle((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      reviewId: reviews.id,
      vote: reviewVotes.voteType,
      own: sql<boolean>`${reviews.reviewerUserId} = ${userId}::uuid`,
      proofVerified: sql<boolean>`${reviews.proofVerifiedAt} is not null`,
    })
    .from(reviews)
    .leftJoin(
      reviewVotes,
      and(eq(reviewVotes.reviewId, reviews.id), sql`${reviewVotes.userId} = ${userId}::uuid`),
    )
    .where(
      and(
        sql`${reviews.id} = any(${sql.placeholder('reviewIds')}::uuid[])`,
        or(sql`${reviews.reviewerUserId} = ${userId}::uuid`, isNotNull(reviewVotes.userId)),
      ),
    )
    .prepare('reviews_viewer_marks');
});

/**
 * Recounts a review's counted votes and its 'Most helpful' rank. The caller holds the review's
 * row lock (findReview forUpdate), so each recount starts after the previous vote committed and
 * counts stay exact under concurrent votes.
 */
export async function recountVotes(
  db: DbOrTx,
  reviewId: string,
): Promise<{ helpfulVotes: number; unhelpfulVotes: number }> {
  const [counts] = await db
    .select({
      helpfulVotes: sql<number>`count(*) FILTER (WHERE ${reviewVotes.voteType} = 'helpful')::int`,
      unhelpfulVotes: sql<number>`count(*) FILTER (WHERE ${reviewVotes.voteType} = 'unhelpful')::int`,
    })
    .from(reviewVotes)
    .innerJoin(users, eq(users.id, reviewVotes.userId))
    .where(
      and(
        eq(reviewVotes.reviewId, reviewId),
        eq(reviewVotes.counted, true),
        // Votes of banned accounts and of accounts a swarm check holds do not count (issue 23).
        eq(users.status, 'active'),
        sql`NOT EXISTS (SELECT 1 FROM ${reviews} h WHERE h.reviewer_user_id = ${reviewVotes.userId}
          AND h.hold_reason IN ('burst', 'new_account') AND h.status IN ('pending', 'rejected'))`,
      ),
    );
  const helpfulVotes = counts?.helpfulVotes ?? 0;
  const unhelpfulVotes = counts?.unhelpfulVotes ?? 0;
  await db
    .update(reviews)
    .set({
      helpfulVotes,
      unhelpfulVotes,
      helpfulScore: wilsonLowerBound(helpfulVotes, unhelpfulVotes),
    })
    .where(eq(reviews.id, reviewId));
  return { helpfulVotes, unhelpfulVotes };
}

/**
 * Records (or replaces) the user's vote and recounts the review's votes. A vote that waits for
 * its account's first day (`countsFrom` in the future) is stored but not counted yet.
 */
export async function upsertVoteAndRecount(
  db: DbOrTx,
  reviewId: string,
  userId: string,
  voteType: string,
  countsFrom: Date = new Date(),
): Promise<{ helpfulVotes: number; unhelpfulVotes: number }> {
  const counted = countsFrom.getTime() <= Date.now();
  await db
    .insert(reviewVotes)
    .values({ reviewId, userId, voteType, countsFrom, counted })
    .onConflictDoUpdate({
      target: [reviewVotes.reviewId, reviewVotes.userId],
      set: { voteType, updatedAt: sql`now()` },
    });
  return recountVotes(db, reviewId);
}

/** Votes of the user recorded or changed since `since` (the daily vote limit). */
export async function countVotesSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), gt(reviewVotes.updatedAt, since)));
  return row?.n ?? 0;
}

/** Reviews with votes whose account has come of age since they were cast. */
export async function reviewsWithMaturedVotes(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.counted, false), lte(reviewVotes.countsFrom, sql`now()`)))
    .limit(limit);
  return rows.map((r) => r.reviewId);
}

/** Counts the review's matured votes in (under the review's row lock) and recounts. */
export async function countMaturedVotes(db: DbOrTx, reviewId: string): Promise<void> {
  await db
    .update(reviewVotes)
    .set({ counted: true })
    .where(
      and(
        eq(reviewVotes.reviewId, reviewId),
        eq(reviewVotes.counted, false),
        lte(reviewVotes.countsFrom, sql`now()`),
      ),
    );
  await recountVotes(db, reviewId);
}

/** The reviews the account voted on, newest vote first, at most `limit` (review_votes_user_idx). */
export async function reviewIdsVotedBy(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(eq(reviewVotes.userId, userId))
    .orderBy(desc(reviewVotes.updatedAt))
    .limit(limit);
  return rows.map((r) => r.reviewId);
}

/** Recounts a review's votes; the caller holds the review's row lock (findReview forUpdate). */
export const recountReviewVotes = recountVotes;

// ---- accounts held as a whole (issue 23): a ban holds the account's published reviews

/** Holds the account's published reviews ('banned'); returns the entities they were about. */
export async function holdPublishedReviewsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .update(reviews)
    .set({ status: 'pending', holdReason: 'banned', updatedAt: sql`now()` })
    .where(and(eq(reviews.reviewerUserId, userId), eq(reviews.status, 'approved')))
    .returning({ entityId: reviews.entityId });
  return [...new Set(rows.map((r) => r.entityId))];
}

/**
 * Publishes again the account's reviews that its ban held (and no moderator decided since);
 * returns the entities they are about.
 */
export async function releaseBanHoldsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .update(reviews)
    .set({ status: 'approved', holdReason: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviews.reviewerUserId, userId),
        eq(reviews.status, 'pending'),
        eq(reviews.holdReason, 'banned'),
      ),
    )
    .returning({ entityId: reviews.entityId });
  return [...new Set(rows.map((r) => r.entityId))];
}

// ---- swarm guard (issue 14)

/** What the swarm guard and the weights need to know about an account. */
export async function findAccountFacts(
  db: DbOrTx,
  userId: string,
): Promise<{ createdAt: Date; identityVerified: boolean } | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt, identityVerified: users.identityVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * The burst waits for a moderator as a whole (issue 23): the entity's reviews written since
 * `since` that are held for a new account, or were published although their account was younger
 * than `accountDays` (a verified identity lifts the new-account hold, not the burst), are held
 * as the burst now; a review a moderator approved stays published. Returns the authors of the reviews taken back from the public list.
 */
export async function markHeldAsBurst(
  db: DbOrTx,
  entityId: string,
  since: Date,
  accountDays: number,
  note: string,
): Promise<string[]> {
  await db
    .update(reviews)
    .set({ holdReason: 'burst', adminNotes: note, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviews.entityId, entityId),
        eq(reviews.status, 'pending'),
        eq(reviews.holdReason, 'new_account'),
        gt(reviews.createdAt, since),
      ),
    );
  const taken = await db
    .update(reviews)
    .set({ status: 'pending', holdReason: 'burst', adminNotes: note, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviews.entityId, entityId),
        eq(reviews.status, 'approved'),
        // What a moderator approved stays approved.
        isNull(reviews.moderatedAt),
        gt(reviews.createdAt, since),
        sql`${reviews.createdAt} - (SELECT ${users.createdAt} FROM ${users} WHERE ${users.id} = ${reviews.reviewerUserId}) < make_interval(days => ${accountDays})`,
      ),
    )
    .returning({ reviewerUserId: reviews.reviewerUserId });
  return [...new Set(taken.map((r) => r.reviewerUserId))];
}

// ---- payment proofs

/** Stores the review's files; returns their descriptions (not their bytes), in order. */
export async function insertProofs(
  db: DbOrTx,
  reviewId: string,
  files: { fileName: string; contentType: string; data: Buffer }[],
): Promise<Omit<ReviewProofRow, 'data'>[]> {
  if (files.length === 0) return [];
  const now = Date.now();
  return db
    .insert(reviewProofs)
    .values(
      files.map((f, i) => ({
        // A millisecond apart: the files keep the order they were attached in.
        createdAt: new Date(now + i),
        reviewId,
        fileName: f.fileName,
        contentType: f.contentType,
        sizeBytes: f.data.length,
        data: f.data,
      })),
    )
    .returning(proofDescription);
}

const proofDescription = {
  id: reviewProofs.id,
  reviewId: reviewProofs.reviewId,
  fileName: reviewProofs.fileName,
  contentType: reviewProofs.contentType,
  sizeBytes: reviewProofs.sizeBytes,
  createdAt: reviewProofs.createdAt,
};

/** The proofs' descriptions (not their bytes) of these reviews. */
export async function proofsOf(
  db: DbOrTx,
  reviewIds: string[],
): Promise<Map<string, Omit<ReviewProofRow, 'data'>[]>> {
  const map = new Map<string, Omit<ReviewProofRow, 'data'>[]>();
  if (reviewIds.length === 0) return map;
  const rows = await db
    .select(proofDescription)
    .from(reviewProofs)
    .where(inArray(reviewProofs.reviewId, reviewIds))
    .orderBy(asc(reviewProofs.createdAt), asc(reviewProofs.id));
  for (const r of rows) map.set(r.reviewId, [...(map.get(r.reviewId) ?? []), r]);
  return map;
}

export async function findProof(
  db: DbOrTx,
  reviewId: string,
  proofId: string,
): Promise<ReviewProofRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewProofs)
    .where(and(eq(reviewProofs.id, proofId), eq(reviewProofs.reviewId, reviewId)))
    .limit(1);
  return row;
}

// ---- responsiveness

/** At most this many negative reviews are looked at (the newest): the figure stays cheap. */
const RESPONSIVENESS_READ_MAX = 1_000;

/**
 * The entity's published reviews of ≤ 2 stars since `since`, how many have an owner reply
 * (response or clarification), and the median hours to that first reply.
 */
export async function negativeReviewResponsiveness(
  db: DbOrTx,
  entityId: string,
  since: Date,
): Promise<{ negative: number; replied: number; medianHours: number | null }> {
  const result = await db.execute(sql`
    WITH negative AS (
      SELECT r.id, r.published_at
      FROM reviews r
      WHERE r.entity_id = ${entityId} AND r.status = 'approved' AND r.overall_rating <= 2
        AND r.published_at > ${since.toISOString()}
      ORDER BY r.published_at DESC
      LIMIT ${RESPONSIVENESS_READ_MAX}
    ), first_reply AS (
      SELECT n.id, (
        SELECT min(rr.created_at) FROM review_replies rr
        WHERE rr.review_id = n.id AND rr.reply_type IN ('response', 'clarification')
      ) - n.published_at AS delay
      FROM negative n
    )
    SELECT count(*)::int AS negative,
      count(delay)::int AS replied,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM delay) / 3600)
        FILTER (WHERE delay IS NOT NULL))::float8 AS median_hours
    FROM first_reply`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return {
    negative: Number(row?.negative ?? 0),
    replied: Number(row?.replied ?? 0),
    medianHours: row?.median_hours == null ? null : Number(row.median_hours as number),
  };
}

/** Inserts a reply; an owner reply that is not the first gives undefined (unique index). */
export async function insertReply(
  db: DbOrTx,
  values: typeof reviewReplies.$inferInsert,
): Promise<ReviewReplyRow | undefined> {
  const [row] = await db.insert(reviewReplies).values(values).onConflictDoNothing().returning();
  return row;
}

/** A review's replies, oldest first; disputes only when asked for. */
export async function listReplies(
  db: DbOrTx,
  reviewId: string,
  options: { includeDisputes: boolean; limit: number },
): Promise<(ReviewReplyRow & { authorName: string })[]> {
  const rows = await db
    .select({ reply: reviewReplies, authorName: entities.name })
    .from(reviewReplies)
    .innerJoin(entities, eq(entities.id, reviewReplies.entityId))
    .where(
      and(
        eq(reviewReplies.reviewId, reviewId),
        options.includeDisputes ? undefined : sql`${reviewReplies.replyType} <> 'dispute'`,
      ),
    )
    .orderBy(asc(reviewReplies.createdAt))
    .limit(options.limit);
  return rows.map((r) => ({ ...r.reply, authorName: r.authorName }));
}

/** A report, unless this user already reported the review (undefined then). */
export async function insertReport(
  db: DbOrTx,
  values: typeof reviewReports.$inferInsert,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(reviewReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  return row;
}

/** Reports one account made since then (reviews_reports_reporter_created_idx). */
export async function countReportsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(and(eq(reviewReports.reporterUserId, userId), gt(reviewReports.createdAt, since)));
  return row?.n ?? 0;
}

const reporter = alias(users, 'reporter');

/** Open reports, oldest first (review_reports_open_idx), each with its review in context. */
export async function listOpenReports(db: DbOrTx, limit: number, offset: number) {
  return db
    .select({
      report: reviewReports,
      reporter: {
        firstName: reporter.firstName,
        lastName: reporter.lastName,
        email: reporter.email,
      },
      review: reviews,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      reviewer: reviewerColumns,
    })
    .from(reviewReports)
    .innerJoin(reporter, eq(reporter.id, reviewReports.reporterUserId))
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId))
    .leftJoin(reviewerEntity, eq(reviewerEntity.id, users.entityId))
    .where(sql`${reviewReports.resolvedAt} IS NULL`)
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id))
    .limit(limit)
    .offset(offset);
}

/** A moderator decided on the review: its open reports leave the admins' list. */
export async function resolveReports(db: DbOrTx, reviewId: string): Promise<void> {
  await db
    .update(reviewReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(reviewReports.reviewId, reviewId), sql`${reviewReports.resolvedAt} IS NULL`));
}

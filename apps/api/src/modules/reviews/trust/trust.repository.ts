import { asc, eq, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import {
  entities,
  entityTrustScores,
  platformReviewStats,
  reviews,
  users,
  type EntityTrustScoreRow,
} from '../../../db/schema';
import { REVIEW_LIMITS } from '@trustlinks/contract/reviews';
import { DAY_MS } from '../../../lib/time';
import { perHandle } from '../../../lib/prepared';
import { newestFirst } from '../reviews.sql';
import { setEntityReviewFigures } from '../../entities/entity-figures.sql';
import {
  priorMeans,
  SCORE_KEYS,
  tierOf,
  TRUST_CONSTANTS,
  trustFromGroups,
  voiceGroup,
  type Scores,
  type TrustGroup,
} from './reputation';

// The TrustScore's SQL: the reviews summed in groups as reputation.ts weighs them, the platform's
// prior, the entity's figures and sub-scores, and the owner's responsiveness.

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
 * 1M offers, docs/performance.md). The reviews' columns it reads are all in
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
      SELECT ARRAY[${sql.join(byStars, sql`, `)}]::int[] AS by_stars, count(*)::int AS total,
        count(*) FILTER (WHERE ${reviews.invitationId} IS NOT NULL)::int AS invited
      FROM ${reviews}
      WHERE ${reviews.entityId} = ${entityId}::uuid AND ${reviews.status} = 'approved'
    ), figures AS (${setEntityReviewFigures(entityId, scores.overall, sql.raw('counts'))})
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

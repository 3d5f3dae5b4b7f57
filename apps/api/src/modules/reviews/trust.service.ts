import { REVIEW_MESSAGES, type Review, type TrustSummary } from '@trustlinks/contract/reviews';
import { canSeeEntity } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import type { Db } from '../../db/client';
import type { ReviewProofRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { findEntity } from '../entities/entities.service';
import { toReview } from './reviews.presenter';
import {
  countMaturedVotes,
  findProof,
  findReview,
  findReviewWithContext,
  findTrustScores,
  lockEntity,
  negativeReviewResponsiveness,
  proofsOf,
  recomputeEntityReviewStats,
  refreshPlatformMeans,
  reviewsWithMaturedVotes,
  stalestTrustScores,
  updateReviewRow,
} from './reviews.repository';
import { DAY_MS } from '../../lib/time';

// Trust and safety II (issue 14): the TrustScore summary, payment proofs, and the background
// upkeep the scores need. docs/decisions/012-trustscore-and-swarm-guard.md.

/**
 * GET /reviews/entity/{id}/trust: the TrustScore, its sub-scores and the owner's responsiveness
 * to negative reviews (last 12 months). Hidden like the entity's page when it is not approved.
 */
export async function trustSummary(
  deps: Deps,
  viewer: AuthUser | null,
  entityId: string,
): Promise<TrustSummary> {
  const entity = isUuid(entityId) ? await findEntity(deps.db, entityId) : undefined;
  if (!entity || !canSeeEntity(viewer, entity)) {
    throw notFound(REVIEW_MESSAGES.entityNotFound);
  }
  const since = new Date();
  since.setMonth(since.getMonth() - 12);
  const [scores, responsiveness] = await Promise.all([
    findTrustScores(deps.db, entity.id),
    negativeReviewResponsiveness(deps.db, entity.id, since),
  ]);
  const none = entity.totalReviews === 0;
  return {
    entity_id: entity.id,
    reputation_score: Number(entity.reputationScore),
    total_reviews: entity.totalReviews,
    sub_scores: {
      quality: none ? 0 : (scores?.quality ?? 0),
      support: none ? 0 : (scores?.support ?? 0),
      reliability: none ? 0 : (scores?.reliability ?? 0),
      payment_speed: none ? 0 : (scores?.paymentSpeed ?? 0),
    },
    responsiveness: {
      negative_reviews: responsiveness.negative,
      replied: responsiveness.replied,
      reply_rate:
        responsiveness.negative === 0 ? null : responsiveness.replied / responsiveness.negative,
      median_first_reply_hours:
        responsiveness.medianHours === null
          ? null
          : Math.round(responsiveness.medianHours * 10) / 10,
    },
  };
}

/**
 * GET /reviews/{id}/proofs/{proofId}: the file itself, for admins and the review's author only
 * (403 for anyone else, who may not even learn more than that the review exists).
 */
export async function downloadProof(
  deps: Deps,
  viewer: AuthUser,
  reviewId: string,
  proofId: string,
): Promise<ReviewProofRow> {
  if (!isUuid(reviewId) || !isUuid(proofId)) throw notFound(REVIEW_MESSAGES.proofNotFound);
  const review = await findReview(deps.db, reviewId);
  if (!review) throw notFound(REVIEW_MESSAGES.proofNotFound);
  if (viewer.role !== 'admin' && viewer.id !== review.reviewerUserId) {
    throw forbidden(REVIEW_MESSAGES.proofForbidden);
  }
  const proof = await findProof(deps.db, review.id, proofId);
  if (!proof) throw notFound(REVIEW_MESSAGES.proofNotFound);
  return proof;
}

/** PUT /reviews/{id}/proof-verification (admin): mark the payment proof verified, or not. */
export async function setProofVerified(
  deps: Deps,
  admin: AuthUser,
  reviewId: string,
  verified: boolean,
): Promise<{ message: string; review: Review }> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    const review = await findReview(tx, reviewId, { forUpdate: true });
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    if (review.proofCount === 0) throw badRequest(REVIEW_MESSAGES.proofNone);
    await updateReviewRow(tx, review.id, {
      proofVerifiedAt: verified ? (review.proofVerifiedAt ?? new Date()) : null,
      proofVerifiedByUserId: verified ? admin.id : null,
    });
  });
  const [full, proofs] = await Promise.all([
    findReviewWithContext(deps.db, reviewId),
    proofsOf(deps.db, [reviewId]),
  ]);
  return {
    message: verified ? REVIEW_MESSAGES.proofVerified : REVIEW_MESSAGES.proofUnverified,
    review: toReview(full!, 'admin', { proofs: proofs.get(reviewId) ?? [] }),
  };
}

/**
 * One pass of upkeep, safe on several instances at once (every step is idempotent):
 * 1. the platform's mean ratings (the prior) from the published reviews;
 * 2. votes of accounts that have come of age since they voted are counted in;
 * 3. the stalest TrustScores (older than a day) are recomputed, as reviews age and weigh less.
 */
export async function runTrustUpkeep(
  db: Db,
  priorReviews: number,
  batch = 100,
): Promise<{ votesCounted: number; rescored: number }> {
  await refreshPlatformMeans(db);
  const matured = await reviewsWithMaturedVotes(db, batch);
  for (const reviewId of matured) {
    await db.transaction(async (tx) => {
      const review = await findReview(tx, reviewId, { forUpdate: true });
      if (review) await countMaturedVotes(tx, review.id);
    });
  }
  const stale = await stalestTrustScores(db, new Date(Date.now() - DAY_MS), batch);
  for (const entityId of stale) {
    await db.transaction(async (tx) => {
      if (await lockEntity(tx, entityId)) {
        await recomputeEntityReviewStats(tx, entityId, priorReviews);
      }
    });
  }
  return { votesCounted: matured.length, rescored: stale.length };
}

/** Runs runTrustUpkeep every `intervalMs` in the background (started with the app). */
export class TrustWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly options: {
      db: Db;
      priorReviews: number;
      intervalMs: number;
      log: { warn: (obj: unknown, msg: string) => void };
    },
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = runTrustUpkeep(this.options.db, this.options.priorReviews)
        .catch((err: unknown) => this.options.log.warn({ err }, 'trust upkeep failed'))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

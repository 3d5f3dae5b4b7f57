import type { EntityType, ReviewStatus } from '@trustlinks/contract/constants';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type EntityReviewsResponse,
  type HoldReason,
  type ReviewSort,
  type RecentReviewsResponse,
  type ReviewCreate,
  type ReviewResponse,
  type ReviewsResponse,
  type ReviewWithMessage,
} from '@trustlinks/contract/reviews';
import { canSeeEntity, isLinkedToEntity } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import type { EntityRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { findEntity } from '../entities/entities.service';
import { limitEntityRegistrations } from '../entities/entity-moderation.service';
import {
  reviewPagination,
  toReview,
  withViewerFields,
  type ReviewExtras,
  type ReviewViewer,
} from './reviews.presenter';
import { recountVotesOfAccount } from './account-holds';
import {
  findReviewableEntityByName,
  findReviewWithContext,
  insertReview,
  insertReviewEntity,
  listApprovedForEntityWithFigures,
  listByReviewer,
  listRecentApproved,
  lockEntity,
  lockEntityName,
  lockKeyThenEntity,
  reviewPostFacts,
  updateReviewRow,
} from './reviews.repository';
import type { ReviewWithContext } from './reviews.sql';
import { insertProofs, proofsOf } from './review-proofs.repository';
import { recountVotes, viewerMarksOf } from './review-votes.repository';
import { recomputeEntityReviewStats, refreshPlatformMeans } from './trust/trust.repository';
import { decodeProofs } from './reviews.proofs';
import { claimInvitation, useInvitation } from './invitations/invitations.service';
import { notifyReviewPublished } from '../notifications/review-notifications';
import { REPEATED_TEXT_REASON, spamNote, spamReason, textHash } from './reviews.spam';
import {
  HOLD_NOTES,
  accountActivityKey,
  isYoungAccount,
  lockAccountActivity,
  requireReviewQuota,
  swarmHold,
  swarmWindowStart,
  youngVoicesMoveTooFar,
} from './swarm-guard';

// A review posted and read. Moderation, replies, votes, reports and proofs have their own
// services beside this one (review-*.service.ts); the TrustScore is trust/.

/** No entity has this id: the facts of a review of an entity that does not exist are all none. */
const NO_ENTITY = '00000000-0000-0000-0000-000000000000';

function monthsAgo(months: number, now = new Date()): Date {
  const d = new Date(now);
  d.setMonth(d.getMonth() - months);
  return d;
}

/** Votes and authorship of a page of reviews, for a logged-in viewer. */
async function presentForViewer(
  deps: Deps,
  rows: ReviewWithContext[],
  viewer: AuthUser | null,
  kind: ReviewViewer = 'public',
) {
  if (!viewer) return rows.map((r) => toReview(r, kind));
  const extras = await viewerExtras(
    deps,
    viewer,
    rows.map((r) => r.review.id),
  );
  return rows.map((r) => toReview(r, kind, extras(r.review.id)));
}

/**
 * What the viewer has to do with these reviews (their votes; their own reviews and those
 * reviews' payment proof files, shown to the author only), by review id.
 */
async function viewerExtras(
  deps: Deps,
  viewer: AuthUser,
  reviewIds: string[],
): Promise<(reviewId: string) => ReviewExtras & { proofVerified: boolean }> {
  const marks = await viewerMarksOf(deps.db, viewer.id, reviewIds);
  const own = [...marks].filter(([, m]) => m.own).map(([id]) => id);
  const proofs = await proofsOf(deps.db, own);
  return (id) => {
    const mark = marks.get(id);
    return {
      myVote: mark?.vote ?? null,
      isOwnReview: mark?.own ?? false,
      ...(mark?.own ? { proofs: proofs.get(id) ?? [] } : {}),
      proofVerified: mark?.proofVerified ?? false,
    };
  };
}

/**
 * A signed-in reader's page of an entity's reviews, made of the page every visitor gets (kept in
 * the read cache: docs/decisions/029) and the reader's own fields, read each time.
 */
export async function withViewer(
  deps: Deps,
  answer: EntityReviewsResponse,
  viewer: AuthUser,
): Promise<EntityReviewsResponse> {
  const extras = await viewerExtras(
    deps,
    viewer,
    answer.reviews.map((r) => r.review_id),
  );
  return {
    ...answer,
    reviews: answer.reviews.map((r) => {
      const { proofVerified, ...fields } = extras(r.review_id);
      return withViewerFields({ ...r }, fields, proofVerified);
    }),
  };
}

function submittedMessage(status: ReviewStatus, hold: HoldReason | null): string {
  if (status === 'approved') return REVIEW_MESSAGES.submitted;
  if (status === 'flagged') return REVIEW_MESSAGES.heldForModeration;
  if (hold === 'new_account') return REVIEW_MESSAGES.heldNewAccount;
  if (hold === 'burst') return REVIEW_MESSAGES.heldBurst;
  return REVIEW_MESSAGES.pendingApproval;
}

/**
 * POST /reviews. A review of an approved entity is published at once; of an entity still waiting
 * (or one it names for the first time, created here as a pending 'review' entity) it waits for an
 * admin; obvious spam is kept as flagged. One review per reviewer and entity in 12 months; never
 * of the reviewer's own entity. All of it in one transaction: a refusal leaves nothing behind.
 */
export async function createReview(
  deps: Deps,
  user: AuthUser,
  input: ReviewCreate,
  clientAddress: string,
): Promise<{
  answer: ReviewWithMessage;
  /**
   * What visitors see of the entity changed: the review was published, or a burst took published
   * reviews back. A flagged or held post changes nothing public (a flood of spam does not empty
   * the entity's kept pages).
   */
  changesPublic: boolean;
}> {
  const hash = textHash(input.review_text);
  // Bad files are refused before anything is written (400 naming the file).
  const proofs = decodeProofs(input.proof_attachments);
  const created = await deps.db.transaction(async (tx) => {
    const now = new Date();
    let entity: EntityRow | undefined;
    if (input.entity_id && isUuid(input.entity_id)) {
      // The account's lock, then the entity's row lock: one round trip.
      entity = await lockKeyThenEntity(tx, accountActivityKey(user.id), input.entity_id);
    } else {
      await lockAccountActivity(tx, user.id);
      // An entity_id that is no uuid finds nothing (404 below); a name finds or makes one.
      if (!input.entity_id) {
        const name = input.entity_name!;
        await lockEntityName(tx, name);
        const existing = await findReviewableEntityByName(tx, name);
        if (existing) {
          entity = await lockEntity(tx, existing.id);
        } else {
          // A new company waits for the admins like a registration, and counts as one
          // (docs/decisions/011): the same counters, per client address and per account.
          await limitEntityRegistrations(deps, tx, { clientAddress, userId: user.id });
          entity = await insertReviewEntity(tx, {
            name,
            entityType: input.entity_type,
            submittedByUserId: user.id,
          });
        }
      }
    }
    // Everything the review is judged by, in one read under the locks (the account's limits,
    // a repeat, a repeated text, the swarm guard's facts); judged in the order of before.
    const facts = await reviewPostFacts(tx, {
      userId: user.id,
      entityId: entity?.id ?? NO_ENTITY,
      textHash: hash,
      dayAgo: swarmWindowStart(now),
      repeatSince: monthsAgo(REVIEW_LIMITS.repeatMonths, now),
      burstAccountDays: REVIEW_LIMITS.burstAccountDays,
    });
    requireReviewQuota(deps, facts.reviewsToday);
    if (!entity || entity.verificationStatus === 'rejected') {
      throw notFound(REVIEW_MESSAGES.entityNotFound);
    }
    if (isLinkedToEntity(user, entity.id)) throw forbidden(REVIEW_MESSAGES.ownEntity);
    if (facts.reviewedRecently) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    // An invitation's link (docs/decisions/057): single use, for this company and this person.
    const invitation = input.invitation
      ? await claimInvitation(tx, input.invitation, user, entity.id, now)
      : null;

    const reason =
      spamReason(input.review_text) ?? (facts.textRepeated ? REPEATED_TEXT_REASON : null);
    // Published at once unless spam, an entity still waiting, or held by the swarm guard.
    let swarm =
      !reason && entity.verificationStatus === 'approved'
        ? await swarmHold(tx, facts, entity.id, now)
        : null;
    const hold = swarm?.reason ?? null;
    let status: ReviewStatus = reason
      ? 'flagged'
      : entity.verificationStatus === 'approved' && !hold
        ? 'approved'
        : 'pending';
    let row = await insertReview(tx, {
      entityId: entity.id,
      reviewerUserId: user.id,
      reviewerType: user.role,
      title: input.title,
      reviewText: input.review_text,
      textHash: hash,
      overallRating: input.overall_rating,
      ratingQuality: input.category_ratings.quality,
      ratingSupport: input.category_ratings.support,
      ratingReliability: input.category_ratings.reliability,
      ratingPaymentSpeed: input.category_ratings.payment_speed,
      tags: input.tags,
      isAnonymous: input.is_anonymous,
      status,
      adminNotes: reason ? spamNote(reason) : hold ? HOLD_NOTES[hold] : null,
      holdReason: hold,
      proofCount: proofs.length,
      publishedAt: status === 'approved' ? new Date() : null,
      invitationId: invitation?.invitationId ?? null,
      verifiedDeal: invitation?.verifiedDeal ?? false,
    });
    if (invitation) await useInvitation(tx, invitation, row.id, now);
    // The young voices together may move the score by burstScoreMove at most (swarm-guard.ts):
    // the review that would move it further joins the burst.
    if (
      status === 'approved' &&
      facts.account &&
      isYoungAccount(facts.account, now) &&
      (await youngVoicesMoveTooFar(tx, entity.id, deps.config.TRUSTSCORE_PRIOR_REVIEWS, now))
    ) {
      status = 'pending';
      swarm = { reason: 'burst', takenBack: [] };
      row = (await updateReviewRow(tx, row.id, {
        status,
        holdReason: 'burst',
        adminNotes: REVIEW_MESSAGES.holdNoteScoreMove,
        publishedAt: null,
      }))!;
    }
    const stored = await insertProofs(tx, row.id, proofs);
    // A held account's votes stop ranking 'Most helpful'; a burst takes published reviews of the
    // entity back to the moderators, out of its score (docs/decisions/023).
    if (swarm) {
      for (const author of [user.id, ...swarm.takenBack].sort()) {
        await recountVotesOfAccount(tx, author);
      }
    }
    if (swarm?.takenBack.length) {
      await recomputeEntityReviewStats(tx, entity.id, deps.config.TRUSTSCORE_PRIOR_REVIEWS);
    }
    if (status === 'approved') {
      await recomputeEntityReviewStats(tx, entity.id, deps.config.TRUSTSCORE_PRIOR_REVIEWS);
      await notifyReviewPublished(tx, deps, row, entity);
    }
    // What the answer shows, from what the transaction read and wrote: no read after it.
    const full: ReviewWithContext = {
      review: row,
      entity: { name: entity.name, slug: entity.slug, entityType: entity.entityType },
      reviewer: facts.reviewer!,
    };
    const changesPublic = status === 'approved' || Boolean(swarm?.takenBack.length);
    return { full, stored, changesPublic };
  });
  deps.wakeMailer();
  const { full, stored, changesPublic } = created;
  return {
    answer: {
      message: submittedMessage(
        full.review.status as ReviewStatus,
        (full.review.holdReason as HoldReason | null) ?? null,
      ),
      review: toReview(full, 'public', { myVote: null, isOwnReview: true, proofs: stored }),
    },
    changesPublic,
  };
}

/**
 * GET /reviews/entity/{id}: approved reviews, newest first; the total is the entity's counter.
 * Reviews of an entity that is not approved are shown only to its users and admins.
 */
export async function listEntityReviews(
  deps: Deps,
  viewer: AuthUser | null,
  entityId: string,
  page: number,
  limit: number,
  sort: ReviewSort = 'recent',
  rating?: number,
): Promise<EntityReviewsResponse> {
  if (!isUuid(entityId)) throw notFound(REVIEW_MESSAGES.entityNotFound);
  // The page comes with the entity's figures (one round trip); an empty page asks for the entity.
  const found = await listApprovedForEntityWithFigures(
    deps.db,
    entityId,
    limit,
    (page - 1) * limit,
    sort,
    rating,
  );
  const entity = found.entity ?? (await findEntity(deps.db, entityId));
  // An entity that is not (or no longer) approved is hidden from the public, as on its page.
  if (!entity || !canSeeEntity(viewer, entity)) {
    throw notFound(REVIEW_MESSAGES.entityNotFound);
  }
  const rows = found.rows;
  const counts = ratingCounts(entity.ratingCounts);
  const total = rating === undefined ? entity.totalReviews : counts[rating - 1]!;
  return {
    reviews: await presentForViewer(deps, rows, viewer),
    pagination: reviewPagination(page, limit, total),
    entity: {
      entity_id: entity.id,
      name: entity.name,
      entity_type: entity.entityType as EntityType,
      reputation_score: Number(entity.reputationScore),
      total_reviews: entity.totalReviews,
      invited_reviews: entity.invitedReviews,
      rating_counts: counts,
    },
  };
}

/** The stored [1★ … 5★] counts, always five numbers. */
function ratingCounts(stored: number[] | null | undefined): number[] {
  return [0, 1, 2, 3, 4].map((i) => stored?.[i] ?? 0);
}

/**
 * GET /reviews/{id}: one published review of an entity the viewer may see (a review's own
 * address). A held, rejected or flagged review is not found, whoever asks: the author and the
 * admins read it where they always did (My Reviews, Review Moderation).
 */
export async function getPublishedReview(
  deps: Deps,
  viewer: AuthUser | null,
  reviewId: string,
): Promise<ReviewResponse> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  const row = await findReviewWithContext(deps.db, reviewId);
  if (!row || row.review.status !== 'approved') throw notFound(REVIEW_MESSAGES.notFound);
  const entity = await findEntity(deps.db, row.review.entityId);
  if (!entity || !canSeeEntity(viewer, entity)) throw notFound(REVIEW_MESSAGES.notFound);
  const [review] = await presentForViewer(deps, [row], viewer);
  return { review: review! };
}

/** GET /reviews/recent: published reviews across approved entities (the /review hub). */
export async function listRecentReviews(
  deps: Deps,
  viewer: AuthUser | null,
  page: number,
  limit: number,
): Promise<RecentReviewsResponse> {
  // One more than asked tells whether there is a next page, without counting.
  const rows = await listRecentApproved(deps.db, limit + 1, (page - 1) * limit);
  return {
    reviews: await presentForViewer(deps, rows.slice(0, limit), viewer),
    has_more: rows.length > limit,
  };
}

/** GET /reviews/my-reviews: the caller's own reviews in every status. */
export async function listMyReviews(
  deps: Deps,
  user: AuthUser,
  limit: number,
): Promise<ReviewsResponse> {
  const rows = await listByReviewer(deps.db, user.id, limit);
  return { reviews: await presentForViewer(deps, rows, user) };
}

// Shared with account deletion (modules/account): the same recounts a review change runs.
export { lockEntity, recomputeEntityReviewStats, recountVotes, refreshPlatformMeans };

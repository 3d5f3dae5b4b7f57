import { REVIEW_MESSAGES, type Review } from '@trustlinks/contract/reviews';
import type { AuthUser } from '../../auth/sessions.service';
import type { ReviewProofRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { toReview } from './reviews.presenter';
import { findReview, findReviewWithContext, updateReviewRow } from './reviews.repository';
import { findProof, proofsOf } from './review-proofs.repository';

// Payment proofs: the file for its reader, and the moderator's verification.
// docs/decisions/012-trustscore-and-swarm-guard.md.

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

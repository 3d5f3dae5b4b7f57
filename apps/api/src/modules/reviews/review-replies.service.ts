import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type RepliesResponse,
  type ReplyCreate,
  type ReplyWithMessage,
} from '@trustlinks/contract/reviews';
import { isEntityInsider, requireFoundById, speaksForEntity } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { DAY_MS } from '../../lib/time';
import { findEntity } from '../entities/entities.service';
import { notifyReviewReply } from '../notifications/review-notifications';
import { toReply } from './reviews.presenter';
import { findReview, updateReviewRow } from './reviews.repository';
import { insertReply, listReplies } from './review-replies.repository';

// The entity's replies to reviews: responses, clarifications and disputes.

/** A user who acts for the entity (admins are insiders but do not reply for an entity). */
function isEntityUser(user: AuthUser | null, entityId: string): boolean {
  return Boolean(user && user.role !== 'admin' && speaksForEntity(user, entityId));
}

/**
 * GET /reviews/{id}/replies: public replies of a published review. The entity's users and admins
 * also see disputes; an unpublished review's replies only they and the reviewer see.
 */
export async function listReviewReplies(
  deps: Deps,
  viewer: AuthUser | null,
  reviewId: string,
): Promise<RepliesResponse> {
  const review = await requireFoundById(
    reviewId,
    (id) => findReview(deps.db, id),
    REVIEW_MESSAGES.notFound,
  );
  const privileged = isEntityInsider(viewer, review.entityId);
  const isReviewer = viewer?.id === review.reviewerUserId;
  if (review.status !== 'approved' && !privileged && !isReviewer) {
    throw notFound(REVIEW_MESSAGES.notFound);
  }
  const rows = await listReplies(deps.db, review.id, {
    includeDisputes: privileged,
    limit: REVIEW_LIMITS.repliesMax,
  });
  return { replies: rows.map((r) => toReply(r, r.authorName)) };
}

/** A decided dispute cannot be reopened by the owner for 30 days (docs/decisions/012). */
function requireDisputeCooldownOver(decidedAt: Date | null, now = new Date()): void {
  if (!decidedAt) return;
  const until = new Date(decidedAt.getTime() + REVIEW_LIMITS.disputeCooldownDays * DAY_MS);
  if (until > now)
    throw conflict(REVIEW_MESSAGES.disputeCooldown(until.toISOString().slice(0, 10)));
}

/**
 * POST /reviews/{id}/reply by a user of the reviewed entity. A response or clarification goes on
 * a published review that has no owner reply yet; a dispute on any published review, once at a
 * time: it puts the review before the admins while it stays online.
 */
export async function replyToReview(
  deps: Deps,
  user: AuthUser,
  reviewId: string,
  input: ReplyCreate,
): Promise<ReplyWithMessage> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  const result = await deps.db.transaction(async (tx) => {
    const review = await findReview(tx, reviewId, { forUpdate: true });
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    if (!isEntityUser(user, review.entityId)) throw forbidden(REVIEW_MESSAGES.notEntityUser);
    if (review.status !== 'approved') throw conflict(REVIEW_MESSAGES.notPublished);
    const entity = await findEntity(tx, review.entityId);
    const dispute = input.reply_type === 'dispute';
    if (dispute && review.disputeOpen) throw conflict(REVIEW_MESSAGES.alreadyDisputed);
    if (dispute) requireDisputeCooldownOver(review.disputeDecidedAt);
    if (!dispute && review.hasOwnerReply) throw conflict(REVIEW_MESSAGES.alreadyReplied);
    const reply = await insertReply(tx, {
      reviewId: review.id,
      entityId: review.entityId,
      authorUserId: user.id,
      replyType: input.reply_type,
      replyText: input.reply_text,
    });
    if (!reply) throw conflict(REVIEW_MESSAGES.alreadyReplied);
    await updateReviewRow(
      tx,
      review.id,
      dispute ? { disputeOpen: true } : { hasOwnerReply: true, replyCount: review.replyCount + 1 },
    );
    await notifyReviewReply(tx, deps, review, entity!, input.reply_type, user.id);
    return {
      message: dispute ? REVIEW_MESSAGES.disputeSubmitted : REVIEW_MESSAGES.replySubmitted,
      reply: toReply(reply, entity!.name),
    };
  });
  deps.wakeMailer();
  return result;
}

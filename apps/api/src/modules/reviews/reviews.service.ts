import type { EntityType, ReviewStatus } from '@trustlinks/contract/constants';
import {
  MODERATION_RESULT,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type BulkModerateInput,
  type BulkModerateResponse,
  type DashboardResponse,
  type EntityReviewsResponse,
  type HoldReason,
  type ReviewSort,
  type ModerationAction,
  type ModerationResponse,
  type RecentReviewsResponse,
  type RepliesResponse,
  type ReplyCreate,
  type ReplyWithMessage,
  type ReviewCreate,
  type ReviewPagination,
  type ReportCreate,
  type ReportReason,
  type ReportsResponse,
  type ReviewResponse,
  type ReviewsResponse,
  type ReviewWithMessage,
  type VoteResponse,
  type VoteType,
} from '@trustlinks/contract/reviews';
import {
  canSeeEntity,
  isEntityInsider,
  isLinkedToEntity,
  requireEntityInsider,
  requireFoundById,
  speaksForEntity,
} from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import type { Tx } from '../../db/client';
import type { EntityRow, ReviewRow } from '../../db/schema';
import { insertAdminActions } from '../admin/admin.service';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { findEntity } from '../entities/entities.service';
import { limitEntityRegistrations } from '../entities/entity-moderation.service';
import {
  toReply,
  toReview,
  withViewerFields,
  type ReviewExtras,
  type ReviewViewer,
} from './reviews.presenter';
import { recountVotesOfAccount } from './account-holds';
import {
  countForEntityByStatus,
  findReview,
  findReviewableEntityByName,
  findReviewWithContext,
  insertProofs,
  insertReport,
  listOpenReports,
  resolveReports,
  insertReply,
  insertReview,
  insertReviewEntity,
  latestDisputeTexts,
  listApprovedForEntityWithFigures,
  listByReviewer,
  listForEntityByStatus,
  listForModeration,
  listRecentApproved,
  listReplies,
  lockEntity,
  lockEntityName,
  lockKeyThenEntity,
  proofsOf,
  recomputeEntityReviewStats,
  recountVotes,
  refreshPlatformMeans,
  reviewPostFacts,
  updateReviewRow,
  lockReviews,
  upsertVoteAndRecount,
  viewerMarksOf,
  type ReviewWithContext,
} from './reviews.repository';
import { decodeProofs } from './reviews.proofs';
import {
  notifyReviewModerated,
  notifyReviewPublished,
  notifyReviewReply,
} from '../notifications/review-notifications';
import { REPEATED_TEXT_REASON, spamNote, spamReason, textHash } from './reviews.spam';
import {
  HOLD_NOTES,
  accountActivityKey,
  isYoungAccount,
  lockAccountActivity,
  requireReportQuota,
  requireReviewQuota,
  requireVoteQuota,
  swarmHold,
  swarmWindowStart,
  voteCountsFrom,
  youngVoicesMoveTooFar,
} from './swarm-guard';
import { DAY_MS } from '../../lib/time';

/** No entity has this id: the facts of a review of an entity that does not exist are all none. */
const NO_ENTITY = '00000000-0000-0000-0000-000000000000';

function monthsAgo(months: number, now = new Date()): Date {
  const d = new Date(now);
  d.setMonth(d.getMonth() - months);
  return d;
}

function reviewPagination(page: number, limit: number, total: number): ReviewPagination {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / limit)),
    total_reviews: total,
  };
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

async function withDisputes(deps: Deps, rows: ReviewWithContext[]): Promise<ReviewWithContext[]> {
  const disputed = rows.filter((r) => r.review.disputeOpen).map((r) => r.review.id);
  const texts = await latestDisputeTexts(deps.db, disputed);
  return rows.map((r) => ({ ...r, disputeText: texts.get(r.review.id) ?? null }));
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
    });
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
    // entity back to the moderators, out of its score (issue 23).
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

/**
 * POST /reviews/{id}/report: a signed-in user reports a published review to the moderators; once
 * per user and review, never their own, at most REVIEW_REPORTS_PER_DAY a day.
 */
export async function reportReview(
  deps: Deps,
  user: AuthUser,
  reviewId: string,
  input: ReportCreate,
): Promise<{ message: string }> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    await lockAccountActivity(tx, user.id);
    const review = await findReview(tx, reviewId);
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    const entity = await findEntity(tx, review.entityId);
    if (!entity || !canSeeEntity(user, entity)) throw notFound(REVIEW_MESSAGES.notFound);
    if (review.status !== 'approved') throw badRequest(REVIEW_MESSAGES.reportNotPublished);
    if (review.reviewerUserId === user.id) throw badRequest(REVIEW_MESSAGES.reportOwn);
    await requireReportQuota(deps, tx, user.id);
    const created = await insertReport(tx, {
      reviewId: review.id,
      reporterUserId: user.id,
      reason: input.reason,
      details: input.details,
    });
    if (!created) throw conflict(REVIEW_MESSAGES.reportTwice);
  });
  return { message: REVIEW_MESSAGES.reportSent };
}

/** GET /reviews/admin/reports: open reports, oldest first, with the review and the reporter. */
export async function listReports(
  deps: Deps,
  query: { page: number; limit: number },
): Promise<ReportsResponse> {
  const rows = await listOpenReports(deps.db, query.limit + 1, (query.page - 1) * query.limit);
  return {
    reports: rows.slice(0, query.limit).map((r) => ({
      report_id: r.report.id,
      reason: r.report.reason as ReportReason,
      details: r.report.details,
      created_at: r.report.createdAt.toISOString(),
      reporter_name: `${r.reporter.firstName} ${r.reporter.lastName}`.trim(),
      reporter_email: r.reporter.email,
      review: toReview({ review: r.review, entity: r.entity, reviewer: r.reviewer }, 'admin'),
    })),
    has_more: rows.length > query.limit,
  };
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

/**
 * POST /reviews/{id}/vote: one vote per user per review (a new vote replaces the old), only on
 * published reviews, never on one's own review or on reviews of one's own entity.
 */
export async function voteOnReview(
  deps: Deps,
  user: AuthUser,
  reviewId: string,
  voteType: VoteType,
): Promise<VoteResponse> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  const counts = await deps.db.transaction(async (tx) => {
    // The account's lock first (as createReview), then the review's row.
    await lockAccountActivity(tx, user.id);
    const review = await findReview(tx, reviewId, { forUpdate: true });
    if (!review || review.status !== 'approved') throw notFound(REVIEW_MESSAGES.notFound);
    if (review.reviewerUserId === user.id) throw forbidden(REVIEW_MESSAGES.ownReviewVote);
    if (isLinkedToEntity(user, review.entityId)) {
      throw forbidden(REVIEW_MESSAGES.ownEntityVote);
    }
    await requireVoteQuota(deps, tx, user.id);
    const countsFrom = await voteCountsFrom(tx, user.id);
    return upsertVoteAndRecount(tx, review.id, user.id, voteType, countsFrom);
  });
  return {
    message: REVIEW_MESSAGES.voteRecorded,
    helpful_votes: counts.helpfulVotes,
    unhelpful_votes: counts.unhelpfulVotes,
    my_vote: voteType,
  };
}

/** A decided dispute cannot be reopened by the owner for 30 days (issue 13). */
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

/**
 * GET /reviews/entity/{id}/dashboard for the entity's own users and admins: one status at a time,
 * with the statistics of docs/product/data.md (the average and total are the entity's maintained counters;
 * pending is counted on the (entity_id, status) index).
 */
export async function entityDashboard(
  deps: Deps,
  user: AuthUser,
  entityId: string,
  query: { status: ReviewStatus; page: number; limit: number },
): Promise<DashboardResponse> {
  requireEntityInsider(user, entityId, REVIEW_MESSAGES.notEntityDashboard);
  const entity = await requireFoundById(
    entityId,
    (id) => findEntity(deps.db, id),
    REVIEW_MESSAGES.entityNotFound,
  );
  const { status, page, limit } = query;
  const [rows, inStatus] = await Promise.all([
    listForEntityByStatus(deps.db, entity.id, status, limit, (page - 1) * limit),
    countForEntityByStatus(deps.db, entity.id, status),
  ]);
  const pending =
    status === 'pending' ? inStatus : await countForEntityByStatus(deps.db, entity.id, 'pending');
  const kind: ReviewViewer = user.role === 'admin' ? 'admin' : 'owner';
  return {
    reviews: (await withDisputes(deps, rows)).map((r) => toReview(r, kind)),
    statistics: {
      avg_rating: Number(entity.reputationScore),
      total_reviews: entity.totalReviews,
      pending_reviews: pending,
    },
    pagination: reviewPagination(page, limit, inStatus),
  };
}

/** GET /reviews/admin/moderation: one status, with the reviewers' details (admins only). */
export async function moderationQueue(
  deps: Deps,
  query: {
    status: ReviewStatus;
    page: number;
    limit: number;
    hold_reason?: HoldReason | undefined;
  },
): Promise<ModerationResponse> {
  const rows = await listForModeration(
    deps.db,
    query.status,
    query.limit + 1,
    (query.page - 1) * query.limit,
    query.hold_reason,
  );
  const page = await withDisputes(deps, rows.slice(0, query.limit));
  const proofs = await proofsOf(
    deps.db,
    page.map((r) => r.review.id),
  );
  return {
    reviews: page.map((r) => toReview(r, 'admin', { proofs: proofs.get(r.review.id) ?? [] })),
    has_more: rows.length > query.limit,
  };
}

/**
 * PUT /reviews/{id}/moderate: approve, reject or flag any review (docs/product/states.md). The entity's
 * reputation_score and total_reviews change in the same transaction; any decision closes an open
 * dispute. A review keeps its first publication time when approved again.
 */
export async function moderateReview(
  deps: Deps,
  admin: AuthUser,
  reviewId: string,
  input: { action: ModerationAction; admin_notes: string | null },
): Promise<ReviewWithMessage> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    const review = await findReview(tx, reviewId, { forUpdate: true });
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    const entity = await lockEntity(tx, review.entityId);
    await decideReview(tx, deps, admin, review, entity, input);
    await recomputeEntityReviewStats(tx, review.entityId, deps.config.TRUSTSCORE_PRIOR_REVIEWS);
  });
  deps.wakeMailer();
  const full = await findReviewWithContext(deps.db, reviewId);
  return { message: REVIEW_MESSAGES.moderated(input.action), review: toReview(full!, 'admin') };
}

/**
 * One moderator decision on a locked review (its entity locked too): the row, the author's
 * votes, the open reports, the notifications and the audit entry. The caller recomputes the
 * entity's reputation once, after all its decisions.
 */
async function decideReview(
  tx: Tx,
  deps: Deps,
  admin: AuthUser,
  review: ReviewRow,
  entity: EntityRow | undefined,
  input: { action: ModerationAction; admin_notes: string | null },
): Promise<void> {
  const next = MODERATION_RESULT[input.action];
  await updateReviewRow(tx, review.id, {
    status: next,
    ...(input.admin_notes ? { adminNotes: input.admin_notes } : {}),
    publishedAt: next === 'approved' ? (review.publishedAt ?? new Date()) : review.publishedAt,
    moderatedAt: new Date(),
    moderatedByUserId: admin.id,
    disputeOpen: false,
    // Deciding an open dispute starts the owner's 30 days without a new one.
    disputeDecidedAt: review.disputeOpen ? new Date() : review.disputeDecidedAt,
  });
  // A decided swarm hold: approved, the author's votes count again; rejected, they stay out.
  if (review.holdReason && next !== review.status) {
    await recountVotesOfAccount(tx, review.reviewerUserId);
  }
  // A decision answers every open report of the review (keeping it is 'approve').
  await resolveReports(tx, review.id);
  // The admins' audit list (issue 27): every decision, with who and the notes.
  await insertAdminActions(tx, [
    {
      actorUserId: admin.id,
      action: `review_${next}`,
      targetUserId: review.reviewerUserId,
      targetReviewId: review.id,
      reason: input.admin_notes,
    },
  ]);
  if (entity && next !== review.status) {
    await notifyReviewModerated(tx, deps, review, entity, next, admin.id);
    // First publication: the reviewed company learns of the review now.
    if (next === 'approved' && !review.publishedAt) {
      await notifyReviewPublished(tx, deps, review, entity);
    }
  }
}

/**
 * POST /reviews/admin/moderate-bulk (issue 27): approve or reject up to BULK_MODERATION_MAX
 * reviews in one transaction. Reviews are locked in id order, then their entities in id order
 * (as a single decision locks review then entity); an unknown id refuses the whole call; each
 * entity's reputation is recomputed once; each decision is audited.
 */
export async function moderateReviewsInBulk(
  deps: Deps,
  admin: AuthUser,
  input: BulkModerateInput & { admin_notes: string | null },
): Promise<BulkModerateResponse> {
  const ids = [...input.review_ids].sort();
  await deps.db.transaction(async (tx) => {
    const rows = await lockReviews(tx, ids);
    if (rows.length !== ids.length) {
      throw badRequest(REVIEW_MESSAGES.bulkUnknown(ids.length - rows.length));
    }
    const entityIds = [...new Set(rows.map((r) => r.entityId))].sort();
    const locked = new Map<string, EntityRow | undefined>();
    for (const id of entityIds) locked.set(id, await lockEntity(tx, id));
    for (const review of rows) {
      await decideReview(tx, deps, admin, review, locked.get(review.entityId), input);
    }
    for (const id of entityIds) {
      await recomputeEntityReviewStats(tx, id, deps.config.TRUSTSCORE_PRIOR_REVIEWS);
    }
  });
  deps.wakeMailer();
  return {
    message: REVIEW_MESSAGES.bulkModerated(input.action, ids.length),
    decided: ids.length,
  };
}

// Shared with account deletion (modules/account): the same recounts a review change runs.
export { lockEntity, recomputeEntityReviewStats, recountVotes, refreshPlatformMeans };

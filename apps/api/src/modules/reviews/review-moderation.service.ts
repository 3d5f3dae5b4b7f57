import type { ReviewStatus } from '@trustlinks/contract/constants';
import {
  MODERATION_RESULT,
  REVIEW_MESSAGES,
  type BulkModerateInput,
  type BulkModerateResponse,
  type DashboardResponse,
  type HoldReason,
  type ModerationAction,
  type ModerationResponse,
  type ReviewWithMessage,
} from '@trustlinks/contract/reviews';
import { requireEntityInsider, requireFoundById } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import type { Tx } from '../../db/client';
import type { EntityRow, ReviewRow } from '../../db/schema';
import { insertAdminActions } from '../admin/admin.service';
import { badRequest, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { findEntity } from '../entities/entities.service';
import { reviewPagination, toReview, type ReviewViewer } from './reviews.presenter';
import { recountVotesOfAccount } from './account-holds';
import {
  findReview,
  findReviewWithContext,
  lockEntity,
  updateReviewRow,
} from './reviews.repository';
import type { ReviewWithContext } from './reviews.sql';
import {
  countForEntityByStatus,
  listForEntityByStatus,
  listForModeration,
  lockReviews,
} from './review-moderation.repository';
import { latestDisputeTexts } from './review-replies.repository';
import { resolveReports } from './review-reports.repository';
import { proofsOf } from './review-proofs.repository';
import { recomputeEntityReviewStats } from './trust/trust.repository';
import {
  notifyReviewModerated,
  notifyReviewPublished,
  notifyReviewsPublished,
} from '../notifications/review-notifications';

// Reviews by status: an entity's dashboard, the moderators' queue and their decisions.

async function withDisputes(deps: Deps, rows: ReviewWithContext[]): Promise<ReviewWithContext[]> {
  const disputed = rows.filter((r) => r.review.disputeOpen).map((r) => r.review.id);
  const texts = await latestDisputeTexts(deps.db, disputed);
  return rows.map((r) => ({ ...r, disputeText: texts.get(r.review.id) ?? null }));
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
  /** Bulk decisions gather first publications here, told once per entity (notifyReviewsPublished). */
  firstPublished?: ReviewRow[],
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
  // The admins' audit list (docs/decisions/032): every decision, with who and the notes.
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
      if (firstPublished) firstPublished.push(review);
      else await notifyReviewPublished(tx, deps, review, entity);
    }
  }
}

/**
 * POST /reviews/admin/moderate-bulk (docs/decisions/032): approve or reject up to BULK_MODERATION_MAX
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
    const published: ReviewRow[] = [];
    for (const review of rows) {
      await decideReview(tx, deps, admin, review, locked.get(review.entityId), input, published);
    }
    // One notification and mail per company for its reviews published by this call.
    for (const id of entityIds) {
      const entity = locked.get(id);
      const ofEntity = published.filter((r) => r.entityId === id);
      if (entity) await notifyReviewsPublished(tx, deps, ofEntity, entity);
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

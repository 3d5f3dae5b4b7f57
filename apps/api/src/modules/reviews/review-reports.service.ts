import {
  REVIEW_MESSAGES,
  type ReportCreate,
  type ReportReason,
  type ReportsResponse,
} from '@trustlinks/contract/reviews';
import { canSeeEntity } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, conflict, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { findEntity } from '../entities/entities.service';
import { toReview } from './reviews.presenter';
import { findReview } from './reviews.repository';
import { insertReport, listOpenReports } from './review-reports.repository';
import { lockAccountActivity, requireReportQuota } from './swarm-guard';

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

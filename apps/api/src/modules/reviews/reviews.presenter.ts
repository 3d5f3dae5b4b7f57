import type { EntityType, ReviewStatus, Role } from '@trustlinks/contract/constants';
import type {
  HoldReason,
  ProofContentType,
  Reply,
  Review,
  ReviewLabel,
  ReviewPagination,
  VoteType,
} from '@trustlinks/contract/reviews';
import type { ReviewProofRow, ReviewReplyRow } from '../../db/schema';
import type { ReviewWithContext } from './reviews.sql';

/**
 * Who is looking, which decides the fields (docs/architecture.md#presenters):
 * - public: anyone; reviewer name and type only on reviews that are not anonymous, never email/id.
 * - owner: the reviewed entity's users; as public, plus dispute state.
 * - admin: everything, anonymous reviewers included.
 * The author sees their own reviews as public does (docs/decisions/008: no reviewer fields on
 * anonymous reviews, not even in my-reviews), plus their proofs (`isOwnReview`).
 */
export type ReviewViewer = 'public' | 'owner' | 'admin';

export interface ReviewExtras {
  /** The logged-in viewer's vote (present only for a logged-in viewer). */
  myVote?: string | null;
  isOwnReview?: boolean;
  /** The review's proof files (given to admins and the author only). */
  proofs?: Omit<ReviewProofRow, 'data'>[];
}

/** What we verified about a review; public, and says nothing of who an anonymous author is. */
function labelsOf(row: ReviewWithContext): ReviewLabel[] {
  const labels: ReviewLabel[] = [];
  if (row.reviewer.identityVerified) labels.push('verified_identity');
  if (row.reviewer.approvedMember) labels.push('verified_company_member');
  if (row.review.proofVerifiedAt) labels.push('payment_proof_verified');
  if (row.review.invitationId) labels.push('invited');
  if (row.review.verifiedDeal) labels.push('verified_deal');
  return labels;
}

export function fullName(first: string, last: string, email: string): string {
  return [first, last].filter(Boolean).join(' ').trim() || email.split('@')[0]!;
}

export function toReview(
  row: ReviewWithContext,
  viewer: ReviewViewer,
  extras: ReviewExtras = {},
): Review {
  const r = row.review;
  const review: Review = {
    review_id: r.id,
    entity_id: r.entityId,
    entity_slug: row.entity.slug,
    entity_name: row.entity.name,
    entity_type: row.entity.entityType as EntityType,
    title: r.title,
    review_text: r.reviewText,
    overall_rating: r.overallRating,
    category_ratings: {
      quality: r.ratingQuality,
      support: r.ratingSupport,
      reliability: r.ratingReliability,
      payment_speed: r.ratingPaymentSpeed,
    },
    tags: r.tags,
    is_anonymous: r.isAnonymous,
    review_status: r.status as ReviewStatus,
    helpful_votes: r.helpfulVotes,
    unhelpful_votes: r.unhelpfulVotes,
    reply_count: r.replyCount,
    has_owner_reply: r.hasOwnerReply,
    created_at: r.createdAt.toISOString(),
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    labels: labelsOf(row),
  };
  const name = fullName(row.reviewer.firstName, row.reviewer.lastName, row.reviewer.email);
  if (viewer === 'admin') {
    review.reviewer_id = r.reviewerUserId;
    review.reviewer_name = name;
    review.reviewer_email = row.reviewer.email;
    review.reviewer_type = r.reviewerType as Role;
  } else if (!r.isAnonymous) {
    review.reviewer_name = name;
    review.reviewer_type = r.reviewerType as Role;
  }
  // The author's page, where the review names them and the page is not hidden (decision 054).
  if (!r.isAnonymous && !row.reviewer.profileHidden) {
    review.reviewer_slug = row.reviewer.profileSlug;
  }
  if (viewer === 'admin') {
    review.admin_notes = r.adminNotes;
    review.hold_reason = (r.holdReason as HoldReason | null) ?? null;
  }
  if (viewer === 'admin' || viewer === 'owner') {
    review.is_disputed = r.disputeOpen;
    review.dispute_text = row.disputeText ?? null;
  }
  return withViewerFields(review, extras, r.proofVerifiedAt !== null, viewer === 'admin');
}

/**
 * Sets the fields of a review that depend on who reads it: their vote, whether it is their own,
 * and the proof files (to its author, or an admin). Also applied to a review of the answer every
 * visitor gets (reviews.service withViewer), so a signed-in reader's page is that answer plus
 * these.
 */
export function withViewerFields(
  review: Review,
  extras: ReviewExtras,
  proofVerified: boolean,
  admin = false,
): Review {
  if (extras.proofs && (admin || extras.isOwnReview)) {
    review.proofs = extras.proofs.map((p) => ({
      proof_id: p.id,
      file_name: p.fileName,
      content_type: p.contentType as ProofContentType,
      size_bytes: p.sizeBytes,
    }));
    review.proof_verified = proofVerified;
  }
  if (extras.myVote !== undefined) review.my_vote = (extras.myVote as VoteType | null) ?? null;
  if (extras.isOwnReview !== undefined) review.is_own_review = extras.isOwnReview;
  return review;
}

export function toReply(row: ReviewReplyRow, authorName: string): Reply {
  return {
    reply_id: row.id,
    review_id: row.reviewId,
    reply_type: row.replyType as Reply['reply_type'],
    reply_text: row.replyText,
    author_name: authorName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The page numbers of a list of reviews. */
export function reviewPagination(page: number, limit: number, total: number): ReviewPagination {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / limit)),
    total_reviews: total,
  };
}

import type { CategoryRatingKey } from '../constants';
import { REPORT_REASONS, type ModerationAction } from './constants';

const MODERATION_PAST: Record<ModerationAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  flag: 'flagged',
};

/**
 * Texts of docs/product/validation.md and docs/product/errors.md for reviews, word for word, shared by the form and the API. Texts the
 * spec does not give are marked "(ours)".
 */
export const REVIEW_MESSAGES = {
  // docs/product/validation.md review form (client side; joined by commas).
  selectEntity: 'Please select an entity',
  enterEntityName: 'Please enter the entity name',
  enterTitle: 'Please enter a review title',
  provideOverall: 'Please provide an overall rating',
  writeReview: 'Please write a review',
  /** 'Please rate {category}' with the underscore shown as a space. */
  rateCategory: (key: CategoryRatingKey) => `Please rate ${key.replace(/_/g, ' ')}`,
  // docs/product/errors.md review submission.
  submitted: 'Review submitted successfully!',
  submitFailed: 'Failed to submit review',
  // docs/product/validation.md reply and vote; docs/product/errors.md review reply and vote.
  replyLogin: 'Please log in to reply',
  replyEmpty: 'Please enter a reply',
  replyFailed: 'Failed to submit reply. Please try again.',
  replySubmitted: 'Reply submitted successfully!',
  voteLogin: 'Please log in to vote on reviews',
  voteFailed: 'Failed to record vote. Please try again.',
  voteRecorded: 'Vote recorded successfully!',
  // docs/product/admin.md, docs/product/states.md, docs/product/errors.md moderation.
  moderateFailed: 'Failed to moderate review. Please try again.',
  anonymousNotice:
    'This review was submitted anonymously. Reviewer details are visible to admins only.',
  noStatusReviews: (status: string) => `No ${status} reviews found.`,
  // Server answers (ours).
  pendingApproval:
    'Review submitted successfully! It will be published once our team has verified the company.', // (ours)
  heldForModeration:
    'Thanks! Your review looks like spam (for example only links, or text that was already posted), so it is held for moderation and will not be published until an admin has checked it.', // (ours)
  notFound: 'Review not found', // (ours)
  entityNotFound: 'Entity not found', // (ours, as the entities API)
  entityClosed: 'This entity cannot be reviewed.', // (ours)
  ownEntity: 'You cannot review your own entity.', // (ours)
  alreadyReviewed:
    'You have already reviewed this entity in the last 12 months. You can review it again later.', // (ours)
  entityChoice: 'Choose an entity from the list or enter the name of a new one, not both.', // (ours)
  proofList: 'Proof attachments must be a list of files.', // (ours)
  proofTooMany: `Attach at most ${3} payment proof files.`, // (ours)
  proofTooLarge: (name: string) => `${name} is larger than 2 MB.`, // (ours)
  proofNotBase64: (name: string) => `${name} could not be read; please attach it again.`, // (ours)
  proofBadType: (name: string) =>
    `${name} is not a PNG, JPEG or PDF file (we check the file itself, not its name).`, // (ours)
  proofEmpty: (name: string) => `${name} is empty.`, // (ours)
  proofActivePdf: (name: string) =>
    `${name} contains scripts, embedded files or automatic actions, which a payment proof may not have. Please attach a plain PDF (print it to PDF again) or a screenshot.`, // (ours)
  proofUncheckablePdf: (name: string) =>
    `${name} could not be checked for scripts (parts of it are encrypted or packed in a way we cannot read). Please attach an unprotected PDF or a screenshot.`, // (ours)
  proofFileName: 'Each proof file needs a name of at most 200 characters.', // (ours)
  proofNotFound: 'Proof file not found', // (ours)
  proofForbidden: 'Only admins and the author of the review can download its payment proof.', // (ours)
  proofNone: 'This review has no payment proof to verify.', // (ours)
  proofVerified: 'Payment proof marked as verified.', // (ours)
  proofUnverified: 'Payment proof verification removed.', // (ours)
  heldNewAccount:
    'Thanks! Reviews from accounts younger than 24 hours are checked by our team before they are published. Verify your identity to publish at once.', // (ours)
  heldBurst:
    'Thanks! This company is receiving an unusual number of reviews from new accounts, so our team checks each one before it is published.', // (ours)
  holdNoteNewAccount:
    'Held for moderation: the account is younger than 24 hours and not identity-verified.', // (ours)
  holdNoteBurst:
    'Held for moderation (burst): more than 5 reviews of this entity in 24 hours from accounts younger than 7 days.', // (ours)
  holdNoteScoreMove:
    'Held for moderation (burst): with the other reviews of the last 7 days from accounts younger than 7 days, it would move the TrustScore by more than 0.3.', // (ours)
  reviewsPerDay: (n: number) =>
    `You can post at most ${n} ${n === 1 ? 'review' : 'reviews'} a day. Please try again tomorrow.`, // (ours)
  votesPerDay: (n: number) => `You can vote at most ${n} times a day. Please try again tomorrow.`, // (ours)
  disputeCooldown: (until: string) =>
    `An admin decided the last dispute of this review. You can dispute it again from ${until}.`, // (ours)
  ownReviewVote: 'You cannot vote on your own review.', // (ours)
  ownEntityVote: 'You cannot vote on reviews of your own entity.', // (ours)
  notPublished: 'Only published reviews can be voted on or replied to.', // (ours)
  notEntityUser: 'Only the reviewed company can reply to its reviews.', // (ours)
  alreadyReplied:
    'Your company has already replied to this review. You can still dispute it if it is unfair.', // (ours)
  alreadyDisputed: 'This review is already disputed and waiting for an admin.', // (ours)
  disputeSubmitted:
    'Dispute submitted. An admin will look at the review; it stays online meanwhile.', // (ours)
  notEntityDashboard: 'You can only see the reviews of your own entity.', // (ours)
  /** 'Review {action}d successfully!' (docs/product/states.md) with the proper past tense of each action. */
  moderated: (action: ModerationAction) => `Review ${MODERATION_PAST[action]} successfully!`,
  // Bulk moderation (docs/decisions/032, ours).
  bulkModerated: (action: ModerationAction, n: number) =>
    `${n} ${n === 1 ? 'review' : 'reviews'} ${MODERATION_PAST[action]}.`, // (ours)
  bulkUnknown: (n: number) =>
    `${n} of the selected reviews no longer exist; nothing was changed. Reload the list and try again.`, // (ours)
  // Reports (docs/decisions/027, ours).
  reportLogin: 'Please log in to report a review', // (ours)
  reportSent: 'Thanks. Your report was sent to our moderators.', // (ours)
  reportTwice: 'You have already reported this review; our moderators have it.', // (ours)
  reportOwn: 'You cannot report your own review.', // (ours)
  reportNotPublished: 'Only published reviews can be reported.', // (ours)
  reportsPerDay: (limit: number) =>
    `You can report at most ${limit} reviews a day. Please try again tomorrow.`, // (ours)
  reportReason: `Reason must be one of ${REPORT_REASONS.join(', ')}`, // (ours)
  dashboardFailed: (message?: string) =>
    `Failed to load your reviews: ${message || 'Unknown error'}`,
} as const;

import type { ReviewStatus, Role } from '@trustlinks/contract/constants';
import {
  REVIEW_MESSAGES,
  type ModerationAction,
  type ReplyType,
} from '@trustlinks/contract/reviews';
import { ENTITY_TYPE_LABELS, REVIEWER_ROLE_LABELS } from '../../lib/entity-type-labels';
import { plural } from '../../lib/plural';

/**
 * Every text of the review screens (docs/product/admin.md, docs/product/reviews.md#write-a-review, docs/product/dashboards.md#advertiser-dashboard, docs/product/dashboards.md#user-dashboard, docs/product/entities.md#entity-page, docs/product/states.md, docs/product/validation.md, docs/product/errors.md), word for
 * word where the spec gives one. Texts the spec does not give are marked "(ours)".
 */

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  flagged: 'Flagged',
};

export const REVIEWER_TYPE_LABELS: Readonly<Record<Role, string>> = REVIEWER_ROLE_LABELS;

export const REPLY_TYPE_LABELS: Record<ReplyType, string> = {
  response: 'Response',
  clarification: 'Clarification',
  dispute: 'Dispute',
};

export const REVIEW_CARD_TEXT = {
  anonymous: 'Anonymous', // (ours)
  outOf: (rating: number) => `${rating}/5`,
  categoriesLabel: 'Category ratings', // (ours)
  tagsLabel: 'Tags', // (ours)
  helpful: 'Helpful',
  notHelpful: 'Not Helpful',
  reply: 'Reply',
  replies: (n: number) => `${n} ${plural(n, 'reply', 'replies')}`,
  showReplies: (n: number) => `Show ${plural(n, 'reply', `${n} replies`)}`, // (ours)
  hideReplies: 'Hide replies', // (ours)
  loadingReplies: 'Loading replies...', // (ours)
  repliesFailed: 'Could not load the replies.', // (ours)
  replyFrom: (entity: string) => `Reply from ${entity}`, // (ours)
  disputeFrom: (entity: string) => `Dispute by ${entity} (visible to admins and your team)`, // (ours)
  yourReview: 'Your review', // (ours)
  votedHint: 'Your vote', // (ours)
  ownReviewHint: REVIEW_MESSAGES.ownReviewVote,
  ownEntityHint: REVIEW_MESSAGES.ownEntityVote,
  disputed: 'Disputed', // (ours)
  anonymousBadge: 'Anonymous', // (ours)
  labelsLabel: 'What TrustLinks verified', // (ours)
} as const;

export const REPLY_TEXT = {
  title: 'Reply to Review', // (ours)
  description: (title: string) => `Your answer to “${title}”.`, // (ours)
  type: 'Reply Type',
  text: 'Your Reply',
  placeholder: 'Write your reply...', // (ours)
  cancel: 'Cancel',
  submit: 'Submit Reply',
  submitting: 'Submitting...', // (ours)
  loginRequired: REVIEW_MESSAGES.replyLogin,
  failed: REVIEW_MESSAGES.replyFailed,
  success: REVIEW_MESSAGES.replySubmitted,
  notOwner: REVIEW_MESSAGES.notEntityUser,
  alreadyReplied: 'Your company already replied; you can still dispute the review.', // (ours)
  disputeHint:
    'A dispute goes to the admins, not to the public. The review stays online while they look at it.', // (ours)
} as const;

export const VOTE_TEXT = {
  loginRequired: REVIEW_MESSAGES.voteLogin,
  failed: REVIEW_MESSAGES.voteFailed,
  success: REVIEW_MESSAGES.voteRecorded,
} as const;

export const ENTITY_REVIEWS_TEXT = {
  heading: (entity: string) => `Reviews for ${entity}`,
  total: (n: number) => `${n} ${plural(n, 'review', 'reviews')}`, // (ours)
  empty: 'No reviews yet. Be the first to review!',
  write: 'Write a Review', // (ours)
  loading: 'Loading reviews...', // (ours)
  failed: 'Could not load the reviews.', // (ours)
  retry: 'Try again', // (ours)
  pagesLabel: 'Review pages', // (ours)
  // Decision 027 (ours): stars, a review's own address.
  distributionLabel: 'Reviews by stars',
  starsRow: (stars: number) => `${stars}★`,
  starsFilter: (stars: number, n: number) =>
    `Show only ${stars}-star reviews (${n} ${plural(n, 'review', 'reviews')})`,
  showingStars: (stars: number) => `Showing only ${stars}-star reviews.`,
  showAll: 'Show all reviews',
  emptyStars: (stars: number) => `No ${stars}-star reviews.`,
  linkedReview: 'The review you opened',
  linkedMissing: 'That review is not published (or no longer).',
} as const;

/** Share and Report on every published review (docs/decisions/027; ours). */
export const REVIEW_SHARE_TEXT = {
  share: 'Share',
  copied: 'Link to this review copied.',
  copyFailed: 'Could not copy the link; copy it from the address bar.',
  report: 'Report',
  reportTitle: 'Report this review',
  reportDescription:
    'Tell our moderators what is wrong with it. The reviewer is not told who reported it.',
  reason: 'Reason',
  details: 'Details',
  detailsHint: 'Optional. What should the moderators look at?',
  cancel: 'Cancel',
  submit: 'Send report',
  submitting: 'Sending...',
  failed: 'Could not send the report.',
  loginRequired: REVIEW_MESSAGES.reportLogin,
} as const;

/** TrustScore, sub-scores and responsiveness on the entity page (docs/decisions/012; all ours). */
export const TRUST_TEXT = {
  title: 'TrustScore',
  outOf: '/ 5',
  noRatings: 'No ratings yet',
  na: 'N/A',
  basedOn: (n: number) => `Based on ${n} published ${plural(n, 'review', 'reviews')}`,
  subScoresLabel: 'Scores by category',
  howItWorks: 'How TrustScore works',
  responsiveness: 'Replies to negative reviews',
  responsivenessHint: 'Reviews of 1–2 stars in the last 12 months',
  replyRate: (replied: number, total: number) =>
    `${Math.round((replied / total) * 100)}% replied (${replied} of ${total})`,
  noNegative: 'No negative reviews in the last 12 months',
  medianReply: (hours: number) =>
    hours < 48
      ? `Median first reply after ${Math.max(1, Math.round(hours))} ${plural(Math.max(1, Math.round(hours)), 'hour', 'hours')}`
      : `Median first reply after ${Math.round(hours / 24)} ${plural(Math.round(hours / 24), 'day', 'days')}`,
  noReplies: 'No replies yet',
  loadFailed: 'Could not load the TrustScore.',
  retry: 'Try again',
} as const;

/** The 'How TrustScore works' page (docs/decisions/012; ours). */
export const TRUSTSCORE_PAGE_TEXT = {
  documentTitle: 'How TrustScore works',
  title: 'How TrustScore works',
  intro:
    'Every company on TrustLinks has a TrustScore from 1 to 5, computed from its published reviews. It is built to be hard to game: a wave of new accounts cannot move it, and reviews from people we know more about count for more.',
  sections: [
    {
      heading: 'It starts in the middle',
      body: 'Each score starts as if the company already had 7 reviews at the average rating of all companies on TrustLinks. Its own reviews pull the score away from that average as they add up, so one or two reviews never make a company look perfect or terrible.',
    },
    {
      heading: 'Recent reviews count more',
      body: 'A review weighs half as much after a year, and a quarter after two. The score follows how a company treats its partners now.',
    },
    {
      heading: 'Known reviewers count more',
      body: 'Reviews from people with a verified identity (a confirmed business email or an approved LinkedIn profile) or who speak for an approved company count fully. Reviews from email-verified accounts older than 30 days count half, and reviews from newer accounts a quarter.',
    },
    {
      heading: 'Fake waves are held back',
      body: 'Reviews from accounts younger than 24 hours, and every review of a company that suddenly receives many reviews from new accounts, wait for our moderators before they are published. Each account can post at most 5 reviews and cast 100 votes a day.',
    },
    {
      heading: 'Labels tell you what we checked',
      body: "'Verified identity' and 'Verified company member' describe the reviewer; 'Payment proof verified' means our team looked at a payout receipt or invoice attached to the review. Labels never reveal who wrote an anonymous review.",
    },
    {
      heading: 'Scores by category',
      body: 'Quality, support, reliability and payment speed are scored the same way from the category ratings of the same reviews.',
    },
  ],
  warningsHeading: 'Public warnings',
  warningsBody:
    'When we see serious signs of trouble — reports of non-payment, suspected fake reviews, impersonation or action by a regulator — we put a public warning on the company page and its offers until the matter is resolved.',
  back: 'Back to reviews',
  /** Ours (docs/decisions/054). */
  transparency: 'Transparency report: how we moderate',
} as const;

export const PROOF_TEXT = {
  label: 'Payment proof',
  hint: 'Up to 3 files (PNG, JPEG or PDF, 2 MB each), e.g. a payout receipt. Only TrustLinks admins see them; a checked proof earns the label ‘Payment proof verified’.',
  choose: 'Attach files',
  remove: (name: string) => `Remove ${name}`,
  tooMany: 'You can attach at most 3 files.',
  tooLarge: (name: string) => `${name} is larger than 2 MB.`,
  badType: (name: string) => `${name} is not a PNG, JPEG or PDF file.`,
  files: 'Attached files',
  download: (name: string) => `Download ${name}`,
  downloadFailed: 'Could not download the file.',
  verified: 'Payment proof verified',
  notVerified: 'Payment proof not checked yet',
  markVerified: 'Mark payment proof verified',
  unmark: 'Remove verification',
  markFailed: 'Could not update the payment proof.',
} as const;

export const SORT_TEXT = {
  label: 'Sort reviews',
  /** The spec's sort label with its direction said (docs/decisions/027), e.g. 'Rating (highest first)'. */
  option: (label: string, hint: string) => `${label} (${hint.toLowerCase()})`,
} as const;

export const WRITE_TEXT = {
  errorSummary: 'Please fix these fields:', // (ours, docs/decisions/027)
  verifyIdentity: 'Verify your identity', // (ours, docs/decisions/027)
  heldNewAccount: REVIEW_MESSAGES.heldNewAccount,
  documentTitle: 'Write a Review', // (ours)
  title: 'Write a Review', // (ours)
  subtitle:
    'Share your experience with an advertiser, affiliate or network so others can partner with confidence.', // (ours)
  loginTitle: 'Log in to write a review', // (ours)
  loginBody: 'Reviews come from verified members. Log in or create a free account to continue.', // (ours)
  logIn: 'Log in', // (ours; as the header)
  signUp: 'Sign up', // (ours; as the header)
  entity: 'Entity', // (ours)
  entitySearch: 'Search companies', // (ours)
  entitySearchPlaceholder: 'Start typing a company name', // (ours)
  entityHint: 'Pick a company listed on TrustLinks.', // (ours)
  noMatches: 'No listed company matches.', // (ours)
  searching: 'Searching...', // (ours)
  change: 'Change', // (ours)
  notListed: 'The company is not listed — add it as a new entity', // (ours)
  backToList: 'Pick from the list instead', // (ours)
  newName: 'Entity name', // (ours)
  newType: 'Entity type', // (ours)
  newHint:
    'New companies are checked by our team; your review is published once they are approved.', // (ours)
  reviewTitle: 'Review title', // (ours)
  reviewTitlePlaceholder: 'Sum up your experience', // (ours)
  overall: 'Overall rating', // (ours)
  text: 'Your review', // (ours)
  textPlaceholder:
    'What went well, what did not? Payments, tracking, communication, offer quality...', // (ours)
  textHint: (min: number) => `At least ${min} characters.`, // (ours)
  categories: 'Category ratings', // (ours)
  tags: 'Tags', // (ours)
  tagsHint: 'Separate tags with commas, e.g. fast payouts, Nutra, US', // (ours)
  anonymous: 'Post anonymously', // (ours)
  anonymousHint: 'Your name is hidden from everyone except TrustLinks admins, who check reviews.', // (ours)
  submit: 'Submit Review', // (ours)
  submitting: 'Submitting...', // (ours)
  success: REVIEW_MESSAGES.submitted,
  failed: REVIEW_MESSAGES.submitFailed,
  doneTitle: 'Thank you for your review', // (ours)
  viewEntity: (entity: string) => `See it on ${entity}'s page`, // (ours)
  myReviews: 'Go to my reviews', // (ours)
  writeAnother: 'Write another review', // (ours)
  optional: '(optional)', // (ours)
} as const;

export { ENTITY_TYPE_LABELS };

/** Review Moderation's Reported tab (docs/decisions/027; ours). */
export const REPORTS_TEXT = {
  tab: 'Reported',
  empty: 'No open reports.',
  more: 'Showing the oldest 100 open reports. Decide these to see more.',
  reportTitle: 'Reported by a user',
  by: (name: string, email: string) => `by ${name} (${email})`,
  hint: 'Approve keeps the review online; any decision closes its open reports.',
} as const;

export const MODERATION_TEXT = {
  tabsLabel: 'Review status', // (ours)
  tabs: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', flagged: 'Flagged' }, // (ours: capitalised)
  empty: (status: string) => REVIEW_MESSAGES.noStatusReviews(status),
  anonymousNotice: REVIEW_MESSAGES.anonymousNotice,
  loading: 'Loading reviews...', // (ours)
  loadFailed: 'Could not load the reviews.', // (ours)
  retry: 'Try again', // (ours)
  approve: 'Approve',
  reject: 'Reject',
  flag: 'Flag',
  remoderate: 'Re-moderate',
  reviewer: 'Reviewer', // (ours)
  entity: 'Entity', // (ours)
  created: 'Created', // (ours)
  adminNotes: 'Admin notes', // (ours)
  anonymous: 'Anonymous', // (ours)
  yes: 'Yes', // (ours)
  no: 'No', // (ours)
  disputeTitle: 'Disputed by the entity', // (ours)
  holdBadges: { burst: 'Burst', new_account: 'New account', banned: 'Banned author' }, // (ours; docs/decisions/012, 023)
  dialogTitle: 'Moderate Review', // (ours)
  action: 'Action', // (ours)
  actions: { approve: 'Approve', reject: 'Reject', flag: 'Flag' } satisfies Record<
    ModerationAction,
    string
  >,
  notes: 'Admin notes', // (ours)
  notesHint: 'Optional. Only admins see them.', // (ours)
  cancel: 'Cancel', // (ours)
  submit: 'Submit', // (ours)
  submitting: 'Saving...', // (ours)
  success: (action: ModerationAction) => REVIEW_MESSAGES.moderated(action),
  failed: REVIEW_MESSAGES.moderateFailed,
} as const;

/** (ours, docs/decisions/032) Review Moderation's hold filter, pages and bulk decisions. */
export const BULK_TEXT = {
  holdFilter: 'Hold reason',
  holdAll: 'All reviews',
  group: 'Decide the selected reviews',
  selectAll: 'Select all on this page',
  selectOne: (title: string) => `Select: ${title}`,
  selected: (n: number) => `${n} selected`,
  approve: 'Approve selected',
  reject: 'Reject selected',
  confirmApprove: (n: number) => `Approve ${n} ${plural(n, 'review', 'reviews')}?`,
  confirmReject: (n: number) => `Reject ${n} ${plural(n, 'review', 'reviews')}?`,
  confirmHint: 'Each decision is kept in the audit list; the entities’ scores are recomputed.',
  cancel: 'Cancel',
  failed: 'Could not save the decisions. Please try again.',
  pagesLabel: 'Review pages',
  previous: 'Previous',
  next: 'Next',
  page: (n: number) => `Page ${n}`,
} as const;

export const PANEL_TEXT = {
  heading: 'Entity Reviews',
  tabsLabel: 'Reviews by status', // (ours)
  avgRating: 'Average rating', // (ours)
  totalReviews: 'Published reviews', // (ours)
  pendingReviews: 'Pending reviews', // (ours)
  noEntity: 'Your account is not linked to an entity yet.', // (ours)
  empty: (status: string) => REVIEW_MESSAGES.noStatusReviews(status),
  failed: (message?: string) => REVIEW_MESSAGES.dashboardFailed(message),
  retry: 'Try again', // (ours)
  reply: 'Reply', // (ours)
  dispute: 'Dispute', // (ours)
  replied: 'Replied', // (ours)
  disputed: 'Disputed — with the admins', // (ours)
  pagesLabel: 'Review pages', // (ours)
  na: 'N/A',
} as const;

/** The user's own reviews in the user dashboard's tabs (docs/product/dashboards.md#user-dashboard). */
export const MY_REVIEWS_TEXT = {
  tabMyReviews: 'My Reviews',
  totalReviews: 'Total Reviews',
  published: 'Published',
  pending: 'Pending',
  avgRating: 'Avg Rating',
  recentReviews: 'Recent Reviews',
  viewAll: (n: number) => `View all ${n} ${plural(n, 'review', 'reviews')}`,
  noReviews: 'You have not written any reviews yet.', // (ours)
  noReviewsHint: 'Share your experience with a company you have worked with.', // (ours)
  writeFirst: 'Write Your First Review',
  writeNew: 'Write New Review',
  loading: 'Loading your reviews...', // (ours)
  failed: (message?: string) => REVIEW_MESSAGES.dashboardFailed(message),
  retry: 'Try again', // (ours)
  activityLine: (entity: string) => `You reviewed ${entity}`,
  noActivity: 'No activity to show yet.',
  na: 'N/A', // (ours)
} as const;

export const HUB_TEXT = {
  documentTitle: 'Reviews', // (ours)
  title: 'Reviews', // (ours)
  subtitle:
    'Honest experiences with advertisers, affiliates and networks, from the people who worked with them.', // (ours)
  write: 'Write a Review', // (ours)
  searchLabel: 'Find reviews of a company', // (ours)
  searchPlaceholder: 'Search by company name', // (ours)
  recent: 'Recent reviews', // (ours)
  loadMore: 'Load more reviews', // (ours)
  loadingMore: 'Loading...', // (ours)
  empty: 'No reviews yet. Be the first to review!',
  failed: 'Could not load the reviews.', // (ours)
  retry: 'Try again', // (ours)
  viewEntity: 'View company', // (ours)
  clear: 'Back to recent reviews', // (ours)
  about: (entity: string) => `about ${entity}`, // (ours)
} as const;

/** The reviewer page, /reviewer/{slug} (ours; docs/decisions/054). */
export const REVIEWER_PAGE_TEXT = {
  documentTitle: 'Reviewer',
  breadcrumb: 'Reviews',
  verified: 'Identity verified',
  notVerified: 'Identity not verified',
  memberSince: (date: string) => `Member since ${date}`,
  reviews: (n: number) => `${n} published ${plural(n, 'review', 'reviews')}`,
  helpful: (n: number) => `${n} helpful ${plural(n, 'vote', 'votes')} received`,
  reviewsHeading: 'Published reviews',
  showingNewest: (shown: number, total: number) => `The newest ${shown} of ${total}.`,
  empty: 'No published reviews yet.',
  emptyHint: 'Reviews posted anonymously are never shown here.',
  hiddenNotice:
    'Your reviewer page is hidden: only you can see it. Show it again from your profile.',
  anonymousNote: 'Reviews this person posted anonymously are never shown or counted here.',
  notFound: 'Reviewer not found',
  notFoundHint: 'This reviewer page does not exist, or its owner has hidden it.',
  failed: 'We could not load this reviewer page.',
  tryAgain: 'Try again',
  loading: 'Loading the reviewer page…',
  back: 'Browse reviews',
  description: (name: string, reviews: number, helpful: number) =>
    `${name} on TrustLinks: ${reviews} published ${plural(reviews, 'review', 'reviews')} of affiliate companies, ${helpful} helpful ${plural(helpful, 'vote', 'votes')}.`,
} as const;

/** The transparency report, /transparency (ours; docs/decisions/054). */
export const TRANSPARENCY_TEXT = {
  documentTitle: 'Transparency report',
  title: 'Transparency report',
  intro:
    'What our moderators and safeguards did with reviews, month by month: how many were written, published, held for a check and removed, how many reports we received and decided, which public warnings we placed and lifted, and how long a moderation decision took.',
  description:
    'TrustLinks transparency report: reviews submitted, published, held and removed each month, reports decided, public warnings and the time to a moderation decision.',
  monthsLabel: 'Months',
  figures: {
    submitted: 'Reviews submitted',
    published: 'Reviews published',
    held: 'Held for a moderator',
    removed: 'Removed',
    reports: 'Reports received',
    reportsDecided: 'Reports decided',
    warningsPlaced: 'Warnings placed',
    warningsLifted: 'Warnings lifted',
    median: 'Median time to a decision',
  },
  byReason: 'By reason',
  none: 'None',
  noDecisions: 'No decisions',
  hours: (h: number) => (h < 48 ? `${h} h` : `${Math.round((h / 24) * 10) / 10} days`),
  decisionsCount: (n: number) => `${n} ${plural(n, 'decision', 'decisions')}`,
  holdReasons: {
    new_account: 'New account (younger than 24 hours)',
    burst: 'Burst of reviews from new accounts',
    banned: "Author's account banned",
  },
  removalReasons: {
    report_fake: 'Reported as fake',
    report_offensive: 'Reported as offensive',
    report_personal_info: 'Reported for personal information',
    report_conflict_of_interest: 'Reported as a conflict of interest',
    report_other: 'Reported for another reason',
    hold_new_account: 'Held: new account',
    hold_burst: 'Held: burst of new accounts',
    hold_banned: "Held: author's account banned",
    moderation: "Moderators' own review",
  },
  methodHeading: 'How these figures are computed',
  method: [
    'Every figure is counted from our audit trail: the time each review was written and first published, the reason our safeguards held it, every moderator decision with its time, every report with the time it was made and decided, and every public warning placed or lifted. Months are calendar months in UTC; the report shows the last twelve, the current one still running.',
    'Submitted counts every review written in the month, anonymous ones included. Published counts reviews published for the first time in the month. Held counts reviews written in the month that our safeguards held for a moderator instead of publishing them at once, by the reason they were held.',
    'Removed counts reviews a moderator rejected in the month, each once. Its reason is the one most of the review’s reports gave; a review nobody reported is counted under the reason it was held for, and otherwise as our moderators’ own review (their queue and the spam filter’s flags).',
    'Reports received are reports made in the month; reports decided are those a moderator’s decision on the review answered in the month. Warnings are public warnings placed on or lifted from a company page.',
    'The median time to a decision is taken over reviews whose first moderator decision fell in the month: from the moment the review was written to that decision. Reviews published at once, without a moderator, are not part of it.',
    'Figures are refreshed as soon as a review, report or warning changes them. Reviews or accounts deleted since no longer count, and texts are never shown: only counts.',
  ],
  loading: 'Loading the report…',
  failed: 'We could not load the report.',
  tryAgain: 'Try again',
  trustScoreLink: 'How TrustScore works',
} as const;

/** A company's removed reviews, on its reviews list (ours; docs/decisions/054). */
export const REMOVALS_TEXT = {
  heading: 'Removed reviews',
  summary: (n: number) =>
    `Our moderators removed ${n} ${plural(n, 'review', 'reviews')} of this company:`,
  none: 'Our moderators have not removed any review of this company.',
  link: 'How we moderate',
} as const;

/** Review invitations (docs/decisions/057; ours). */
export const INVITE_TEXT = {
  title: 'Invite partners to review you',
  intro:
    'Invite companies you really worked with. Their reviews are published like any other (you do not see them first and cannot choose which appear) and carry the label "Invited".',
  emailsLabel: 'Email addresses',
  emailsHint: 'One a line or separated by commas; up to 20 at a time.',
  send: 'Send invitations',
  sending: 'Sending…',
  noEmails: 'Enter at least one email address.',
  failed: 'Could not send the invitations. Please try again.',
  sentToday: (n: number, limit: number) =>
    `${n} of ${limit} invitations sent in the last 24 hours.`,
  listLabel: 'Your latest invitations',
  empty: 'No invitations yet.',
  status: { open: 'Waiting', used: 'Reviewed', expired: 'Expired' } as const,
  applicationLink: (partner: string | null) => `Link for ${partner ?? 'a partner'}`,
  invitedShare: (invited: number, total: number) =>
    `${invited} of ${total} ${plural(total, 'review', 'reviews')} answered an invitation of the company.`,
  invitedNotice:
    'You were invited to review this company: your review is published like any other and carries the label "Invited".',
  inviteFromApplication: 'Invite to review',
  linkTitle: 'Invitation link',
  linkHint: 'Send this link to your partner: it works once, for members of their company.',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy the link: select it and copy it yourself.',
} as const;

/**
 * Every text of the offer pages (docs/product/offers.md#explorer, docs/product/offers.md#offer-page, docs/product/errors.md), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)". The filter panel's and the results' texts,
 * which the advertisers' wishlist shares, are in components/offers/offer-list-texts.ts.
 *
 * No runtime imports from the contract's zod modules here: the strings must not pull zod in.
 * The server messages the offer page shows come from the server itself.
 */
import { plural } from '../../lib/plural';

export const OFFERS_TEXT = {
  documentTitle: 'Offers',
  title: 'Offers',
  subtitle: 'Browse active offers from verified advertisers and networks.', // (ours)
  /** '{n} offers found', '1,000+ offers found' when the server capped its count (ours). */
  resultCount: (count: string, n: number) => `${count} ${plural(n, 'offer', 'offers')} found`,
  resultsHeading: 'Results', // (ours)
  loadMore: 'Load more offers', // (ours)
  showing: (shown: number, total: string) => `Showing ${shown} of ${total}`, // (ours)
} as const;

/** The explorer's comparison filters, sorts, spelling suggestion and saved search (docs/decisions/028, ours). */
// The explorer's controls are shared with the dashboards' Available Offers (docs/decisions/030).
export { EXPLORER_TEXT } from '../../components/offers/offer-list-texts';

export const OFFER_STATUS_LABELS = {
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
  private: 'Private', // (ours, docs/decisions/048)
} as const;

/** An application's status on the offer page (ours, as the dashboards' lists). */
export const APPLICATION_STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
} as const;

export { ENTITY_TYPE_LABELS } from '../../lib/entity-type-labels';

export const OFFER_DETAIL_TEXT = {
  documentTitle: 'Offer Details', // (ours)
  loadingHeading: 'Offer Details', // (ours)
  loading: 'Loading offer...', // (ours)
  breadcrumb: 'Breadcrumb', // (ours)
  home: 'Home',
  notFound: 'Offer not found',
  notFoundHint: 'It may have been paused, closed or removed.', // (ours)
  failed: 'Failed to fetch offer details',
  tryAgain: 'Try Again', // (ours)
  backToOffers: 'Browse offers', // (ours)
  by: 'by', // (ours)
  payout: 'Payout', // (ours)
  payoutType: 'Payout Type', // (ours)
  category: 'Category', // (ours)
  geo: 'GEO', // (ours)
  worldwide: 'Worldwide',
  created: 'Created', // (ours)
  updated: 'Updated', // (ours)
  expires: 'Expires', // (ours)
  details: 'Offer details', // (ours)
  description: 'Description', // (ours)
  noDescription: 'No description available for this offer.',
  requirements: 'Requirements', // (ours)
  noRequirements: 'No special requirements listed.', // (ours)
  landingPage: 'Landing Page', // (ours)
  openLandingPage: 'Open landing page', // (ours)
  opensInNewTab: '(opens in a new tab)', // (ours)
  runOffer: 'Run This Offer',
  applying: 'Applying...', // (ours)
  // docs/product/offers.md#offer-page shows only a placeholder toast; the API now takes applications (ours).
  loginToApply: 'Please log in to run this offer.', // (ours)
  applyFailed: 'Failed to apply to offer', // docs/product/errors.md (dashboards)
  ownOffer: 'This is your own offer.', // (ours)
  notActive: 'This offer is not running right now.', // (ours)
  onlyRunners: 'Only affiliates and networks can apply to run offers.', // (ours, docs/decisions/014)
  // Decision 027: where the affiliate stands, after 'Run This Offer' (ours).
  applyTitle: 'Run This Offer', // the button's words, as the dialog's title
  applyDescription: (owner: string) =>
    `${owner} reads your application and approves or rejects it. Tell them who you are and where your traffic comes from.`, // (ours)
  applyMessage: 'Message to the advertiser', // (ours)
  applyMessageHint: 'Optional. Your experience with this vertical, volumes you can send.', // (ours)
  applyTrafficSources: 'Traffic sources', // (ours)
  applyTrafficSourcesHint: 'Optional. For example: native ads, push, SEO, email list.', // (ours)
  applySubmit: 'Send application', // (ours)
  cancel: 'Cancel', // (ours)
  statusHeading: 'Your application', // (ours)
  statusLoading: 'Checking your application...', // (ours)
  statusPending: (date: string) =>
    `Sent on ${date}. Waiting for the advertiser to approve or reject it.`, // (ours)
  statusApproved: 'Send your traffic through your tracking link:', // (ours)
  trackingLinkLabel: 'Your tracking link', // (ours)
  copy: 'Copy', // (ours)
  copied: 'Tracking link copied.', // (ours)
  copyFailed: 'Could not copy; select the link and copy it yourself.', // (ours)
  statusRejected: 'Rejected by the advertiser.', // (ours)
  ownerNote: 'Their note:', // (ours)
  statusWithdrawn: 'You withdrew your application.', // (ours)
  statusOther: (status: string) => `Your application is ${status}.`, // (ours)
  applyAgain: 'Apply again', // (ours)
  myApplications: 'All my applications', // (ours)
  aboutEntity: 'Offered by', // (ours)
  viewProfile: 'View profile', // (ours)
  noRatings: 'No ratings yet', // (ours; as on the entity page)
  reviewsCount: (n: number) => `${n} ${plural(n, 'Review', 'Reviews')}`,
  offersCount: (n: number) => `${n} ${plural(n, 'Offer', 'Offers')}`,
  ratingLabel: (value: string) => `Rating ${value} out of 5`, // (ours)
} as const;

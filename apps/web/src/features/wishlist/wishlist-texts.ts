import { REQUEST_MESSAGES } from '@trustlinks/contract/offer-requests';
import type { Priority } from '@trustlinks/contract/offer-requests';
import { plural } from '../../lib/plural';

/**
 * Every text of the affiliates wishlist (docs/product/offers.md#affiliates-wishlist, docs/product/validation.md "Wishlist contact", docs/product/errors.md "Wishlist"),
 * word for word where the spec gives one. Texts the spec does not give are marked "(ours)".
 */
export const WISHLIST_TEXT = {
  title: 'Affiliates Wishlist', // (ours; the page's name in the route table)
  subtitle: 'Connect with quality affiliates actively seeking new offers',
  /** Visually hidden h2 above the request cards (their titles are h3). */
  resultsHeading: 'Affiliate requests', // (ours)

  filtersLabel: 'Filter affiliate requests', // (ours)
  vertical: 'Vertical', // (ours)
  verticalPlaceholder: 'e.g. Nutra, Finance', // (ours)
  geo: 'GEO', // (ours)
  geoPlaceholder: 'e.g. US, DE', // (ours)
  priority: 'Priority', // (ours)
  priorityAll: 'All',

  loading: 'Loading affiliate requests...',
  loadFailed: 'Failed to load affiliate requests',
  fetchFailed: 'Failed to fetch offer requests',
  tryAgain: 'Try Again',
  emptyTitle: 'No affiliate requests yet',
  emptyHint: 'There are currently no affiliate requests in the system. Check back later!',
  noMatchTitle: 'No affiliates found',
  noMatchHint: 'Try another vertical, GEO or priority.', // (ours)
  clearFilters: 'Clear Filters',
  loadMore: 'Load More Requests', // (ours)
  loadingMore: 'Loading...', // (ours)

  // Card
  posted: 'Posted', // (ours)
  by: 'by', // (ours)
  verticals: 'Verticals', // (ours)
  targetGeos: 'Target GEOs', // (ours)
  noGeos: 'No specific GEOs mentioned',
  dailyVolume: 'Daily Volume', // (ours)
  payoutType: 'Payout Type', // (ours)
  trafficTypes: 'Traffic Types', // (ours)
  platforms: 'Platforms', // (ours)
  requirements: 'Requirements', // (ours)
  budgetRange: 'Budget Range', // (ours)
  notSpecified: 'Not specified',
  contact: 'Contact Affiliate',

  // Who may contact (the API refuses other roles with REQUEST_MESSAGES.onlyContacters).
  loginToContact: 'Log in to Contact', // (ours)
  visitorNotice: 'Log in with an advertiser or network account to contact affiliates.', // (ours)
  logIn: 'Log in', // (ours; same label as the header)
  roleNotice: REQUEST_MESSAGES.onlyContacters,
  ownRequest: 'Your request', // (ours)

  // Contact modal
  contactTitle: 'Contact Affiliate',
  contactAbout: 'About their request:', // (ours)
  message: 'Message',
  messagePlaceholder:
    'Introduce yourself and the offer you have in mind: vertical, GEOs, payout and how to reach you.', // (ours)
  privacyNotice:
    'Privacy notice: your message, your name and your email address are sent to this affiliate so they can reply to you directly. The affiliate’s email address is not shown to you.', // (ours)
  cancel: 'Cancel',
  send: 'Send Email',
  sending: 'Sending...',
  sendFailed: 'Failed to send email. Please try again.',
  sent: REQUEST_MESSAGES.contactSent,
} as const;

export const PRIORITY_LABELS: Record<Priority, string> = {
  high: 'High', // (ours; the filter values are high, medium, low)
  medium: 'Medium',
  low: 'Low',
};

/** The badge text on a card: "High priority". (ours) */
export function priorityBadgeText(priority: Priority): string {
  return `${PRIORITY_LABELS[priority]} priority`;
}

/** '{n} affiliate(s) found'; "50+" when more can be loaded. */
export function foundText(count: number, more: boolean): string {
  return `${count}${more ? '+' : ''} ${plural(more ? Infinity : count, 'affiliate', 'affiliates')} found`;
}

/**
 * The advertisers wishlist (route in docs/product/screens.md#routes, content not shown): ours
 * throughout. Its filter panel and results share the explorer's texts
 * (components/offers/offer-list-texts.ts).
 */
export const ADVERTISERS_WISHLIST_TEXT = {
  documentTitle: 'Advertisers Wishlist', // (ours)
  title: 'Advertisers Wishlist', // (ours)
  subtitle: 'Verified advertisers and networks looking for affiliates to run their offers.', // (ours)
  typeLabel: 'Company type', // (ours)
  types: { all: 'All', advertiser: 'Advertisers', network: 'Networks' }, // (ours)
  count: (n: number, more: boolean) =>
    `${n}${more ? '+' : ''} ${plural(n, 'company', 'companies')} looking for affiliates`, // (ours)
  loading: 'Loading advertisers...', // (ours)
  failed: 'Failed to load the advertisers wishlist. Please try again later.', // (ours)
  empty: 'No advertisers found', // (ours)
  emptyHint: 'No advertiser or network is looking for affiliates with these filters.', // (ours)
  activeOffers: (n: number, more: boolean) =>
    `${n}${more ? '+' : ''} active ${plural(n, 'offer', 'offers')}`, // (ours)
  verticals: 'Verticals', // (ours)
  geos: 'Target GEOs', // (ours)
  topOffers: 'Offers', // (ours)
  viewAll: (n: number) => `View all ${n} ${plural(n, 'offer', 'offers')}`, // (ours)
  viewProfile: 'View profile', // (ours)
  loadMore: 'Load more', // (ours)
  noRatings: 'No ratings yet', // (ours)
  worldwide: 'Worldwide', // (ours)
} as const;

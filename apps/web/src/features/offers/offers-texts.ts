/**
 * Every text of the offer pages (docs/product/offers.md#explorer, docs/product/offers.md#offer-page, docs/product/errors.md), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)". The advertisers wishlist (route in docs/product/screens.md#routes,
 * content not shown) is ours throughout.
 *
 * No runtime imports from the contract's zod modules here: the strings must not pull zod in.
 * The server messages the offer page shows come from the server itself.
 */

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const OFFERS_TEXT = {
  documentTitle: 'Offers',
  title: 'Offers',
  subtitle: 'Browse active offers from verified advertisers and networks.', // (ours)
  searchLabel: 'Search offers', // (ours)
  searchPlaceholder: 'Search by title...', // (ours)
  geoLabel: 'GEO', // (ours)
  geoPlaceholder: 'e.g. US, GB, DE', // (ours)
  geoHint: 'Two-letter country codes, separated by commas.', // (ours)
  geoIgnored: (tokens: string[]) =>
    `Ignored ${tokens.map((t) => `“${t}”`).join(', ')}: use two-letter country codes such as US.`, // (ours)
  categoriesLabel: 'Category', // (ours)
  clearFilters: 'Clear filters', // (ours; docs/product/offers.md#explorer names the button, not its label)
  /** '{n} offers found', '1,000+ offers found' when the server capped its count (ours). */
  resultCount: (count: string, n: number) => `${count} ${plural(n, 'offer', 'offers')} found`,
  resultsHeading: 'Results', // (ours)
  loading: 'Loading offers...', // (ours)
  failed: 'Failed to fetch offers. Please try again later.',
  tryAgain: 'Try Again', // (ours)
  empty: 'No offers found',
  emptyFilteredHint: 'Try another category, title or GEO.', // (ours)
  emptyHint: 'No offers have been published yet. Check back soon.', // (ours)
  loadMore: 'Load more offers', // (ours)
  loadingMore: 'Loading...', // (ours)
  showing: (shown: number, total: string) => `Showing ${shown} of ${total}`, // (ours)
} as const;

export const OFFER_STATUS_LABELS = {
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
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
  // docs/product/offers.md#offer-page shows only 'Feature coming soon!…'; the API now takes applications (ours).
  loginToApply: 'Please log in to run this offer.', // (ours)
  applyFailed: 'Failed to apply to offer', // docs/product/errors.md (dashboards)
  ownOffer: 'This is your own offer.', // (ours)
  notActive: 'This offer is not running right now.', // (ours)
  onlyRunners: 'Only affiliates and networks can apply to run offers.', // (ours, issue 15)
  joinNetwork: 'Join Network',
  joinNetworkInfo: 'Join network functionality coming soon! Please contact us directly for now.',
  aboutEntity: 'Offered by', // (ours)
  viewProfile: 'View profile', // (ours)
  noRatings: 'No ratings yet', // (ours; as on the entity page)
  reviewsCount: (n: number) => `${n} ${plural(n, 'Review', 'Reviews')}`,
  offersCount: (n: number) => `${n} ${plural(n, 'Offer', 'Offers')}`,
  ratingLabel: (value: string) => `Rating ${value} out of 5`, // (ours)
} as const;

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
  viewAll: (n: number) => `View all ${n} offers`, // (ours)
  viewProfile: 'View profile', // (ours)
  loadMore: 'Load more', // (ours)
  loadingMore: 'Loading...', // (ours)
  clearFilters: 'Clear filters', // (ours)
  noRatings: 'No ratings yet', // (ours)
  worldwide: 'Worldwide', // (ours)
} as const;

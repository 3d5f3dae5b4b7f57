import { TAGLINE } from '@trustlinks/contract/constants';
import type { LandingFigures } from '@trustlinks/contract/landing';

/**
 * All text of the landing page (docs/product/README.md#what-it-does, docs/product/screens.md#landing-page).
 * The spec's headings and layout stay; every figure and card comes from GET /landing (docs/decisions/026,
 * docs/decisions/026-public-pages-and-data-rights.md), none is made up.
 */

export const HERO = {
  /** With the count of approved companies (rounded down), or the plain line while it loads. */
  eyebrow: (companies: string) => `${companies} verified companies on TrustLinks`,
  eyebrowPlain: 'Verified companies, honest reviews',
  title: TAGLINE,
  subline:
    'The trust and directory platform for affiliate marketing. Find verified advertisers, networks and affiliates, read honest reviews, and build partnerships you can rely on.',
  actions: [
    { label: 'Write a Review', to: '/writereview', variant: 'primary' },
    { label: 'Affiliates Wishlist', to: '/affiliatedwishlist', variant: 'outline' },
    // The spec's label; it opens the advertiser directory, not the local file showcase
    // (docs/decisions/027-no-dead-ends.md, Note 2026-11-29).
    { label: 'Advertisers Showcase', to: '/advertiserswishlist', variant: 'outline' },
  ],
  stats: [
    { key: 'approved_companies', label: 'Verified Companies' },
    { key: 'connections', label: 'Connections' },
    { key: 'countries', label: 'Countries' },
  ],
} as const satisfies Record<string, unknown> & {
  stats: readonly { key: keyof LandingFigures; label: string }[];
};

/** "Top Performing Offers": the most clicked active offers (GET /landing). */
export const TOP_OFFERS = {
  title: 'Top Performing Offers',
  subtitle: 'The most clicked campaigns from approved advertisers and networks.',
  viewAll: { label: 'View All Offers', to: '/offers' },
  apply: { label: 'Apply Now' },
  labels: { payout: 'Payout', geo: 'GEO', category: 'Category' },
  empty:
    'No offers are live yet. Approved advertisers and networks publish them from their dashboards.',
} as const;

/** "Popular Offer Requests": the newest open requests of the wishlist. */
export const OFFER_REQUESTS = {
  title: 'Popular Offer Requests',
  subtitle: 'Affiliates looking for offers right now. Send them yours.',
  viewAll: { label: 'View All Requests', to: '/affiliatedwishlist' },
  submit: { label: 'Submit Offer', to: '/affiliatedwishlist' },
  labels: {
    geo: 'GEO',
    trafficType: 'Traffic type',
    volume: 'Daily volume',
    payout: 'Payout type',
    priority: 'Priority',
    vertical: 'Vertical',
  },
  priority: { high: 'High', medium: 'Medium', low: 'Low' },
  empty: 'No open offer requests right now.',
} as const;

/** The newest published reviews; each card opens the review on its entity's page. */
export const REVIEWS = {
  title: 'Trusted Reviews from Real Partners',
  subtitle: 'The newest published reviews. Labels say what we verified about each one.',
  viewAll: { label: 'Read All Reviews', to: '/review' },
  // Ours (docs/decisions/055): the top networks side by side, a plain link (the page is lazy).
  compare: { label: 'Compare the top networks', to: '/compare' },
  reviewOf: 'Review of',
  anonymous: 'Anonymous member',
  helpful: 'Helpful',
  reply: 'Reply',
  openReview: (title: string) => `Open the review “${title}”`,
  empty: 'No reviews are published yet. Be the first to write one.',
} as const;

/** The database teaser: one real company of each type. */
export const DATABASE = {
  title: 'Affiliate Industry Database',
  subtitle: (companies: string) =>
    `Browse ${companies} companies with their websites and contacts in one place.`,
  subtitleEmpty: 'Browse affiliate-marketing companies with their websites and contacts.',
  viewAll: { label: 'Explore Database', to: '/affliate-industry' },
  requestAccess: { label: 'Request Access', to: '/affliate-industry' },
  labels: { website: 'Website', type: 'Type' },
  noWebsite: 'No website listed',
  empty: 'The database is empty. Admins import companies from a CSV file.',
} as const;

/**
 * The figures strip: the spec's six cards (docs/product/constants.md), each now a count from the
 * database (docs/decisions/026): "Support", "Trust Score" and "Accuracy" were claims no data backs.
 */
export const FIGURES = {
  title: 'Trusted across the industry',
  subtitle: 'Counted from our database, rounded down.',
  items: [
    { key: 'approved_companies', label: 'Verified Companies' },
    { key: 'connections', label: 'Connections' },
    { key: 'countries', label: 'Countries' },
    { key: 'published_reviews', label: 'Published Reviews' },
    { key: 'active_offers', label: 'Active Offers' },
    { key: 'database_companies', label: 'Companies in the Database' },
  ],
} as const satisfies { items: readonly { key: keyof LandingFigures; label: string }[] } & Record<
  string,
  unknown
>;

export const FINAL_CTA = {
  title: 'Ready to build partnerships you can trust?',
  text: 'Join the affiliate marketing community that puts trust first.',
  button: { label: 'Get Started Free', to: '/signup' },
  note: 'Free to join • No setup fees',
} as const;

/**
 * Our own texts of issue 25 (robots.txt, the sitemap's static pages, the badge, the redirect
 * pages' errors), in one place. The badge's words are short on purpose: it sits on other sites.
 */
export const SEO_TEXTS = {
  badge: {
    brand: 'TrustLinks',
    score: 'TrustScore',
    noScore: 'N/A',
    reviews: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'review' : 'reviews'}`,
    verified: 'Verified',
    /** In place of 'Verified' while a public warning stands (the entity page's words). */
    underWarning: 'Under warning',
    /** The SVG's accessible name. */
    title: (name: string, score: string, reviews: string, warned: boolean) =>
      `${name} on TrustLinks: ${warned ? 'under warning, ' : ''}TrustScore ${score}, ${reviews}`,
  },
  /** Answers of the readable addresses when no public page is there. */
  gone: 'This company was removed from TrustLinks.',
} as const;

/** The public pages without a row behind them that the sitemap lists (docs/product/screens.md). */
export const SITEMAP_STATIC_PATHS = [
  '/',
  '/offers',
  '/affliate-industry',
  '/trustscore',
  '/review',
];

/**
 * What crawlers are asked to leave alone: the API, the signed-in areas and the one-time links
 * (docs/product/screens.md). The public pages, the badges and the sitemap stay open.
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/admin',
  '/profile',
  '/user-dashboard',
  '/advertiser-dashboard',
  '/affiliate-dashboard',
  '/network-dashboard',
  '/affiliatedwishlist',
  '/advertiserswishlist',
  '/verify-email',
  '/reset-password',
  '/unsubscribe',
  '/go/',
];

import { PRIVATE_PAGE_PATHS } from '@trustlinks/contract/pages';

/**
 * Our own texts of docs/decisions/022 (robots.txt, the sitemap's static pages, the badge, the redirect
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
  /**
   * The link-preview pictures (og:image, docs/decisions/052-link-previews.md): the badge's words
   * where they say the same thing, the entity page's 'Under warning'.
   */
  og: {
    brand: 'TrustLinks',
    score: 'TrustScore',
    noScore: 'N/A',
    noReviews: 'No reviews yet',
    verified: 'Verified',
    underWarning: 'Under warning',
    warningBand: 'A public warning stands: read it on TrustLinks',
    offer: 'Affiliate offer',
    by: (name: string) => `by ${name}`,
    allGeos: 'All GEOs',
    geos: (geos: readonly string[]) => `GEOs: ${geos.join(', ')}`,
  },
  /** Answers of the readable addresses when no public page is there. */
  gone: 'This company was removed from TrustLinks.',
} as const;

/**
 * What crawlers are asked to leave alone: the API, the redirecting offer links (/go/) and every
 * page of the page table that is not public (@trustlinks/contract/pages: the signed-in areas and
 * the one-time links). The public pages, the badges and the sitemap stay open; the public pages
 * that are not indexed say so themselves (noindex).
 */
export const ROBOTS_DISALLOWED = ['/api/', ...PRIVATE_PAGE_PATHS, '/go/'];

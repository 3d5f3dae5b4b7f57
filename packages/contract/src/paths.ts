/**
 * The public pages' addresses (docs/decisions/022-slugs-sitemap-badge.md), built from
 * the slugs the API sends: the web's links, the API's redirects, mails, notifications and the
 * sitemap all build them here, never from a uuid.
 */
export const entityPath = (slug: string): string => `/entity/${encodeURIComponent(slug)}`;

/** An offer's slug already ends in its short id: `/offer/{title words}-{8 hex digits}`. */
export const offerPath = (slug: string): string => `/offer/${encodeURIComponent(slug)}`;

/** The embeddable badge of an approved entity (GET /badge/{slug}.svg; `?theme=dark`). */
export const badgePath = (slug: string, theme: 'light' | 'dark' = 'light'): string =>
  `/badge/${encodeURIComponent(slug)}.svg${theme === 'dark' ? '?theme=dark' : ''}`;

/** A review's own address: its entity's page, Reviews tab, scrolled to the review (docs/decisions/027). */
export const reviewPath = (slug: string, reviewId: string): string =>
  `${entityPath(slug)}?tab=reviews&review=${encodeURIComponent(reviewId)}`;

/**
 * One address per page (docs/decisions/027): the spec's spellings are the addresses; these
 * other spellings answer 301 from the server and redirect in the app, query and hash kept.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  '/affiliate-industry': '/affliate-industry',
  '/database': '/affliate-industry',
  '/affiliateswishlist': '/affiliatedwishlist',
  '/affiliates-wishlist': '/affiliatedwishlist',
  '/write-review': '/writereview',
};

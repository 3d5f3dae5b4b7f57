/**
 * The public pages' addresses (docs/decisions/022-slugs-sitemap-badge.md), built from
 * the slugs the API sends: the web's links, the API's redirects, mails, notifications and the
 * sitemap all build them here, never from a uuid.
 */
export const entityPath = (slug: string): string => `/entity/${encodeURIComponent(slug)}`;

/** An offer's slug already ends in its short id: `/offer/{title words}-{8 hex digits}`. */
export const offerPath = (slug: string): string => `/offer/${encodeURIComponent(slug)}`;

/** A reviewer's page (docs/decisions/054): their random profile slug, never the e-mail. */
export const reviewerPath = (slug: string): string => `/reviewer/${encodeURIComponent(slug)}`;

/** The embeddable badge of an approved entity (GET /badge/{slug}.svg; `?theme=dark`). */
export const badgePath = (slug: string, theme: 'light' | 'dark' = 'light'): string =>
  `/badge/${encodeURIComponent(slug)}.svg${theme === 'dark' ? '?theme=dark' : ''}`;

/** A review's own address: its entity's page, Reviews tab, scrolled to the review (docs/decisions/027). */
export const reviewPath = (slug: string, reviewId: string): string =>
  `${entityPath(slug)}?tab=reviews&review=${encodeURIComponent(reviewId)}`;

/** The other spellings of a page's address (the page table's, pages.ts). */
export { PAGE_ALIASES } from './pages';

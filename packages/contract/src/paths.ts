/**
 * The public pages' addresses (docs/decisions/022-slugs-sitemap-badge.md), built from
 * the slugs the API sends: the web's links, the API's redirects, mails, notifications and the
 * sitemap all build them here, never from a uuid.
 */
export const entityPath = (slug: string): string => `/entity/${encodeURIComponent(slug)}`;

/** An offer's slug already ends in its short id: `/offer/{title words}-{8 hex digits}`. */
export const offerPath = (slug: string): string => `/offer/${encodeURIComponent(slug)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An entity as a filter names it in an address (the explorer's `?entity=`): its slug, or, in the
 * links made before slugs (docs/decisions/052-link-previews.md), its id; lower case. A uuid is
 * read as an id first (a slug never has a uuid's shape: names do not make one).
 */
export const isEntityKey = (value: string): boolean =>
  value.length <= 120 && (UUID.test(value) || SLUG.test(value));
export const isEntityId = (value: string): boolean => UUID.test(value);

/** A reviewer's page (docs/decisions/054): their random profile slug, never the e-mail. */
export const reviewerPath = (slug: string): string => `/reviewer/${encodeURIComponent(slug)}`;

/** The embeddable badge of an approved entity (GET /badge/{slug}.svg; `?theme=dark`). */
export const badgePath = (slug: string, theme: 'light' | 'dark' = 'light'): string =>
  `/badge/${encodeURIComponent(slug)}.svg${theme === 'dark' ? '?theme=dark' : ''}`;

/**
 * The link-preview picture of an entity's or an offer's page (og:image, GET /og/{kind}/{slug}.png;
 * docs/decisions/052-link-previews.md): a 1200 × 630 PNG.
 */
export const ogImagePath = (kind: 'entity' | 'offer', slug: string): string =>
  `/og/${kind}/${encodeURIComponent(slug)}.png`;

/** A review's own address: its entity's page, Reviews tab, scrolled to the review (docs/decisions/027). */
export const reviewPath = (slug: string, reviewId: string): string =>
  `${entityPath(slug)}?tab=reviews&review=${encodeURIComponent(reviewId)}`;

/** The other spellings of a page's address (the page table's, pages.ts). */
export { PAGE_ALIASES } from './pages';

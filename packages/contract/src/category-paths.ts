import { OFFER_CATEGORY_CHIPS, type EntityType } from './constants';

/**
 * The addresses of the category and compare pages (docs/decisions/055-categories-and-compare.md),
 * without a schema: the page table (pages.ts) and the web's links read them, and the landing's
 * bundle must not carry zod for a link.
 */

/** The category pages' first segment, one per entity type: `/networks/finance`. */
export const CATEGORY_TYPE_SEGMENTS = {
  network: 'networks',
  advertiser: 'advertisers',
  affiliate: 'affiliates',
} as const satisfies Record<EntityType, string>;
export type CategoryTypeSegment = (typeof CATEGORY_TYPE_SEGMENTS)[EntityType];

/** Every vertical of a type: the second segment that lists them all. */
export const ALL_VERTICALS = 'all';

/**
 * The verticals with a page: the offer category chips (docs/product/constants.md), by their
 * lower-cased name, the address's segment. A company's verticals are matched case-insensitively.
 */
export const CATEGORY_VERTICALS = OFFER_CATEGORY_CHIPS.filter((chip) => chip !== 'All').map(
  (label) => ({ slug: label.toLowerCase(), label }),
);
export const CATEGORY_VERTICAL_SLUGS = [
  ALL_VERTICALS,
  ...CATEGORY_VERTICALS.map((v) => v.slug),
] as const;

/** A vertical's label ('Finance'), or null for every vertical / an unknown one. */
export function verticalLabel(slug: string): string | null {
  return CATEGORY_VERTICALS.find((v) => v.slug === slug)?.label ?? null;
}

/** A category page's address: `/networks/finance`, `/advertisers/all`. */
export const categoryPath = (type: EntityType, vertical: string = ALL_VERTICALS): string =>
  `/${CATEGORY_TYPE_SEGMENTS[type]}/${encodeURIComponent(vertical)}`;

/** Every category page's address (the sitemap lists them: sitemap-paths.ts SITEMAP_PAGE_PATHS). */
export const CATEGORY_PATHS: readonly string[] = (
  Object.keys(CATEGORY_TYPE_SEGMENTS) as EntityType[]
).flatMap((type) => CATEGORY_VERTICAL_SLUGS.map((vertical) => categoryPath(type, vertical)));

/** The compare page's query parameter: `?c=slug,slug,slug`. */
export const COMPARE_PARAM = 'c';

/** The compare page's address for these slugs (`/compare` alone: the top networks). */
export const comparePath = (slugs: readonly string[] = []): string =>
  slugs.length === 0
    ? '/compare'
    : `/compare?${COMPARE_PARAM}=${slugs.map((s) => encodeURIComponent(s)).join(',')}`;

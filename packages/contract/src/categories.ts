import { z } from 'zod';
import { PAYOUT_TYPES, type EntityType } from './constants';
import { CATEGORY_TYPE_SEGMENTS } from './category-paths';
import { publicEntitySchema } from './entities';
import { trustSummarySchema } from './reviews';

/**
 * Categories and comparison (docs/decisions/055-categories-and-compare.md): companies of one type
 * and one vertical ranked by TrustScore, and up to three companies side by side.
 */

export * from './category-paths';

export const CATEGORY_LIMITS = {
  /** Companies a page shows. */
  pageSize: 20,
  /** The most a client may ask for in one page. */
  maxPageSize: 50,
  /** Pages past this are refused (a ranked list, not a crawl). */
  maxPage: 50,
  /** Companies compared at once. */
  compareMax: 3,
} as const;

/** Ours (docs/decisions/055): the API's messages of categories and comparison. */
export const CATEGORY_MESSAGES = {
  unknownVertical: 'No such category',
  compareTooMany: `Compare at most ${CATEGORY_LIMITS.compareMax} companies at a time`,
  compareNone: 'Name at least one company to compare',
  compareUnknown: 'Company not found',
  geo: 'GEO must be a country code such as US',
  minReviews: 'Minimum reviews must be a whole number from 0 to 10000',
} as const;

export const categoryParamsSchema = z.object({
  type: z.enum(Object.keys(CATEGORY_TYPE_SEGMENTS) as [EntityType, ...EntityType[]], {
    error: `Type must be one of ${Object.keys(CATEGORY_TYPE_SEGMENTS).join(', ')}`,
  }),
  vertical: z.string().trim().toLowerCase().max(40),
});

/** The filters of a category page (its address's query: ?geo=US&payout=CPA&min_reviews=5&page=2). */
export const categoryQuerySchema = z.object({
  geo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, CATEGORY_MESSAGES.geo)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  payout: z
    .enum(PAYOUT_TYPES, { error: `Payout model must be one of ${PAYOUT_TYPES.join(', ')}` })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  min_reviews: z.coerce
    .number({ error: CATEGORY_MESSAGES.minReviews })
    .int(CATEGORY_MESSAGES.minReviews)
    .min(0, CATEGORY_MESSAGES.minReviews)
    .max(10_000, CATEGORY_MESSAGES.minReviews)
    .default(0),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(CATEGORY_LIMITS.maxPage, `page must be at most ${CATEGORY_LIMITS.maxPage}`)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(CATEGORY_LIMITS.maxPageSize, `limit must be at most ${CATEGORY_LIMITS.maxPageSize}`)
    .default(CATEGORY_LIMITS.pageSize),
});
export type CategoryQuery = z.output<typeof categoryQuerySchema>;
/** The page's query parameters (the server renders and keeps the page under these alone). */
export const CATEGORY_QUERY_KEYS = ['geo', 'payout', 'min_reviews', 'page'] as const;

/** What a company's offers and own fields say it works in (docs/decisions/055). */
export const companyFacetsSchema = z.object({
  verticals: z.array(z.string()),
  geos: z.array(z.string()),
  payout_models: z.array(z.string()),
});
export type CompanyFacets = z.infer<typeof companyFacetsSchema>;

export const categoryCompanySchema = z.object({
  rank: z.number().int(),
  entity: publicEntitySchema,
  /** An active public warning stands (the entity page's rule): no 'Verified' beside it. */
  under_warning: z.boolean(),
  facets: companyFacetsSchema,
});
export type CategoryCompany = z.infer<typeof categoryCompanySchema>;

export const categoryResponseSchema = z.object({
  type: z.enum(Object.keys(CATEGORY_TYPE_SEGMENTS) as [EntityType, ...EntityType[]]),
  vertical: z.string(),
  /** 'Finance', or null for every vertical. */
  vertical_label: z.string().nullable(),
  companies: z.array(categoryCompanySchema),
  page: z.number().int(),
  limit: z.number().int(),
  has_next_page: z.boolean(),
});
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;

/** GET /compare?c=slug,slug,slug (1 to 3 slugs); without `c`, the three top-ranked networks. */
export const compareQuerySchema = z.object({
  c: z.string().trim().max(400).optional(),
});

export const comparedCompanySchema = z.object({
  /** With its active public warnings (always shown). */
  entity: publicEntitySchema,
  trust: trustSummarySchema,
  /** Published reviews by overall rating, [1★, 2★, 3★, 4★, 5★]. */
  rating_counts: z.array(z.number().int()),
  payment_terms: z.string().nullable(),
  minimum_payout: z.number().nullable(),
  facets: companyFacetsSchema,
  /** Its active, unexpired offers. */
  live_offers: z.number().int(),
});
export type ComparedCompany = z.infer<typeof comparedCompanySchema>;

export const compareResponseSchema = z.object({ companies: z.array(comparedCompanySchema) });
export type CompareResponse = z.infer<typeof compareResponseSchema>;

import { z } from 'zod';
import { COMPANY_TYPES, PAGE_SIZES } from './constants';
import { cappedPaginationSchema } from './entities';

export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Texts of docs/product/companies.md, docs/product/validation.md and docs/product/errors.md for the company database, shared by the API and the web app. */
export const COMPANY_MESSAGES = {
  loginRequired: 'Please log in to access the company database.',
  fetchFailed: 'Failed to fetch companies. Please try again later.',
  contactsFailed: 'Failed to fetch company contacts.',
  notFound: 'Company not found',
} as const;

export const COMPANY_LIMITS = {
  /** Bound of every company list (docs/architecture.md#cross-cutting-rules); the default is the spec's page size. */
  defaultLimit: PAGE_SIZES.companies,
  maxLimit: 100,
  /**
   * Deepest row a page may reach (page × limit). Deeper OFFSET scans cost more and more; a person
   * never pages that far, a scraper would. See docs/decisions/007-company-totals.md.
   */
  maxDepth: 10_000,
  /**
   * Totals of a search stop counting here (the answer then says totalIsCapped), and a search pages
   * no deeper than this: past it, narrowing the search is the way on.
   */
  totalCap: 1_000,
  searchMax: 100,
  /** Shorter company searches match the start of the name (no trigram to use for a substring). */
  substringMinLength: 3,
  /** Companies in the visitors' teaser (docs/decisions/053-phone-first-and-database-teaser.md). */
  teaserSize: 10,
  contactSearchMin: 3,
  contactSearchDefaultLimit: 20,
  contactSearchMaxLimit: 50,
  /** Contacts of one company in one answer. */
  contactsPerCompanyMax: 100,
  nameMax: 200,
  websiteMax: 2048,
  designationMax: 200,
  emailMax: 254,
  phoneMax: 40,
} as const;

/** 'Advertiser', 'advertiser', 'ADVERTISER' → 'Advertiser'; anything else → undefined. */
export function parseCompanyType(value: string): CompanyType | undefined {
  const v = value.trim().toLowerCase();
  return COMPANY_TYPES.find((t) => t.toLowerCase() === v);
}

const companyTypeParam = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((v, ctx): CompanyType | undefined => {
    if (!v || v.toLowerCase() === 'all') return undefined;
    const type = parseCompanyType(v);
    if (!type) {
      ctx.addIssue({
        code: 'custom',
        message: `type must be one of ${COMPANY_TYPES.join(', ')} (or all)`,
      });
      return z.NEVER;
    }
    return type;
  });

// eslint-disable-next-line no-control-regex -- the point is to refuse them
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
const searchText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .max(COMPANY_LIMITS.searchMax, `${name} must be at most ${COMPANY_LIMITS.searchMax} characters`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${name} contains characters that are not allowed`);

const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(COMPANY_LIMITS.maxDepth, 'page is too large')
  .default(1);

/** GET /affiliate-companies/fetch (docs/product/api.md#companies): page, limit (20), type, search. */
export const companyListQuerySchema = z
  .object({
    page: pageParam,
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(COMPANY_LIMITS.maxLimit, `limit must be at most ${COMPANY_LIMITS.maxLimit}`)
      .default(COMPANY_LIMITS.defaultLimit),
    type: companyTypeParam,
    search: searchText('search')
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((q) => q.page * q.limit <= COMPANY_LIMITS.maxDepth, {
    path: ['page'],
    message: `only the first ${COMPANY_LIMITS.maxDepth.toLocaleString('en-US')} results can be paged through; narrow the search or filter by type`,
  })
  .refine((q) => !q.search || q.page * q.limit <= COMPANY_LIMITS.totalCap, {
    path: ['page'],
    message: `only the first ${COMPANY_LIMITS.totalCap.toLocaleString('en-US')} results of a search can be paged through; narrow the search`,
  });
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

/** GET /affiliate-companies/contacts/search: q (company contacts by name or designation), type, page, limit. */
export const contactSearchQuerySchema = z
  .object({
    q: searchText('q').refine(
      (v) => v.length >= COMPANY_LIMITS.contactSearchMin,
      `q must be at least ${COMPANY_LIMITS.contactSearchMin} characters`,
    ),
    type: companyTypeParam,
    page: pageParam,
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(
        COMPANY_LIMITS.contactSearchMaxLimit,
        `limit must be at most ${COMPANY_LIMITS.contactSearchMaxLimit}`,
      )
      .default(COMPANY_LIMITS.contactSearchDefaultLimit),
  })
  .refine((q) => q.page * q.limit <= COMPANY_LIMITS.totalCap, {
    path: ['page'],
    message: `only the first ${COMPANY_LIMITS.totalCap.toLocaleString('en-US')} results of a search can be paged through; narrow the search`,
  });
export type ContactSearchQuery = z.input<typeof contactSearchQuerySchema>;

/** docs/product/data.md "Affiliate company" (affliate_id is spelled so). */
export const companySchema = z.object({
  affliate_id: z.string(),
  company_name: z.string(),
  website: z.string().nullable(),
  entity_type: z.enum(COMPANY_TYPES),
});
export type Company = z.infer<typeof companySchema>;

export const companyDetailSchema = companySchema.extend({
  contact_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/**
 * docs/product/data.md "Company contact". email and phone are present only for viewers with verified access
 * (docs/product/states.md, docs/product/roles.md); for everyone else the keys are absent from the response.
 */
export const contactSchema = z.object({
  contact_id: z.string(),
  full_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  designation: z.string().nullable(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const ACCESS_LEVELS = ['full', 'limited'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * docs/product/data.md "Company pagination", plus totalIsCapped when a search total stopped at the
 * cap (a lower bound: at least this many; see COMPANY_LIMITS.totalCap).
 */
export const companyPaginationSchema = cappedPaginationSchema;
export type CompanyPagination = z.infer<typeof companyPaginationSchema>;

export const companyListResponseSchema = z.object({
  data: z.array(companySchema),
  pagination: companyPaginationSchema,
});
export type CompanyListResponse = z.infer<typeof companyListResponseSchema>;

/**
 * A company of the visitors' teaser (docs/decisions/053-phone-first-and-database-teaser.md):
 * name, type and website, nothing else (no id to ask for contacts with, no contact field).
 */
export const companyTeaserSchema = z.strictObject({
  company_name: z.string(),
  website: z.string().nullable(),
  entity_type: z.enum(COMPANY_TYPES),
});
export type CompanyTeaser = z.infer<typeof companyTeaserSchema>;

/** GET /affiliate-companies/teaser: the first companies in name order and how many there are. */
export const companyTeaserResponseSchema = z.object({
  data: z.array(companyTeaserSchema).max(COMPANY_LIMITS.teaserSize),
  total: z.number().int().nonnegative(),
});
export type CompanyTeaserResponse = z.infer<typeof companyTeaserResponseSchema>;

export const companyDetailResponseSchema = z.object({ data: companyDetailSchema });
export type CompanyDetailResponse = z.infer<typeof companyDetailResponseSchema>;

export const companyContactsResponseSchema = z.object({
  data: z.array(contactSchema),
  /** What this viewer may see: full (with email and phone) or limited. */
  access: z.enum(ACCESS_LEVELS),
});
export type CompanyContactsResponse = z.infer<typeof companyContactsResponseSchema>;

export const contactSearchResultSchema = contactSchema.extend({ company: companySchema });
export type ContactSearchResult = z.infer<typeof contactSearchResultSchema>;

export const contactSearchResponseSchema = z.object({
  data: z.array(contactSearchResultSchema),
  pagination: companyPaginationSchema,
  access: z.enum(ACCESS_LEVELS),
});
export type ContactSearchResponse = z.infer<typeof contactSearchResponseSchema>;

/** Admin upload of the import CSV (the CLI takes a file path instead). */
export const companyImportBodySchema = z.object({
  csv: z
    .string({ error: 'csv is required' })
    .min(1, 'csv is required')
    .max(900_000, 'csv is too large for an upload; use the import:companies command'),
  /** Import the valid rows and report the rejected ones (default: all or nothing). */
  skip_invalid: z.boolean().default(false),
});

export const importRejectionSchema = z.object({
  line: z.number().int(),
  errors: z.array(z.string()),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const importReportSchema = z.object({
  rows: z.number().int(),
  companies: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
  contacts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
  rejected: z.array(importRejectionSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const companyImportResponseSchema = z.object({
  message: z.string(),
  report: importReportSchema,
});

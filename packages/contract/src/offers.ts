import { z } from 'zod';
import { DEFAULT_PAYOUT_TYPE, ENTITY_TYPES, OFFER_SORTS, PAYOUT_TYPES } from './constants';
import { cappedPaginationSchema } from './entities';
import {
  editableDateTime,
  editableText,
  optionalDateTime,
  optionalText,
  requiredText,
} from './fields';
import { isPublicWebUrl, PUBLIC_URL_MESSAGE, publicUrlMessage } from './public-url';
import { isEntityKey } from './paths';
import { trustContextSchema } from './trust-context';

/** 'private': runs for its partners, listed nowhere (docs/decisions/048-agreed-terms.md). */
export const OFFER_STATUSES = ['active', 'paused', 'closed', 'private'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_LIMITS = {
  titleMax: 200,
  categoryMax: 50,
  descriptionMax: 5000,
  requirementsMax: 5000,
  urlMax: 2048,
  geosMax: 60,
  /** Allowed and forbidden traffic types (docs/decisions/030): this many each, of this length. */
  trafficTypesMax: 30,
  trafficTypeMax: 60,
  /** A daily or monthly conversion cap. */
  capMax: 100_000_000,
  payoutMax: 1_000_000,
  pageDefault: 20,
  pageMax: 100,
  /** An entity's offers in one answer (GET /offers/entity/…/{id}): at most, and by default. */
  entityOffersMax: 200,
  /** The entity page's Offers tab (ours): a first page, then a link to the filtered explorer. */
  entityPageOffers: 12,
  /** The deepest page number the explorer may ask for (a bound on OFFSET). */
  pageNumberMax: 500,
  titleSearchMax: 100,
  /** Words of a search beyond this are ignored (docs/decisions/028-offer-word-search.md). */
  searchWordsMax: 8,
  /** The last word typed is matched as a prefix from this many letters on. */
  prefixFromLetters: 3,
  /** 'Best match' ranks the newest matches up to here (the count cap's bound). */
  rankWindow: 1_000,
  /** The explorer's total stops counting here ("1,000+"; docs/decisions/006-capped-totals.md). */
  countCap: 1_000,
} as const;

export const OFFER_MESSAGES = {
  created: 'Offer created successfully!',
  updated: 'Offer updated successfully.',
  deleted: 'Offer deleted successfully.',
  statusChanged: 'Offer status updated.',
  notFound: 'Offer not found',
  onlyOwners: 'Only advertisers and networks can create offers.',
  noEntity: 'User not properly authenticated',
  entityNotApproved: 'Your entity must be approved before it can publish offers.',
  notOwner: 'You can only change offers of your own entity.',
  ownOffer: 'You cannot apply to your own offer.',
  offerUnavailable: 'This offer is not available any more.',
  secretRotated: 'New postback secret created. The old one no longer works: update your tracker.',
} as const;

/** ISO-3166 alpha-2 style codes: two letters, stored upper-case. */
export const geoCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'GEO codes must be two-letter country codes such as US, GB, DE');

/** A conversion cap: a whole number above 0, or empty / null for none. */
const capSchema = (label: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      z
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .positive(`${label} must be more than 0`)
        .max(OFFER_LIMITS.capMax, `${label} is too large`),
    ])
    .optional()
    .transform((v) => (v === '' ? null : v));

/** Traffic types (e.g. Email, Push, Brand bidding): trimmed, unique, case kept. */
const trafficTypesSchema = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, `${label} cannot be empty`)
        .max(
          OFFER_LIMITS.trafficTypeMax,
          `${label} must be at most ${OFFER_LIMITS.trafficTypeMax} characters each`,
        ),
      { error: `${label} must be a list` },
    )
    .max(OFFER_LIMITS.trafficTypesMax, `${label}: at most ${OFFER_LIMITS.trafficTypesMax}`)
    .transform((types) => [...new Set(types)]);

const percentString = /^(100|[1-9]?\d)(\.\d{1,2})?%$/;

/** Payout: a number ≥ 0 with at most 2 decimals, or for RevShare a percentage string like "40%". */
export const payoutValueSchema = z.union([
  z
    .number({ error: 'Payout value must be a number' })
    .min(0, 'Payout value cannot be negative')
    .max(OFFER_LIMITS.payoutMax, 'Payout value is too large')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'Payout value may have at most 2 decimals',
    }),
  z
    .string()
    .trim()
    .regex(percentString, 'A percentage payout must look like 40% (0–100, up to 2 decimals)'),
]);

const offerFields = {
  title: requiredText(OFFER_LIMITS.titleMax, 'Offer title'),
  category: requiredText(OFFER_LIMITS.categoryMax, 'Category'),
  description: requiredText(OFFER_LIMITS.descriptionMax, 'Description'),
  target_geo: z
    .array(geoCodeSchema, { error: 'Target GEOs must be a list of country codes' })
    .min(1, 'At least one target GEO is required')
    .max(OFFER_LIMITS.geosMax, `At most ${OFFER_LIMITS.geosMax} GEOs`)
    .transform((codes) => [...new Set(codes)]),
  payout_type: z.enum(PAYOUT_TYPES, {
    error: `Payout type must be one of ${PAYOUT_TYPES.join(', ')}`,
  }),
  payout_value: payoutValueSchema,
  landing_page_url: z
    .string({ error: 'Landing page URL is required' })
    .trim()
    .max(OFFER_LIMITS.urlMax, 'Landing page URL is too long')
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: 'Landing page URL must be a valid URL (http:// or https://)',
      }),
    )
    .refine(isPublicWebUrl, PUBLIC_URL_MESSAGE),
  requirements: optionalText(OFFER_LIMITS.requirementsMax, 'Requirements'),
  /**
   * Where /go/ sends visitors while a cap is reached (docs/decisions/049): the landing page's
   * public-web rule. Empty or null: none (on an edit, clears it).
   */
  fallback_url: z
    .union([
      z.literal('').transform(() => null),
      z.null(),
      z
        .string({ error: 'Fallback URL must be text' })
        .trim()
        .max(OFFER_LIMITS.urlMax, 'Fallback URL is too long')
        .pipe(
          z.url({
            protocol: /^https?$/,
            error: 'Fallback URL must be a valid URL (http:// or https://)',
          }),
        )
        .refine(isPublicWebUrl, publicUrlMessage('Fallback URL')),
    ])
    .optional(),
  daily_cap: capSchema('Daily cap'),
  monthly_cap: capSchema('Monthly cap'),
  traffic_allowed: trafficTypesSchema('Allowed traffic types'),
  traffic_forbidden: trafficTypesSchema('Forbidden traffic types'),
  expires_at: optionalDateTime('Expires at'),
};

function payoutRule(v: { payout_type?: string | undefined; payout_value?: unknown }) {
  return typeof v.payout_value !== 'string' || v.payout_type === 'RevShare';
}
const payoutRuleMessage = {
  message: 'A percentage payout is only for RevShare; give other payout types a number',
  path: ['payout_value'],
};
function futureRule(v: { expires_at?: string | null | undefined }) {
  return !v.expires_at || new Date(v.expires_at).getTime() > Date.now();
}
const futureRuleMessage = { message: 'Expires at must be in the future', path: ['expires_at'] };
export function trafficRule(v: {
  traffic_allowed?: string[] | undefined;
  traffic_forbidden?: string[];
}) {
  const allowed = new Set((v.traffic_allowed ?? []).map((t) => t.toLowerCase()));
  return !(v.traffic_forbidden ?? []).some((t) => allowed.has(t.toLowerCase()));
}
export const trafficRuleMessage = {
  message: 'A traffic type cannot be both allowed and forbidden',
  path: ['traffic_forbidden'],
};
export function capsRule(v: { daily_cap?: number | null; monthly_cap?: number | null }) {
  return !v.daily_cap || !v.monthly_cap || v.daily_cap <= v.monthly_cap;
}
export const capsRuleMessage = {
  message: 'The daily cap cannot be above the monthly cap',
  path: ['daily_cap'],
};

/** Create offer (docs/product/validation.md): entity_id comes from the session, never from the body. */
export const offerCreateSchema = z
  .object({
    ...offerFields,
    payout_type: offerFields.payout_type.default(DEFAULT_PAYOUT_TYPE),
    traffic_allowed: offerFields.traffic_allowed.default([]),
    traffic_forbidden: offerFields.traffic_forbidden.default([]),
  })
  .refine(payoutRule, payoutRuleMessage)
  .refine(futureRule, futureRuleMessage)
  .refine(trafficRule, trafficRuleMessage)
  .refine(capsRule, capsRuleMessage);
export type OfferCreateInput = z.input<typeof offerCreateSchema>;

export const offerUpdateSchema = z
  .object({
    title: offerFields.title.optional(),
    category: offerFields.category.optional(),
    description: offerFields.description.optional(),
    target_geo: offerFields.target_geo.optional(),
    payout_type: offerFields.payout_type.optional(),
    payout_value: payoutValueSchema.optional(),
    landing_page_url: offerFields.landing_page_url.optional(),
    // Absent: unchanged (an empty value or null clears the requirements, a cap or the expiry).
    requirements: editableText(OFFER_LIMITS.requirementsMax, 'Requirements'),
    fallback_url: offerFields.fallback_url,
    daily_cap: offerFields.daily_cap,
    monthly_cap: offerFields.monthly_cap,
    traffic_allowed: offerFields.traffic_allowed.optional(),
    traffic_forbidden: offerFields.traffic_forbidden.optional(),
    expires_at: editableDateTime('Expires at'),
  })
  .refine(futureRule, futureRuleMessage)
  .refine(trafficRule, trafficRuleMessage)
  .refine(capsRule, capsRuleMessage);

export const offerStatusBodySchema = z.object({
  status: z.enum(OFFER_STATUSES, { error: `Status must be one of ${OFFER_STATUSES.join(', ')}` }),
});

const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).filter((x) => x !== '')),
    z.array(item).max(OFFER_LIMITS.geosMax).optional(),
  );

/** The explorer's sorts (docs/decisions/028): 'best' ranks word matches, then newest. */
export { OFFER_SORTS };
export type OfferSort = (typeof OFFER_SORTS)[number];

const payoutBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(OFFER_LIMITS.payoutMax, `${name} is too large`)
    .optional();

/** The explorer's filters and sort, without paging: what a saved search keeps. */
export const offerFiltersSchema = z.object({
  title: z.string().trim().max(OFFER_LIMITS.titleSearchMax, 'title is too long').optional(),
  geo: repeated(geoCodeSchema),
  category: repeated(z.string().trim().min(1).max(OFFER_LIMITS.categoryMax)),
  payout_type: repeated(
    z.enum(PAYOUT_TYPES, { error: `payout_type must be one of ${PAYOUT_TYPES.join(', ')}` }),
  ),
  /**
   * One advertiser or network (the picker: GET /entities/public?search=), by its slug (an old
   * one too), or by its id as links made before slugs have it (docs/decisions/052).
   */
  entity: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isEntityKey, "entity must be an advertiser's slug or id")
    .optional(),
  /** A money payout from … to … (RevShare percentages have none, so a range leaves them out). */
  payout_min: payoutBound('payout_min'),
  payout_max: payoutBound('payout_max'),
  sort: z
    .enum(OFFER_SORTS, { error: `sort must be one of ${OFFER_SORTS.join(', ')}` })
    .default('newest'),
});

const payoutRangeRule = {
  check: (q: { payout_min?: number | undefined; payout_max?: number | undefined }) =>
    q.payout_min === undefined || q.payout_max === undefined || q.payout_min <= q.payout_max,
  message: { message: 'payout_min must not be above payout_max', path: ['payout_max'] },
};
export const offerFiltersRefined = offerFiltersSchema.refine(
  payoutRangeRule.check,
  payoutRangeRule.message,
);
export type OfferFiltersInput = z.input<typeof offerFiltersSchema>;
export type OfferFiltersOutput = z.output<typeof offerFiltersSchema>;

export const offersQuerySchema = offerFiltersSchema
  .extend({
    page: z.coerce
      .number()
      .int()
      .min(1, 'page must be 1 or more')
      .max(OFFER_LIMITS.pageNumberMax, 'page is too large')
      .default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(OFFER_LIMITS.pageMax, `limit must be at most ${OFFER_LIMITS.pageMax}`)
      .default(OFFER_LIMITS.pageDefault),
  })
  .refine(payoutRangeRule.check, payoutRangeRule.message);

/** GET /offers/entity/public/{id}: `limit` newest offers (all, up to the bound, by default). */
export const entityOffersQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(OFFER_LIMITS.entityOffersMax, `limit must be at most ${OFFER_LIMITS.entityOffersMax}`)
    .default(OFFER_LIMITS.entityOffersMax),
});
export type EntityOffersQuery = z.infer<typeof entityOffersQuerySchema>;

export const offerSchema = z.object({
  offer_id: z.string(),
  /** Its address is /offer/{slug} (paths.ts offerPath): the title's words and a short id. */
  slug: z.string(),
  entity_id: z.string(),
  entity_slug: z.string(),
  entity_name: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  target_geo: z.array(z.string()),
  payout_type: z.enum(PAYOUT_TYPES),
  payout_value: z.union([z.number(), z.string(), z.null()]),
  landing_page_url: z.string(),
  requirements: z.string().nullable(),
  /** Conversion caps (null: none) and traffic rules (docs/decisions/030). */
  daily_cap: z.number().int().nullable().optional(),
  monthly_cap: z.number().int().nullable().optional(),
  traffic_allowed: z.array(z.string()).optional(),
  traffic_forbidden: z.array(z.string()).optional(),
  expires_at: z.string().nullable(),
  offer_status: z.enum(OFFER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Only for the owning entity's users and admins. */
  click_count: z.number().int().optional(),
  conversion_count: z.number().int().optional(),
  /** Sum of the postbacks' payouts (EPC = payout_total / click_count); owners and admins. */
  payout_total: z.number().optional(),
  /** The secret the owner's tracker sends with each postback (docs/postback.md); owners only. */
  postback_secret: z.string().optional(),
  /** Where /go/ sends visitors while a cap is reached (decision 049); owners only. */
  fallback_url: z.string().nullable().optional(),
});
export type Offer = z.infer<typeof offerSchema>;

/** An offer with its owner's trust context (the landing's Top Performing Offers; decision 051). */
export const trustedOfferSchema = offerSchema.extend({ entity_trust: trustContextSchema });
export type TrustedOffer = z.infer<typeof trustedOfferSchema>;

/**
 * An offer as the explorer's pages list it (GET /offers/fetch_all): what its card shows (title,
 * owner, category, GEOs, payout) with the owner's trust context (TrustScore, warning, verified:
 * docs/decisions/051-trust-context.md), not the whole
 * offer. The offer's page loads the rest (GET /offers/{id}). A page of 20 whole offers is about
 * 17 KB to read, shape and send, most of it what no card shows; a card is under half of it
 * (docs/decisions/043-explorer-cards.md).
 */
export const explorerOfferSchema = offerSchema
  .pick({
    offer_id: true,
    slug: true,
    entity_id: true,
    entity_slug: true,
    entity_name: true,
    entity_type: true,
    title: true,
    category: true,
    target_geo: true,
    payout_type: true,
    payout_value: true,
    // Caps and traffic rules, compact on the card (docs/decisions/048-agreed-terms.md).
    daily_cap: true,
    monthly_cap: true,
    traffic_allowed: true,
    traffic_forbidden: true,
  })
  .extend({
    /** The owner's TrustScore (null before its first published review), warning and verification. */
    entity_trust: trustContextSchema,
  })
  .strict();
export type ExplorerOffer = z.infer<typeof explorerOfferSchema>;

/**
 * `pagination.total` stops counting at OFFER_LIMITS.countCap; `totalIsCapped` says so. A capped
 * total is the cap, or the offers up to this page when they are more.
 */
export const offersResponseSchema = z
  .object({
    offers: z.array(explorerOfferSchema),
    pagination: cappedPaginationSchema.optional(),
    /** When a word search finds nothing: the same search with its words' likely spelling. */
    suggestion: z.string().nullable().optional(),
    /**
     * When a word search finds nothing as typed but does with two words joined or one split
     * ("keto slim" → "ketoslim"): the search whose offers these are (docs/decisions/028).
     */
    respelled: z.string().nullable().optional(),
    /**
     * When a word search finds nothing: an advertiser or network named like it that has offers
     * under the other filters ("Offers by BlockReach Media": the `entity` filter, by its slug).
     */
    publisher: z
      .object({ entity_id: z.uuid(), slug: z.string(), name: z.string() })
      .nullable()
      .optional(),
  })
  .refine(
    ({ offers, pagination: p }) =>
      !p?.totalIsCapped ||
      p.total === Math.max(OFFER_LIMITS.countCap, (p.page - 1) * p.limit + offers.length),
    {
      message: `A capped total is ${OFFER_LIMITS.countCap} or the offers up to this page`,
      path: ['pagination', 'total'],
    },
  );
export type OffersResponse = z.infer<typeof offersResponseSchema>;

/** Responses of the other /offers routes; the web uses the inferred types. */
export const offerListResponseSchema = z.object({ offers: z.array(offerSchema) });
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;
export const offerResponseSchema = z.object({ offer: offerSchema });
export type OfferResponse = z.infer<typeof offerResponseSchema>;
export const offerWithMessageResponseSchema = z.object({ message: z.string(), offer: offerSchema });
export type OfferWithMessageResponse = z.infer<typeof offerWithMessageResponseSchema>;

/** POST /offers/{id}/postback-secret: a new secret for the owner's tracker (the old one stops). */
export const postbackSecretResponseSchema = z.object({
  message: z.string(),
  postback_secret: z.string(),
});
export type PostbackSecretResponse = z.infer<typeof postbackSecretResponseSchema>;

import { z } from 'zod';
import {
  ENTITY_FILTER_VALUES,
  ENTITY_TYPES,
  PAYOUT_TYPES,
  VERIFICATION_STATUSES,
} from './constants';
import { isPublicWebUrl, publicUrlMessage } from './public-url';
import { publicWarningSchema } from './warnings';

export const ENTITY_LIMITS = {
  nameMax: 200,
  emailMax: 254,
  urlMax: 2048,
  descriptionMax: 5000,
  notesMax: 5000,
  contactMax: 300,
  shortTextMax: 200,
  listMax: 50,
  listItemMax: 100,
} as const;

/** Messages of docs/product/validation.md and docs/product/errors.md for entities, shared by the form and the API. */
export const ENTITY_MESSAGES = {
  contactMethodRequired:
    'Please provide at least one contact method (Phone, Teams, LinkedIn, Telegram, Address, or Skype).',
  registrationSubmitted:
    'Entity registration submitted successfully! We will reach out to you shortly.',
  registrationFailed: 'Entity registration failed. Please check your input and try again.',
  notFound: 'Entity not found',
} as const;

export const CONTACT_METHODS = [
  'phone',
  'teams',
  'linkedin',
  'telegram',
  'address',
  'skype',
] as const;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const requiredText = (max: number, label: string) =>
  text(max, label).min(1, `${label} is required`);
/** Optional text: empty strings and null become null. */
const optionalText = (max: number, label: string) =>
  text(max, label)
    .nullish()
    .transform((v) => (v ? v : null));
const url = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(ENTITY_LIMITS.urlMax, `${label} is too long`)
    .pipe(
      z.url({ protocol: /^https?$/, error: `${label} must be a valid URL (http:// or https://)` }),
    );
const optionalUrl = (label: string) =>
  z
    .union([z.literal(''), z.null(), url(label)])
    .optional()
    .transform((v) => (v ? v : null));
/**
 * An optional URL we send visitors to (the sign-up page 'Join' redirects to): on the public web
 * only, the one rule of ./public-url (docs/decisions/025-marketplace-loop-safety.md).
 */
const optionalPublicUrl = (label: string) =>
  z
    .union([z.literal(''), z.null(), url(label).refine(isPublicWebUrl, publicUrlMessage(label))])
    .optional()
    .transform((v) => (v ? v : null));
const list = (label: string) =>
  z
    .array(text(ENTITY_LIMITS.listItemMax, label), { error: `${label} must be a list` })
    .max(ENTITY_LIMITS.listMax, `${label} may have at most ${ENTITY_LIMITS.listMax} items`)
    .transform((items) => [...new Set(items.filter(Boolean))])
    .optional();
const commission = z
  .number({ error: 'Referral commission must be a number' })
  .min(0, 'Referral commission must be between 0 and 1 (0.1 means 10%)')
  .max(1, 'Referral commission must be between 0 and 1 (0.1 means 10%)')
  .nullish();

export const contactInfoSchema = z.object({
  email: z
    .union([z.literal(''), z.null(), z.email('Contact email must be a valid email address')])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone: optionalText(ENTITY_LIMITS.contactMax, 'Phone'),
  teams: optionalText(ENTITY_LIMITS.contactMax, 'Teams'),
  linkedin: optionalText(ENTITY_LIMITS.contactMax, 'LinkedIn'),
  telegram: optionalText(ENTITY_LIMITS.contactMax, 'Telegram'),
  address: optionalText(ENTITY_LIMITS.contactMax, 'Address'),
  skype: optionalText(ENTITY_LIMITS.contactMax, 'Skype'),
});
export type ContactInfo = z.output<typeof contactInfoSchema>;

export const advertiserMetadataSchema = z.object({
  company_name: optionalText(ENTITY_LIMITS.shortTextMax, 'Company name'),
  program_name: optionalText(ENTITY_LIMITS.shortTextMax, 'Program name'),
  program_category: optionalText(ENTITY_LIMITS.shortTextMax, 'Program category'),
  signup_url: optionalPublicUrl('Signup URL'),
  industries: list('Industries'),
  founded_year: z
    .number({ error: 'Founded year must be a number' })
    .int('Founded year must be a whole number')
    .min(1800, 'Founded year must be 1800 or later')
    .max(new Date().getFullYear(), 'Founded year cannot be in the future')
    .nullish(),
  social_media: z
    .object({
      facebook: optionalUrl('Facebook URL'),
      twitter: optionalUrl('Twitter URL'),
      linkedin: optionalUrl('LinkedIn URL'),
    })
    .nullish(),
  payout_types: z
    .array(z.enum(PAYOUT_TYPES, { error: `Payout types must be among ${PAYOUT_TYPES.join(', ')}` }))
    .max(PAYOUT_TYPES.length)
    .transform((items) => [...new Set(items)])
    .optional(),
  payment_terms: optionalText(ENTITY_LIMITS.shortTextMax, 'Payment terms'),
  referral_commission: commission,
});

export const affiliateMetadataSchema = z.object({
  verticals: list('Verticals'),
  monthly_revenue: optionalText(ENTITY_LIMITS.shortTextMax, 'Monthly revenue'),
  traffic_provided_geos: list('Traffic GEOs'),
  reference_details: z
    .object({
      name: optionalText(ENTITY_LIMITS.shortTextMax, 'Reference name'),
      contact: optionalText(ENTITY_LIMITS.shortTextMax, 'Reference contact'),
      company: optionalText(ENTITY_LIMITS.shortTextMax, 'Reference company'),
    })
    .nullish(),
});

export const networkMetadataSchema = z.object({
  network_name: optionalText(ENTITY_LIMITS.shortTextMax, 'Network name'),
  signup_url: optionalPublicUrl('Signup URL'),
  tracking_platform: optionalText(ENTITY_LIMITS.shortTextMax, 'Tracking platform'),
  supported_models: list('Payment models'),
  verticals: list('Verticals'),
  payment_terms: optionalText(ENTITY_LIMITS.shortTextMax, 'Payment terms'),
  offers_available: z
    .number({ error: 'Offers available must be a number' })
    .int('Offers available must be a whole number')
    .min(0, 'Offers available cannot be negative')
    .max(10_000_000)
    .nullish(),
  minimum_payout: z
    .number({ error: 'Minimum payout must be a number' })
    .min(0, 'Minimum payout cannot be negative')
    .max(1_000_000_000)
    .nullish(),
  referral_commission: commission,
});

export const METADATA_SCHEMAS = {
  advertiser: advertiserMetadataSchema,
  affiliate: affiliateMetadataSchema,
  network: networkMetadataSchema,
} as const;

const commonFields = {
  name: requiredText(ENTITY_LIMITS.nameMax, 'Name'),
  email: z
    .string({ error: 'Primary email is required' })
    .trim()
    .min(1, 'Primary email is required')
    .max(ENTITY_LIMITS.emailMax, 'Primary email is too long')
    .pipe(z.email('Primary email must be a valid email address'))
    .transform((e) => e.toLowerCase()),
  website_url: url('Website URL'),
  description: requiredText(ENTITY_LIMITS.descriptionMax, 'Description'),
  image_url: optionalUrl('Image URL'),
  additional_notes: optionalText(ENTITY_LIMITS.notesMax, 'Additional notes'),
  country: optionalText(100, 'Country'),
  contact_info: contactInfoSchema.prefault({}),
};

function hasContactMethod(info: ContactInfo | undefined): boolean {
  return CONTACT_METHODS.some((m) => Boolean(info?.[m]));
}

const contactRule = {
  message: ENTITY_MESSAGES.contactMethodRequired,
  path: ['contact_info'],
};

/** Entity registration (docs/product/entities.md#registration, docs/product/data.md, docs/product/validation.md): common fields plus the metadata of the chosen type. */
export const entityRegistrationSchema = z
  .discriminatedUnion(
    'entity_type',
    [
      z.object({
        entity_type: z.literal('advertiser'),
        ...commonFields,
        entity_metadata: advertiserMetadataSchema.prefault({}),
      }),
      z.object({
        entity_type: z.literal('affiliate'),
        ...commonFields,
        entity_metadata: affiliateMetadataSchema.prefault({}),
      }),
      z.object({
        entity_type: z.literal('network'),
        ...commonFields,
        entity_metadata: networkMetadataSchema.prefault({}),
      }),
    ],
    { error: `Entity type must be one of ${ENTITY_TYPES.join(', ')}` },
  )
  .refine((v) => hasContactMethod(v.contact_info), contactRule);
export type EntityRegistrationInput = z.input<typeof entityRegistrationSchema>;
export type EntityRegistration = z.output<typeof entityRegistrationSchema>;

/**
 * Update by an owner or admin. Status, type and counters are not part of it (they have their own
 * rules); metadata is checked against the entity's type by the server.
 */
export const entityUpdateSchema = z
  .object({
    // Name, website and email of an approved entity change only after an admin accepts them.
    name: commonFields.name.optional(),
    website_url: commonFields.website_url.optional(),
    website: commonFields.website_url.optional(),
    email: commonFields.email.optional(),
    description: commonFields.description.optional(),
    image_url: commonFields.image_url,
    additional_notes: commonFields.additional_notes,
    country: commonFields.country,
    contact_info: contactInfoSchema.optional(),
    entity_metadata: z.record(z.string(), z.unknown()).optional(),
    // Present only so that a request trying to change them is refused, not silently ignored.
    verification_status: z.unknown().optional(),
    entity_type: z.unknown().optional(),
    reputation_score: z.unknown().optional(),
    total_reviews: z.unknown().optional(),
    user_account_created: z.unknown().optional(),
  })
  .refine((v) => v.contact_info === undefined || hasContactMethod(v.contact_info), contactRule);
export type EntityUpdateInput = z.input<typeof entityUpdateSchema>;

export const verificationUpdateSchema = z.object({
  verification_status: z.enum(VERIFICATION_STATUSES, {
    error: `Verification status must be one of ${VERIFICATION_STATUSES.join(', ')}`,
  }),
});

/** Entity as anyone may see it. */
export const publicEntitySchema = z.object({
  entity_id: z.string(),
  /** Its address is /entity/{slug} (paths.ts entityPath); a rename keeps the old one as a 301. */
  slug: z.string(),
  name: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  website: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  country: z.string().nullable(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  reputation_score: z.number(),
  total_reviews: z.number().int(),
  offer_count: z.number().int(),
  entity_metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  /** Active public warnings (docs/decisions/012); given with the single entity read, not with lists. */
  public_warnings: z.array(publicWarningSchema).optional(),
});
export type PublicEntity = z.infer<typeof publicEntitySchema>;

/** Entity as its own users and admins see it. */
/**
 * An owner's change to name, website, email or sign-up URL (entity_metadata.signup_url) waiting
 * for an admin (null: that field unchanged). The entity keeps showing its approved values, and
 * 'Join' keeps sending visitors to the approved sign-up page, until the change is accepted.
 */
export const entityPendingChangeSchema = z.object({
  name: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  signup_url: z.string().nullable(),
  requested_at: z.string(),
});
export type EntityPendingChange = z.infer<typeof entityPendingChangeSchema>;

export const ENTITY_CHANGE_DECISIONS = ['accept', 'reject'] as const;
export type EntityChangeDecision = (typeof ENTITY_CHANGE_DECISIONS)[number];
export const entityChangeDecisionSchema = z.object({
  decision: z.enum(ENTITY_CHANGE_DECISIONS, {
    error: `Decision must be one of ${ENTITY_CHANGE_DECISIONS.join(', ')}`,
  }),
});

export const entitySchema = publicEntitySchema.extend({
  email: z.string().nullable(),
  additional_notes: z.string().nullable(),
  contact_info: z.record(z.string(), z.string().nullable()),
  user_account_created: z.boolean(),
  source: z.enum(['registration', 'review']),
  /** Always sent by the API (null when nothing waits); optional for older clients' fixtures. */
  pending_change: entityPendingChangeSchema.nullable().optional(),
  /** Visitors 'Join' sent to the entity's own sign-up page (docs/decisions/026); its users and admins only. */
  join_click_count: z.number().int().optional(),
});
export type Entity = z.infer<typeof entitySchema>;

export const pageQuerySchema = (defaultLimit: number, maxLimit: number) =>
  z.object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100_000, 'page is too large')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
  });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A pagination whose total may stop counting at a cap: `totalIsCapped` says it is a lower bound. */
export const cappedPaginationSchema = paginationSchema.extend({ totalIsCapped: z.boolean() });

/** GET /entities/public: approved entities, by type and/or name (pickers and directories). */
export const publicEntitiesQuerySchema = z.object({
  entity_type: z.enum(ENTITY_TYPES).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type PublicEntitiesQuery = z.output<typeof publicEntitiesQuerySchema>;

export const entityTypeParamsSchema = z.object({ type: z.enum(ENTITY_TYPES) });

/** Responses of the /entities routes; the web uses the inferred types. */
export const entityRegisterResponseSchema = z.object({
  message: z.string(),
  entity: publicEntitySchema,
});
export type EntityRegisterResponse = z.infer<typeof entityRegisterResponseSchema>;
export const publicEntitiesResponseSchema = z.object({ entities: z.array(publicEntitySchema) });
export type PublicEntitiesResponse = z.infer<typeof publicEntitiesResponseSchema>;
export const publicEntityResponseSchema = z.object({ entity: publicEntitySchema });
export type PublicEntityResponse = z.infer<typeof publicEntityResponseSchema>;
export const publicEntitiesPageResponseSchema = z.object({
  entities: z.array(publicEntitySchema),
  pagination: paginationSchema,
});
export type PublicEntitiesPageResponse = z.infer<typeof publicEntitiesPageResponseSchema>;
export const entitiesPageResponseSchema = z.object({
  entities: z.array(entitySchema),
  pagination: paginationSchema,
});
export type EntitiesPageResponse = z.infer<typeof entitiesPageResponseSchema>;
export const entityResponseSchema = z.object({ entity: entitySchema });
export type EntityResponse = z.infer<typeof entityResponseSchema>;
export const entityWithMessageResponseSchema = z.object({
  message: z.string(),
  entity: entitySchema,
});
export type EntityWithMessageResponse = z.infer<typeof entityWithMessageResponseSchema>;

/** GET /entities (admin): all entities, paged, filterable by verification status. */
export const adminEntitiesQuerySchema = pageQuerySchema(100, 500).extend({
  verification_status: z.enum(ENTITY_FILTER_VALUES).optional(),
});

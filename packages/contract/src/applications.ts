import { z } from 'zod';
import { capLeftSchema } from './conversions';
import { ENTITY_TYPES, PAYOUT_TYPES } from './constants';
import { paginationSchema } from './entities';
import { optionalText } from './fields';
import { trustContextSchema } from './trust-context';

/**
 * Applications to run an offer (docs/decisions/014): pending → approved | rejected, or withdrawn; an approved
 * one can be revoked by the offer's owner or an admin (docs/decisions/025), which stops its tracking link.
 */
export const APPLICATION_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'revoked',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The entity types that run offers and may apply. */
export const APPLICANT_TYPES = ['affiliate', 'network'] as const;

export const APPLICATION_LIMITS = {
  messageMax: 1000,
  trafficSourcesMax: 500,
  noteMax: 1000,
  pageDefault: 20,
  pageMax: 100,
  pageNumberMax: 500,
} as const;

/**
 * Where an application's payout came from (docs/decisions/048-agreed-terms.md): the offer's own,
 * an accepted bid (counter offer), or the owner's override for this one partner.
 */
export const TERMS_SOURCES = ['offer', 'bid', 'override'] as const;
export type TermsSource = (typeof TERMS_SOURCES)[number];

/** The payout an application pays: its model, its value (money; RevShare: a percentage), source. */
export const agreedTermsSchema = z.object({
  payout_type: z.enum(PAYOUT_TYPES),
  /** Null only when the offer itself names no value. */
  payout_value: z.number().nullable(),
  source: z.enum(TERMS_SOURCES),
});
export type AgreedTerms = z.infer<typeof agreedTermsSchema>;

export const APPLICATION_MESSAGES = {
  applied: (owner: string) =>
    `Application sent to ${owner}. You will be notified when they approve or reject it.`,
  alreadyOpen:
    'You already have an open application for this offer. Find it under My Applications on your dashboard.',
  onlyRunners: 'Only affiliates and networks with an approved company can apply to offers.',
  entityNotApproved: 'Your company must be approved before it can apply to offers.',
  notFound: 'Application not found',
  notOwner: 'Only the offer’s owner or an admin can decide this application.',
  notApplicant: 'Only the applying company can withdraw this application.',
  notPending: 'This application has already been decided or withdrawn.',
  approved: 'Application approved. The applicant now has a tracking link.',
  rejected: 'Application rejected.',
  withdrawn: 'Application withdrawn.',
  revoked: 'Application revoked. Its tracking link no longer works.',
  notApproved: 'Only an approved application can be revoked.',
  revokeNoteRequired:
    'Please say why you revoke this application (the note is sent to the applicant).',
  tooManyApplications: (perDay: number) =>
    `You can apply to this offer at most ${perDay} times a day. Please try again tomorrow.`,
  termsByOwnerOnly: 'Only the offer’s owner can set a partner’s payout.',
  termsNeedApproved: 'A partner’s payout can be set on an approved application only.',
  termsSet: 'Payout for this partner saved.',
  termsRevSharePercent: 'A RevShare payout is a percentage of at most 100.',
} as const;

export const POSTBACK_MESSAGES = {
  recorded: 'Conversion recorded.',
  duplicate: 'This click has already converted; nothing was changed.',
  missing: 'click_id and secret are required.',
  unknownClick: 'Unknown click_id.',
  wrongSecret: 'Wrong postback secret for this offer.',
  badPayout: 'payout must be a number of 0 or more with at most 2 decimals.',
  overCap: "Conversion recorded past the offer's cap: it is not paid.",
  duplicateOverCap:
    "This click has already converted past the offer's cap (not paid); nothing was changed.",
  test: 'Test conversion received: marked test, never paid and never counted.',
} as const;

/** POST /offers/{id}/click: the body is optional; the applying entity comes from the session. */
export const applyBodySchema = z
  .object({
    message: optionalText(APPLICATION_LIMITS.messageMax, 'Message'),
    /** Where the applicant will send traffic (docs/decisions/027: 'Run This Offer' asks for it). */
    traffic_sources: optionalText(APPLICATION_LIMITS.trafficSourcesMax, 'Traffic sources'),
  })
  .nullish()
  .transform((v) => ({ message: v?.message ?? null, traffic_sources: v?.traffic_sources ?? null }));
export type ApplyInput = z.input<typeof applyBodySchema>;

/**
 * PUT /offers/applications/{id}: the owner approves or rejects, the applicant withdraws; the owner
 * (or an admin) revokes an approved application, with a note.
 */
export const applicationDecisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'withdrawn', 'revoked'], {
      error: 'Status must be one of approved, rejected, withdrawn, revoked',
    }),
    note: optionalText(APPLICATION_LIMITS.noteMax, 'Note'),
  })
  .refine((v) => v.status !== 'revoked' || v.note !== null, {
    message: APPLICATION_MESSAGES.revokeNoteRequired,
    path: ['note'],
  });
export type ApplicationDecisionInput = z.input<typeof applicationDecisionSchema>;

export const applicationsQuerySchema = z.object({
  status: z
    .enum(APPLICATION_STATUSES, {
      error: `status must be one of ${APPLICATION_STATUSES.join(', ')}`,
    })
    .optional(),
  /** Only the applications to this offer (the offer page asks for the caller's own). */
  offer_id: z.uuid('offer_id must be an offer id').optional(),
  /** Only those to these offers, comma-separated (a dashboard marks the offers applied to). */
  offer_ids: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid('offer_ids must be offer ids'))
        .max(
          APPLICATION_LIMITS.pageMax,
          `offer_ids may name at most ${APPLICATION_LIMITS.pageMax} offers`,
        ),
    )
    .optional(),
  page: z.coerce
    .number()
    .int()
    .min(1, 'page must be 1 or more')
    .max(APPLICATION_LIMITS.pageNumberMax, 'page is too large')
    .default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(APPLICATION_LIMITS.pageMax, `limit must be at most ${APPLICATION_LIMITS.pageMax}`)
    .default(APPLICATION_LIMITS.pageDefault),
});

export const applicationSchema = z.object({
  application_id: z.string(),
  offer_id: z.string(),
  offer_slug: z.string(),
  offer_title: z.string(),
  offer_entity_id: z.string(),
  offer_entity_slug: z.string(),
  offer_entity_name: z.string(),
  applicant_entity_id: z.string(),
  applicant_entity_slug: z.string(),
  applicant_name: z.string(),
  applicant_type: z.enum(ENTITY_TYPES),
  /** The applicant's TrustScore, warning and verification (docs/decisions/051-trust-context.md). */
  applicant_trust: trustContextSchema,
  message: z.string().nullable(),
  /**
   * Where the applicant sends traffic (asked when applying): for the offer's owner who decides,
   * the applicant who wrote it and admins (docs/decisions/051-trust-context.md).
   */
  traffic_sources: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** Only for the applicant (and admins), once approved. */
  tracking_url: z.string().nullable(),
  click_count: z.number().int(),
  conversion_count: z.number().int(),
  payout_total: z.number(),
  /**
   * What is left of the offer's caps today and this month (UTC), on the applicant's approved
   * application when the offer has a cap (docs/decisions/049).
   */
  cap_left: capLeftSchema.nullable().optional(),
  /** The payout agreed with this partner and where it came from (decision 048). */
  terms: agreedTermsSchema,
});
export type Application = z.infer<typeof applicationSchema>;

/** PUT /offers/applications/{id}/terms: the owner's payout for this one partner (decision 048). */
export const applicationTermsBodySchema = z
  .object({
    payout_type: z.enum(PAYOUT_TYPES, {
      error: `Payout model must be one of ${PAYOUT_TYPES.join(', ')}`,
    }),
    payout_value: z.coerce
      .number({ error: 'Payout must be a number' })
      .min(0, 'Payout must be 0 or more')
      .max(1_000_000, 'Payout is too large')
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Payout may have at most 2 decimals',
      ),
  })
  .refine((v) => v.payout_type !== 'RevShare' || v.payout_value <= 100, {
    message: APPLICATION_MESSAGES.termsRevSharePercent,
    path: ['payout_value'],
  });
export type ApplicationTermsInput = z.input<typeof applicationTermsBodySchema>;

export const applicationsResponseSchema = z.object({
  applications: z.array(applicationSchema),
  pagination: paginationSchema,
});
export type ApplicationsResponse = z.infer<typeof applicationsResponseSchema>;

export const applyResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  application: applicationSchema,
});
export type ApplicationDecisionResponse = z.infer<typeof applicationDecisionResponseSchema>;
export type ApplyResponse = z.infer<typeof applyResponseSchema>;

export const applicationDecisionResponseSchema = z.object({
  message: z.string(),
  application: applicationSchema,
});

const payoutParam = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    if (
      !Number.isFinite(n) ||
      n < 0 ||
      n > 1_000_000 ||
      Math.abs(n * 100 - Math.round(n * 100)) > 1e-6
    ) {
      ctx.addIssue({ code: 'custom', message: POSTBACK_MESSAGES.badPayout });
      return z.NEVER;
    }
    return n;
  });

/** GET or POST /postback: the same fields in the query string (or a form/JSON body). */
export const postbackParamsSchema = z.object({
  click_id: z.string().trim().max(100).optional(),
  secret: z.string().trim().max(200).optional(),
  payout: payoutParam,
  /**
   * test=1: a test conversion (docs/decisions/049): checked as any postback, logged and marked
   * test, never recorded, paid or counted.
   */
  test: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'], { error: 'test must be 1 or 0' })])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
});

/** `GET /go/:code`: a tracking link's code (outside /api). */
export const trackingCodeParamsSchema = z.object({ code: z.string().max(100) });

export const postbackResponseSchema = z.object({
  success: z.boolean(),
  duplicate: z.boolean(),
  message: z.string(),
  click_id: z.string(),
  payout: z.number().nullable(),
  /** Past the offer's daily or monthly cap: recorded, never paid (docs/decisions/049). */
  over_cap: z.boolean(),
  /** A test conversion: nothing was recorded. */
  test: z.boolean(),
});

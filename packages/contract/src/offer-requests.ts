import { z } from 'zod';
import { PAYOUT_TYPES, PRIORITY_THRESHOLDS } from './constants';
import { optionalDateTime } from './fields';
import { trustContextSchema } from './trust-context';

export const REQUEST_STATUSES = ['active', 'fulfilled', 'closed'] as const;
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const REQUEST_LIMITS = {
  titleMax: 200,
  verticalMax: 100,
  listMax: 50,
  listItemMax: 60,
  notesMax: 5000,
  volumeMax: 1_000_000_000,
  budgetMax: 1_000_000_000,
  listDefault: 50,
  listMaxLimit: 100,
  messageMax: 5000,
  bidMax: 100_000_000,
  bidNotesMax: 2000,
  /** offer_details of a bid: its JSON at most this many bytes (UTF-8) and this deep. */
  offerDetailsMaxBytes: 4096,
  offerDetailsMaxDepth: 5,
  emailHistoryMax: 100,
} as const;

export const REQUEST_MESSAGES = {
  created: 'Offer request created successfully!',
  onlyRequesters: 'Only affiliates and networks can create offer requests.',
  noEntity: 'User not properly authenticated',
  entityNotApproved: 'Your entity must be approved before it can post offer requests.',
  notFound: 'Offer request not found',
  notYourRequests: 'You can only see your own offer requests.',
  onlyBidders: 'Only advertisers and networks can submit counter offers.',
  ownRequest: 'You cannot bid on your own offer request.',
  requestClosed: 'This offer request is no longer open.',
  bidSubmitted: 'Counter offer submitted successfully!',
  bidsForOwnerOnly: 'Only the owner of this request can see its bids.',
  onlyContacters: 'Only advertisers and networks can contact affiliates.',
  contactOwn: 'You cannot contact yourself about your own request.',
  contactSent: 'Contact email sent successfully!',
  contactRateLimited:
    'You have sent too many messages in the last hour. Please wait before contacting more affiliates.',
  messageRequired: 'Please enter a message before sending.',
  offerDetailsTooDeep: `Offer details may be nested at most ${REQUEST_LIMITS.offerDetailsMaxDepth} levels deep.`,
  offerDetailsTooLarge: `Offer details must be at most ${REQUEST_LIMITS.offerDetailsMaxBytes / 1024} KB.`,
  bidOfferNotYours: 'The offer of a counter offer must be one of your own active offers.',
  revSharePercent: 'A RevShare counter offer is a percentage: at most 100',
  bidNotFound: 'Bid not found',
  bidsDecidedByOwner: 'Only the owner of this request can accept or decline its bids.',
  bidAlreadyDecided: 'This bid has already been answered.',
  bidAccepted: 'Bid accepted.',
  bidDeclined: 'Bid declined.',
  // Agreed terms (docs/decisions/048-agreed-terms.md).
  bidAcceptedNeedsOffer:
    'Bid accepted. The bidder now links one of its offers or creates a private one from these terms.',
  alreadyAccepted:
    'A counter offer on this request has already been accepted. Reopen the request to accept another.',
  reopened: 'Offer request reopened: it takes and accepts counter offers again.',
  reopenOnlyFulfilled: 'Only a request closed by an accepted counter offer can be reopened.',
  reopenByOwner: 'Only the owner of this request can reopen it.',
  bidOfferByBidder: 'Only the company that made this counter offer can give it an offer.',
  bidOfferNotNeeded: 'This counter offer is not accepted, or already has its offer.',
  bidOfferChoice: 'Choose one of your offers, or give a landing page URL for a private offer.',
  bidOfferLinked: 'Offer linked: the requester now runs it at the agreed terms.',
  bidPrivateOfferCreated:
    'Private offer created from the agreed terms: the requester now runs it, tracked.',
} as const;

/** A counter offer's amount with its payout model: "$32.50 CPA", "40% RevShare". */
export function bidAmountLabel(amount: number, payoutType: string | undefined): string {
  return payoutType === 'RevShare'
    ? `${amount}% RevShare`
    : `$${amount.toFixed(2)} ${payoutType ?? 'CPA'}`;
}

/** What a request's owner may answer a bid (decision 030). */
export const BID_DECISIONS = ['accepted', 'declined'] as const;
export type BidDecision = (typeof BID_DECISIONS)[number];

/**
 * True when a JSON value nests objects or arrays deeper than `maxDepth` (the outermost one is
 * level 1). Walks with its own stack and stops at the first level too deep, so a hostile value
 * (50,000 nested arrays) costs nothing and never overflows the call stack.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') {
        stack.push({ node: child, depth: depth + 1 });
      }
    }
  }
  return false;
}

/** Bytes of a string in UTF-8 (the contract runs in browsers and Node without either's API). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Offer-request priority (docs/product/states.md, docs/product/constants.md): high when the daily volume is over 50000 or a budget range
 * exists; medium when over 10000; otherwise low. The one implementation: the API stores and
 * returns it, and filters by it.
 */
export function requestPriority(trafficVolume: number, hasBudget: boolean): Priority {
  if (trafficVolume > PRIORITY_THRESHOLDS.high || hasBudget) return 'high';
  if (trafficVolume > PRIORITY_THRESHOLDS.medium) return 'medium';
  return 'low';
}

/** A comma-separated string or a list → trimmed, non-empty, unique items. */
const list = (label: string, required: boolean) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${label} must be a list` })
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .transform((items) => [...new Set(items)])
    .pipe(
      z
        .array(
          z
            .string()
            .max(
              REQUEST_LIMITS.listItemMax,
              `${label} items must be at most ${REQUEST_LIMITS.listItemMax} characters`,
            ),
        )
        .min(required ? 1 : 0, `${label} are required`)
        .max(REQUEST_LIMITS.listMax, `${label}: at most ${REQUEST_LIMITS.listMax} items`),
    );

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(REQUEST_LIMITS.budgetMax, `${label} is too large`);

export const budgetRangeSchema = z
  .object(
    { min: money('Budget minimum'), max: money('Budget maximum') },
    { error: 'Budget range must have a min and a max' },
  )
  .refine((b) => b.min <= b.max, {
    message: 'Budget minimum must not be more than the maximum',
    path: ['max'],
  });

export const offerRequestCreateSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(REQUEST_LIMITS.titleMax),
  vertical: z
    .string({ error: 'Vertical is required' })
    .trim()
    .min(1, 'Vertical is required')
    .max(REQUEST_LIMITS.verticalMax),
  geos_targeting: list('Target GEOs', true),
  traffic_type: list('Traffic types', true),
  platforms_used: list('Platforms', true),
  traffic_volume: z.coerce
    .number({ error: 'Daily traffic volume must be a number' })
    .int('Daily traffic volume must be a whole number')
    .positive('Daily traffic volume must be more than 0')
    .max(REQUEST_LIMITS.volumeMax, 'Daily traffic volume is too large'),
  desired_payout_type: z
    .enum(PAYOUT_TYPES, { error: `Desired payout type must be one of ${PAYOUT_TYPES.join(', ')}` })
    .default('CPA'),
  budget_range: budgetRangeSchema.nullish().transform((v) => v ?? null),
  notes: z
    .string()
    .trim()
    .max(REQUEST_LIMITS.notesMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  expires_at: optionalDateTime('Expires at').refine(
    (v) => !v || new Date(v).getTime() > Date.now(),
    'Expires at must be in the future',
  ),
});
export type OfferRequestCreateInput = z.input<typeof offerRequestCreateSchema>;

export const offerRequestsQuerySchema = z.object({
  vertical: z.string().trim().max(REQUEST_LIMITS.verticalMax).optional(),
  geo: z.string().trim().max(REQUEST_LIMITS.listItemMax).optional(),
  priority: z.enum([...PRIORITIES, 'all']).optional(),
  exclude_entity_id: z.string().trim().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REQUEST_LIMITS.listMaxLimit)
    .default(REQUEST_LIMITS.listDefault),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const offerRequestSchema = z.object({
  offer_request_id: z.string(),
  entity_id: z.string(),
  entity_name: z.string(),
  user_name: z.string(),
  title: z.string(),
  vertical: z.string(),
  geos_targeting: z.array(z.string()),
  traffic_type: z.array(z.string()),
  traffic_volume: z.number().int(),
  platforms_used: z.array(z.string()),
  desired_payout_type: z.enum(PAYOUT_TYPES),
  budget_range: z.object({ min: z.number(), max: z.number() }).nullable(),
  notes: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  request_status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  bid_count: z.number().int().optional(),
});
export type OfferRequest = z.infer<typeof offerRequestSchema>;

export const bidBodySchema = z
  .object({
    bid_amount: z.coerce
      .number({ error: 'Your offer amount must be a number' })
      .positive('Your offer amount must be more than 0')
      .max(REQUEST_LIMITS.bidMax, 'Your offer amount is too large')
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Your offer amount may have at most 2 decimals',
      ),
    bid_notes: z
      .string()
      .trim()
      .max(REQUEST_LIMITS.bidNotesMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    // Depth first: only a value known to be shallow is serialized to measure its size.
    offer_details: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((v) => v ?? {})
      .refine((v) => !nestsDeeperThan(v, REQUEST_LIMITS.offerDetailsMaxDepth), {
        message: REQUEST_MESSAGES.offerDetailsTooDeep,
        abort: true,
      })
      .refine(
        (v) => utf8Length(JSON.stringify(v)) <= REQUEST_LIMITS.offerDetailsMaxBytes,
        REQUEST_MESSAGES.offerDetailsTooLarge,
      ),
    /** The amount's payout model (the offers' models; RevShare: a percentage). */
    payout_type: z
      .enum(PAYOUT_TYPES, { error: `Payout model must be one of ${PAYOUT_TYPES.join(', ')}` })
      .default('CPA'),
    /** Optionally one of the bidder's own active offers. */
    offer_id: z
      .union([z.literal(''), z.null(), z.uuid('Offer must be one of your offers')])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((b) => b.payout_type !== 'RevShare' || b.bid_amount <= 100, {
    message: REQUEST_MESSAGES.revSharePercent,
    path: ['bid_amount'],
  });

/** PUT /offers/bids/{id}: the request's owner accepts or declines a bid, with an optional note. */
export const bidDecisionSchema = z.object({
  status: z.enum(BID_DECISIONS, { error: `Status must be one of ${BID_DECISIONS.join(', ')}` }),
  note: z
    .string()
    .trim()
    .max(
      REQUEST_LIMITS.bidNotesMax,
      `Note must be at most ${REQUEST_LIMITS.bidNotesMax} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * POST /offers/bids/{id}/offer (decision 048): the bidder gives its accepted counter offer an
 * offer: one of its running offers, or a private offer made from the bid's terms (the request's
 * title, vertical and GEOs unless given here).
 */
export const bidOfferBodySchema = z
  .object({
    offer_id: z.uuid('Offer must be one of your offers').optional(),
    landing_page_url: z.string().trim().max(2048).optional(),
    title: z.string().trim().max(200).optional(),
  })
  .refine((v) => Boolean(v.offer_id) !== Boolean(v.landing_page_url), {
    message: REQUEST_MESSAGES.bidOfferChoice,
    path: ['offer_id'],
  });
export type BidOfferInput = z.input<typeof bidOfferBodySchema>;

export const bidSchema = z.object({
  bid_id: z.string(),
  offer_request_id: z.string(),
  entity_id: z.string(),
  entity_name: z.string(),
  entity_type: z.string(),
  bid_amount: z.number(),
  bid_notes: z.string().nullable(),
  offer_details: z.record(z.string(), z.unknown()),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The bidder's public page (/entity/{slug}). */
  entity_slug: z.string().optional(),
  /** The bidder's TrustScore, warning and verification (docs/decisions/051-trust-context.md). */
  entity_trust: trustContextSchema,
  payout_type: z.enum(PAYOUT_TYPES).optional(),
  /** The bidder's offer behind the counter offer, if any (still existing). */
  offer: z
    .object({ offer_id: z.string(), slug: z.string(), title: z.string() })
    .nullable()
    .optional(),
  decision_note: z.string().nullable().optional(),
  decided_at: z.string().nullable().optional(),
  /** The requester's application to the offer, made or linked on acceptance. */
  application_id: z.string().nullable().optional(),
  /** The request's title (the bidder's list of its accepted counter offers). */
  request_title: z.string().optional(),
});
export type Bid = z.infer<typeof bidSchema>;

export const contactBodySchema = z.object({
  message: z
    .string({ error: REQUEST_MESSAGES.messageRequired })
    .trim()
    .min(1, REQUEST_MESSAGES.messageRequired)
    .max(
      REQUEST_LIMITS.messageMax,
      `Message must be at most ${REQUEST_LIMITS.messageMax} characters`,
    ),
});

export const emailHistoryQuerySchema = z.object({
  type: z.enum(['all', 'sent', 'received']).default('all'),
  limit: z.coerce.number().int().min(1).max(REQUEST_LIMITS.emailHistoryMax).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const emailHistoryItemSchema = z.object({
  email_id: z.string(),
  direction: z.enum(['sent', 'received']),
  subject: z.string(),
  to: z.string(),
  reply_to: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** Responses of the /offers/offer-requests routes; the web uses the inferred types. */
export const offerRequestsResponseSchema = z.object({
  success: z.boolean(),
  requests: z.array(offerRequestSchema),
});
export type OfferRequestsResponse = z.infer<typeof offerRequestsResponseSchema>;
export const offerRequestCreatedResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  request: offerRequestSchema,
});
export type OfferRequestCreatedResponse = z.infer<typeof offerRequestCreatedResponseSchema>;
export const bidCreatedResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  bid: bidSchema,
});
export type BidCreatedResponse = z.infer<typeof bidCreatedResponseSchema>;
export const bidsResponseSchema = z.object({ success: z.boolean(), bids: z.array(bidSchema) });
export const bidDecidedResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  bid: bidSchema,
});
export type BidDecidedResponse = z.infer<typeof bidDecidedResponseSchema>;
/** The bidder's accepted counter offers still waiting for an offer (decision 048). */
export const acceptedBidsResponseSchema = z.object({ bids: z.array(bidSchema) });
export type AcceptedBidsResponse = z.infer<typeof acceptedBidsResponseSchema>;
export type BidsResponse = z.infer<typeof bidsResponseSchema>;
export const successMessageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type SuccessMessageResponse = z.infer<typeof successMessageResponseSchema>;
export const emailHistoryResponseSchema = z.object({
  success: z.boolean(),
  emails: z.array(emailHistoryItemSchema),
  pagination: z.object({ limit: z.number(), offset: z.number() }),
});
export type EmailHistoryResponse = z.infer<typeof emailHistoryResponseSchema>;

import { z } from 'zod';
import { pathIdSchema } from './params';

/**
 * Caps and postback tooling (docs/decisions/049-caps-and-postback-tooling.md): a conversion's
 * status, which the offer's owner sets and its affiliate reads in Results; the last postbacks of
 * an offer; a test conversion; what is left of an offer's caps today.
 */
export const CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

export const CONVERSION_LIMITS = {
  /** A rejection's reason, shown to the affiliate. */
  reasonMax: 500,
  /** The conversions one Results answer lists (the newest of its period). */
  listed: 100,
  /** The postbacks kept per offer (older ones are deleted as new ones arrive). */
  postbackLog: 100,
} as const;

export const CONVERSION_MESSAGES = {
  statusSet: (status: ConversionStatus) => `Conversion marked ${status}.`,
  reasonRequired: 'Please say why you reject this conversion (the affiliate sees the reason).',
  reasonTooLong: `The reason can be at most ${CONVERSION_LIMITS.reasonMax} characters.`,
  badStatus: `Status must be one of ${CONVERSION_STATUSES.join(', ')}.`,
  notFound: 'This conversion does not exist for this offer.',
  overCap:
    "This conversion arrived past the offer's cap: it is never paid, so its status cannot change.",
  onlyOwner: "Only the offer's advertiser can see and manage its conversions and postbacks.",
} as const;

/** PUT /offers/{id}/conversions/{clickId}: the owner's status, with a reason when rejected. */
export const conversionStatusBodySchema = z
  .object({
    status: z.enum(CONVERSION_STATUSES, { error: CONVERSION_MESSAGES.badStatus }),
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(CONVERSION_LIMITS.reasonMax, CONVERSION_MESSAGES.reasonTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.status !== 'rejected' || v.reason !== null, {
    message: CONVERSION_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type ConversionStatusInput = z.input<typeof conversionStatusBodySchema>;

export const conversionParamsSchema = z.object({ id: pathIdSchema, clickId: pathIdSchema });

/** One conversion as Results list it (and the conversions CSV writes it). */
export const conversionSchema = z.object({
  click_id: z.string(),
  converted_at: z.string(),
  offer_id: z.string(),
  offer_title: z.string(),
  affiliate_entity_id: z.string(),
  affiliate_name: z.string(),
  sub1: z.string().nullable(),
  /** Null when none was reported, and always for a conversion over the cap. */
  payout: z.number().nullable(),
  status: z.enum(CONVERSION_STATUSES),
  /** The owner's reason for a rejection. */
  reason: z.string().nullable(),
  /** Past the offer's daily or monthly cap: never paid, never counted. */
  over_cap: z.boolean(),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const conversionStatusResponseSchema = z.object({
  message: z.string(),
  conversion: conversionSchema,
});

/** A period's conversions by status, and those over the cap (Results). */
export const conversionCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  paid: z.number().int(),
  over_cap: z.number().int(),
});
export type ConversionCounts = z.infer<typeof conversionCountsSchema>;

/** One received postback: what it carried (never the secret) and what we answered. */
export const postbackLogEntrySchema = z.object({
  id: z.string(),
  received_at: z.string(),
  test: z.boolean(),
  carried: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  status_code: z.number().int(),
  message: z.string(),
});
export type PostbackLogEntry = z.infer<typeof postbackLogEntrySchema>;

export const postbackLogResponseSchema = z.object({
  entries: z.array(postbackLogEntrySchema),
  /** How many the log keeps per offer. */
  limit: z.number().int(),
});
export type PostbackLogResponse = z.infer<typeof postbackLogResponseSchema>;

/** POST /offers/{id}/postbacks/test: an optional payout to carry. */
export const testPostbackBodySchema = z
  .object({
    payout: z
      .number({ error: 'payout must be a number' })
      .min(0, 'payout must be 0 or more')
      .max(1_000_000, 'payout is too large')
      .optional(),
  })
  .nullish()
  .transform((v) => ({ payout: v?.payout ?? null }));

export const testPostbackResponseSchema = z.object({
  message: z.string(),
  entry: postbackLogEntrySchema,
});

/** What is left of an offer's caps today and this month (UTC); null: that cap is not set. */
export const capLeftSchema = z.object({
  daily_cap: z.number().int().nullable(),
  monthly_cap: z.number().int().nullable(),
  left_today: z.number().int().nullable(),
  left_this_month: z.number().int().nullable(),
});
export type CapLeft = z.infer<typeof capLeftSchema>;

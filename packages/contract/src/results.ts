import { z } from 'zod';
import { conversionCountsSchema, conversionSchema } from './conversions';

/**
 * Results over time (docs/decisions/031-results-over-time.md): clicks, conversions,
 * conversion rate, payout and EPC per UTC day, per affiliate (an offer's owner) or per offer (an
 * affiliate's overview), by sub1, and as CSV.
 */
export const RESULT_PERIODS = ['today', '7d', '30d'] as const;
export type ResultPeriod = (typeof RESULT_PERIODS)[number];

/** Days of each preset, today included. */
export const RESULT_PERIOD_DAYS: Record<ResultPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

export const SUB_ID_MAX_LENGTH = 100;
/** The tracking link's sub-ID parameters, kept with the click (docs/decisions/031). */
export const SUB_ID_PARAMS = ['sub1', 'sub2'] as const;

/**
 * A sub-ID as stored: trimmed, 1–100 characters, no control characters; anything else is not
 * kept (the click still counts and the visitor still goes on: a link never fails over a sub-ID).
 */
export function cleanSubId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || [...trimmed].length > SUB_ID_MAX_LENGTH) return null;
  if (/\p{Cc}/u.test(trimmed)) return null;
  return trimmed;
}

/** The roll-ups' sub1 bucket of the clicks without one, and of the day's values past the limit. */
export const SUB1_NONE = '';
export const SUB1_OTHER = '\u001fother';

export const RESULTS_MESSAGES = {
  invalidDate: 'Use a date like 2026-01-31.',
  bothDates: 'A custom period needs both a start and an end date.',
  fromAfterTo: 'The start date must be on or before the end date.',
  tooLong: (max: number) => `A period can cover at most ${max} days.`,
  onlyRunners: 'Results by offer are for affiliates and networks.',
  onlyOwners: 'Results across your offers are for advertisers and networks.',
} as const;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, RESULTS_MESSAGES.invalidDate)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, RESULTS_MESSAGES.invalidDate);

/**
 * `?period=today|7d|30d` or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included).
 * `include=rows` adds the day × affiliate (or offer) rows to the JSON answer: the CSV's rows,
 * which the screen does not draw, so the screen's answer stays small (docs/performance.md).
 */
export const resultsQuerySchema = z.object({
  period: z.enum(RESULT_PERIODS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /**
   * `include=conversions` (the CSV): one row per conversion of the period, with its status and
   * reason (docs/decisions/049), instead of the day rows. The JSON answer always lists them.
   */
  include: z
    .enum(['rows', 'conversions'], { error: 'include must be rows or conversions' })
    .optional(),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

const figures = {
  clicks: z.number().int(),
  conversions: z.number().int(),
  /** Conversions per 100 clicks, 2 decimals (0 without clicks). */
  conversion_rate: z.number(),
  payout: z.number(),
  /** Earnings per click: payout / clicks, 2 decimals (0 without clicks). */
  epc: z.number(),
};
export const resultFiguresSchema = z.object(figures);
export type ResultFigures = z.infer<typeof resultFiguresSchema>;

export const resultsResponseSchema = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    time_zone: z.literal('UTC'),
  }),
  /**
   * An offer's results are grouped by affiliate; an affiliate's overview and an owner's results
   * across all its offers by offer.
   */
  group_by: z.enum(['affiliate', 'offer']),
  totals: resultFiguresSchema,
  /** Every day of the period, in order, zeros included: the chart's points. */
  days: z.array(z.object({ day: z.string(), ...figures })),
  /** Each affiliate (or offer) with results in the period, most clicks first. */
  groups: z.array(z.object({ key: z.string(), label: z.string(), ...figures })),
  /**
   * One row per day and affiliate (or offer) with results: the CSV's rows. Only with
   * `include=rows` (the CSV always has them).
   */
  rows: z
    .array(z.object({ day: z.string(), key: z.string(), label: z.string(), ...figures }))
    .optional(),
  /** By sub1: null for clicks without one; `other` for a day's values past the limit. */
  sub_ids: z.array(z.object({ sub1: z.string().nullable(), other: z.boolean(), ...figures })),
  /**
   * True when the groups (or, when included, the rows) were cut at their bound; the totals and
   * days are still whole.
   */
  truncated: z.boolean(),
  /**
   * The period's conversions by the advertiser's status, and those over a cap (which the
   * conversions and payout figures leave out, as rejected ones: docs/decisions/049).
   */
  conversion_counts: conversionCountsSchema,
  /** The period's newest conversions (at most 100), each with its status and reason. */
  conversions: z.array(conversionSchema),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;

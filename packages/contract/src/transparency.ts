import { z } from 'zod';
import { HOLD_REASONS, type REPORT_REASONS } from './reviews/constants';

/**
 * The transparency report (docs/decisions/054-reviewer-profiles-and-transparency.md): per month,
 * what happened to reviews, reports and warnings, computed from the audit trail; and per company,
 * how many of its reviews were removed and why (counts, never texts).
 */

export const TRANSPARENCY_LIMITS = {
  /** The report shows this many months, the current one included. */
  months: 12,
} as const;

/**
 * Why a review was removed (rejected by a moderator), from the audit trail: the reason most of
 * its reports gave (`report_*`), else why the swarm guard held it (`hold_*`), else the
 * moderators' own review (`moderation`: their queue, the spam filter's flags).
 */
export const REMOVAL_REASONS = [
  'report_fake',
  'report_offensive',
  'report_personal_info',
  'report_conflict_of_interest',
  'report_other',
  'hold_new_account',
  'hold_burst',
  'hold_banned',
  'moderation',
] as const satisfies readonly (
  | `report_${(typeof REPORT_REASONS)[number]}`
  | `hold_${(typeof HOLD_REASONS)[number]}`
  | 'moderation'
)[];
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

const countOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ reason: z.enum(values), count: z.number().int() });

export const transparencyMonthSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** Reviews written this month (every status, anonymous ones included). */
  submitted: z.number().int(),
  /** Reviews first published this month. */
  published: z.number().int(),
  /** Reviews written this month that the swarm guard held, by hold reason (only reasons > 0). */
  held: z.array(countOf(HOLD_REASONS)),
  held_total: z.number().int(),
  /** Reviews rejected this month, by removal reason (only reasons > 0). */
  removed: z.array(countOf(REMOVAL_REASONS)),
  removed_total: z.number().int(),
  /** Reports of reviews made this month, and reports a moderator's decision answered. */
  reports_submitted: z.number().int(),
  reports_decided: z.number().int(),
  /** Public warnings placed on and lifted from companies. */
  warnings_placed: z.number().int(),
  warnings_lifted: z.number().int(),
  /** Reviews whose first moderation decision was this month. */
  decisions: z.number().int(),
  /** Median hours from a review's submission to its first moderation decision; null: none. */
  median_decision_hours: z.number().nullable(),
});
export type TransparencyMonth = z.infer<typeof transparencyMonthSchema>;

export const transparencyReportSchema = z.object({
  /** Newest month first. */
  months: z.array(transparencyMonthSchema),
});
export type TransparencyReport = z.infer<typeof transparencyReportSchema>;

export const entityRemovalsSchema = z.object({
  entity_id: z.string(),
  /** The company's reviews that stand removed (rejected) now. */
  removed_total: z.number().int(),
  removed: z.array(countOf(REMOVAL_REASONS)),
});
export type EntityRemovals = z.infer<typeof entityRemovalsSchema>;

export const TRANSPARENCY_MESSAGES = {
  entityNotFound: 'Entity not found',
} as const;

import { REVIEW_LIMITS, REVIEW_MESSAGES, type HoldReason } from '@trustlinks/contract/reviews';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { lockKey } from '../../lib/counters.repository';
import type { Deps } from '../../lib/deps';
import {
  countReportsSince,
  countVotesSince,
  findAccountFacts,
  markHeldAsBurst,
  type ReviewPostFacts,
} from './reviews.repository';
import { DAY_MS, HOUR_MS } from '../../lib/time';

/** The holds of the swarm guard itself (a ban holds reviews too: account-holds.ts). */
export type SwarmHoldReason = Exclude<HoldReason, 'banned'>;

/**
 * A hold and, for a burst, the authors whose published reviews of the entity went back to the
 * moderators with it (the caller recomputes the entity's score and their votes).
 */
export interface SwarmHold {
  reason: SwarmHoldReason;
  takenBack: string[];
}

// The swarm guard (issue 14; docs/product/states.md "spam or fake reviews are rejected"): what a swarm of new
// accounts can do is bounded here, in one place. docs/decisions/012-trustscore-and-swarm-guard.md.

/** The advisory lock's key of one account's reviews and votes (lockAccountActivity). */
export const accountActivityKey = (userId: string) => `review-activity:${userId}`;

/** Serialises one account's reviews and votes, so the daily limits hold under parallel posts. */
export const lockAccountActivity = (tx: DbOrTx, userId: string) =>
  lockKey(tx, accountActivityKey(userId));

/**
 * At most REVIEWS_PER_DAY reviews per account in any 24 hours (`reviewsToday` read under
 * lockAccountActivity: reviewPostFacts).
 */
export function requireReviewQuota(deps: Deps, reviewsToday: number): void {
  const limit = deps.config.REVIEWS_PER_DAY;
  if (reviewsToday >= limit) throw tooManyRequests(REVIEW_MESSAGES.reviewsPerDay(limit));
}

/** At most REVIEW_VOTES_PER_DAY votes per account in any 24 hours (under lockAccountActivity). */
export async function requireVoteQuota(deps: Deps, tx: DbOrTx, userId: string): Promise<void> {
  const limit = deps.config.REVIEW_VOTES_PER_DAY;
  const used = await countVotesSince(tx, userId, new Date(Date.now() - DAY_MS));
  if (used >= limit) throw tooManyRequests(REVIEW_MESSAGES.votesPerDay(limit));
}

/** At most REVIEW_REPORTS_PER_DAY reports per account in any 24 hours (under lockAccountActivity). */
export async function requireReportQuota(deps: Deps, tx: DbOrTx, userId: string): Promise<void> {
  const limit = deps.config.REVIEW_REPORTS_PER_DAY;
  const used = await countReportsSince(tx, userId, new Date(Date.now() - DAY_MS));
  if (used >= limit) throw tooManyRequests(REVIEW_MESSAGES.reportsPerDay(limit));
}

/**
 * Whether a review that would be published at once is held for an admin instead, and why:
 * - 'burst': the entity has had more than 5 reviews in 24 hours from accounts younger than
 *   7 days (this one included); the entity's reviews of that window held for a new account, or
 *   published from accounts that young, join the burst (the whole burst waits, issue 23);
 * - 'new_account': the author's account is younger than 24 hours and not identity-verified.
 * A verified identity lifts the new-account hold, not the burst hold: a burst of new accounts,
 * verified or not, waits for a moderator (issue 23: one mailbox bought any number of verified
 * voices; docs/decisions/023).
 */
export async function swarmHold(
  tx: DbOrTx,
  facts: Pick<ReviewPostFacts, 'account' | 'youngReviews'>,
  entityId: string,
  now: Date,
): Promise<SwarmHold | null> {
  const { account } = facts;
  if (!account) return null;
  const ageMs = now.getTime() - account.createdAt.getTime();
  const young = ageMs < REVIEW_LIMITS.burstAccountDays * DAY_MS;
  if (facts.youngReviews + (young ? 1 : 0) > REVIEW_LIMITS.burstReviews) {
    const takenBack = await markHeldAsBurst(
      tx,
      entityId,
      swarmWindowStart(now),
      REVIEW_LIMITS.burstAccountDays,
      REVIEW_MESSAGES.holdNoteBurst,
    );
    return { reason: 'burst', takenBack };
  }
  if (ageMs < REVIEW_LIMITS.newAccountHours * HOUR_MS && !account.identityVerified) {
    return { reason: 'new_account', takenBack: [] };
  }
  return null;
}

/** The window of the daily limit and of a burst: the last 24 hours. */
export const swarmWindowStart = (now: Date) => new Date(now.getTime() - DAY_MS);

export const HOLD_NOTES: Record<SwarmHoldReason, string> = {
  new_account: REVIEW_MESSAGES.holdNoteNewAccount,
  burst: REVIEW_MESSAGES.holdNoteBurst,
};

/**
 * From when a vote counts: at once, or when the voter's account is a day old (votes of younger
 * accounts are kept, and counted in by the trust worker then).
 */
export async function voteCountsFrom(tx: DbOrTx, userId: string, now = new Date()): Promise<Date> {
  const account = await findAccountFacts(tx, userId);
  if (!account) return now;
  const ofAge = new Date(account.createdAt.getTime() + REVIEW_LIMITS.newAccountHours * HOUR_MS);
  return ofAge > now ? ofAge : now;
}

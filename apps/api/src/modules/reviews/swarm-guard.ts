import { REVIEW_LIMITS, REVIEW_MESSAGES, type HoldReason } from '@trustlinks/contract/reviews';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { lockKey } from '../../lib/counters.repository';
import type { Deps } from '../../lib/deps';
import type { ReviewPostFacts } from './reviews.repository';
import { findAccountFacts, markHeldAsBurst } from './review-holds.repository';
import { countReportsSince } from './review-reports.repository';
import { countVotesSince } from './review-votes.repository';
import { trustGroupsOf } from './trust/trust.repository';
import { priorMeans, trustFromGroups, voiceGroup } from './trust/reputation';
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

// The swarm guard (docs/decisions/012; docs/product/states.md "spam or fake reviews are rejected"): what a swarm of new
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
 *   published from accounts that young, join the burst (the whole burst waits, docs/decisions/023);
 * - 'new_account': the author's account is younger than 24 hours and not identity-verified.
 * A verified identity lifts the new-account hold, not the burst hold: a burst of new accounts,
 * verified or not, waits for a moderator (docs/decisions/023: one mailbox bought any number of verified
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
  const young = isYoungAccount(account, now);
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

/** An account younger than burstAccountDays: its reviews count towards a burst. */
export function isYoungAccount(account: { createdAt: Date }, now: Date): boolean {
  return now.getTime() - account.createdAt.getTime() < REVIEW_LIMITS.burstAccountDays * DAY_MS;
}

/**
 * Whether the young voices would move the entity's TrustScore too far with the review just
 * published (in this transaction, under the entity's lock) by a young account: the score with
 * the reviews that accounts younger than burstAccountDays wrote in the last burstAccountDays days
 * and that no moderator published (this one included) against the score without them. More than
 * burstScoreMove apart, in either direction, and the review waits as part of the burst: five new
 * accounts verified at five real organisations, each a voice of full weight, moved an entity
 * from 3.63 to 2.64 below the burst's count (docs/decisions/012, 023). The reviews already
 * published stay: together they moved it by burstScoreMove at most.
 */
export async function youngVoicesMoveTooFar(
  tx: DbOrTx,
  entityId: string,
  priorReviews: number,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - REVIEW_LIMITS.burstAccountDays * DAY_MS);
  const all = await trustGroupsOf(tx, entityId, now);
  const without = await trustGroupsOf(tx, entityId, now, since);
  // The prior comes with the newest review: this one, left out of the second read.
  const prior = { reviews: priorReviews, means: priorMeans(all.platform) };
  const withYoung = trustFromGroups(all.groups, prior).scores.overall;
  // No review left: the score an entity starts from, the prior's mean (not the 0 of 'N/A').
  const baseline = trustFromGroups(
    without.groups.length > 0 ? without.groups : [voiceGroup(0, prior.means)],
    prior,
  ).scores.overall;
  return Math.abs(withYoung - baseline) > REVIEW_LIMITS.burstScoreMove;
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

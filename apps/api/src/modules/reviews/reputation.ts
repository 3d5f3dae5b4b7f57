// The TrustScore (issue 14, docs/decisions/012-trustscore-and-swarm-guard.md): the one place where an entity's
// reputation_score and its sub-scores are computed from its published reviews.
//
//   score = (m·μ + Σ wᵢ·rᵢ) / (m + Σ wᵢ)      wᵢ = author weight × 0.5^(age in days / half-life)
//
// One person, one voice (issue 23, docs/decisions/023): the reviews of one entity whose authors
// verified their identity at one domain share one voice: together they weigh what the heaviest
// of them would weigh alone, each 1/n of it.
//
// m reviews of full weight at the platform's mean μ pull every entity towards the middle until
// its own reviews outweigh them; a swarm of new accounts (weight 0.25 each) moves it little.

import { DAY_MS } from '../../lib/time';

export const TRUST_CONSTANTS = {
  /** Default prior size m (TRUSTSCORE_PRIOR_REVIEWS). */
  priorReviews: 7,
  /** μ while the platform has too few published reviews to have a mean of its own. */
  fallbackMean: 3.5,
  /** The platform's mean is used as μ from this many published reviews on. */
  minPlatformReviews: 50,
  /** A review's weight halves every this many days. */
  halfLifeDays: 365,
  /** An email-verified account counts as established from this age (at the time of the review). */
  establishedAccountDays: 30,
  authorWeights: { verified: 1, established: 0.5, new: 0.25 },
} as const;

export const SCORE_KEYS = [
  'overall',
  'quality',
  'support',
  'reliability',
  'payment_speed',
] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];
export type Scores = Record<ScoreKey, number>;

/** What we know of a review's author. */
export interface AuthorFacts {
  identityVerified: boolean;
  /** The author speaks for an approved entity. */
  approvedEntityMember: boolean;
  emailVerified: boolean;
  /** The account's age when the review was written. */
  accountAgeDaysAtReview: number;
  /** The registrable domain of the author's verified business address, if any. */
  voiceDomain?: string | null;
}

export interface ScoredReview {
  ratings: Scores;
  /** When it was published (its age decides the recency weight). */
  publishedAt: Date;
  author: AuthorFacts;
}

export type AuthorTier = keyof typeof TRUST_CONSTANTS.authorWeights;

export function authorTier(author: AuthorFacts): AuthorTier {
  if (author.identityVerified || author.approvedEntityMember) return 'verified';
  if (
    author.emailVerified &&
    author.accountAgeDaysAtReview >= TRUST_CONSTANTS.establishedAccountDays
  )
    return 'established';
  return 'new';
}

/** 1 for a review published now, ½ after one half-life, ¼ after two. */
export function recencyWeight(publishedAt: Date, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - publishedAt.getTime()) / DAY_MS);
  return 0.5 ** (ageDays / TRUST_CONSTANTS.halfLifeDays);
}

function reviewWeight(review: ScoredReview, now: Date): number {
  return (
    TRUST_CONSTANTS.authorWeights[authorTier(review.author)] *
    recencyWeight(review.publishedAt, now)
  );
}

/**
 * The reviews whose authors verified at one domain count as one voice: the group's weight is the
 * largest of its members' weights (not their sum), shared equally, so the group's rating is the
 * mean of theirs. Reviews without a verified domain keep their own weight.
 */
function oneVoicePerDomain(reviews: readonly ScoredReview[], weights: number[]): number[] {
  const groups = new Map<string, number[]>();
  reviews.forEach((r, i) => {
    const domain = r.author.voiceDomain;
    if (!domain) return;
    const members = groups.get(domain);
    if (members) members.push(i);
    else groups.set(domain, [i]);
  });
  const shared = [...weights];
  for (const members of groups.values()) {
    const voice = Math.max(...members.map((i) => weights[i]!));
    for (const i of members) shared[i] = voice / members.length;
  }
  return shared;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface TrustResult {
  /** 0 when there is no published review (shown as 'N/A'). */
  scores: Scores;
  /** Σ wᵢ: how much evidence the entity's own reviews carry (prior excluded). */
  evidenceWeight: number;
}

/**
 * The TrustScore and the four sub-scores (same formula, each with the platform's mean of that
 * score as μ), to two decimals.
 */
export function computeTrustScores(
  reviews: readonly ScoredReview[],
  prior: { reviews: number; means: Scores },
  now: Date,
): TrustResult {
  const empty: Scores = { overall: 0, quality: 0, support: 0, reliability: 0, payment_speed: 0 };
  if (reviews.length === 0) return { scores: empty, evidenceWeight: 0 };
  const weights = oneVoicePerDomain(
    reviews,
    reviews.map((r) => reviewWeight(r, now)),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const scores = { ...empty };
  for (const key of SCORE_KEYS) {
    const weighted = reviews.reduce((sum, r, i) => sum + weights[i]! * r.ratings[key], 0);
    scores[key] = round2((prior.reviews * prior.means[key] + weighted) / (prior.reviews + total));
  }
  return { scores, evidenceWeight: total };
}

/** The prior's means: the platform's once it rests on enough reviews, else the fallback. */
export function priorMeans(platform: { reviewCount: number; means: Scores } | null): Scores {
  if (!platform || platform.reviewCount < TRUST_CONSTANTS.minPlatformReviews) {
    const m = TRUST_CONSTANTS.fallbackMean;
    return { overall: m, quality: m, support: m, reliability: m, payment_speed: m };
  }
  return platform.means;
}

/**
 * Lower bound of the Wilson score interval (95 %) of the share of helpful votes: 'Most helpful'
 * ranks 8 of 10 above 1 of 1 (Evan Miller, "How Not To Sort By Average Rating").
 */
export function wilsonLowerBound(helpful: number, unhelpful: number, z = 1.96): number {
  const n = helpful + unhelpful;
  if (n === 0) return 0;
  const p = helpful / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n);
}

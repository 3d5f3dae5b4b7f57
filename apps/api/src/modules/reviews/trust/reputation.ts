// The TrustScore (docs/decisions/012-trustscore-and-swarm-guard.md): the one place where an entity's
// reputation_score and its sub-scores are computed from its published reviews.
//
//   score = (m·μ + Σ wᵢ·rᵢ) / (m + Σ wᵢ)      wᵢ = author weight × 0.5^(age in days / half-life)
//
// One person, one voice (docs/decisions/023): the reviews of one entity whose authors
// verified their identity at one domain share one voice: together they weigh what the heaviest
// of them would weigh alone, each 1/n of it.
//
// m reviews of full weight at the platform's mean μ pull every entity towards the middle until
// its own reviews outweigh them; a swarm of new accounts (weight 0.25 each) moves it little.

import { DAY_MS } from '../../../lib/time';

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

/** The tier rule on its own facts (the database groups reviews by the same facts). */
export interface TierFacts {
  /** Identity verified, or speaks for an approved entity. */
  verified: boolean;
  emailVerified: boolean;
  /** The account was establishedAccountDays old or more when it wrote the review. */
  established: boolean;
}

export function tierOf(facts: TierFacts): AuthorTier {
  if (facts.verified) return 'verified';
  if (facts.emailVerified && facts.established) return 'established';
  return 'new';
}

export function authorTier(author: AuthorFacts): AuthorTier {
  return tierOf({
    verified: author.identityVerified || author.approvedEntityMember,
    emailVerified: author.emailVerified,
    established: author.accountAgeDaysAtReview >= TRUST_CONSTANTS.establishedAccountDays,
  });
}

/** 1 for a review published now, ½ after one half-life, ¼ after two. */
export function recencyWeight(publishedAt: Date, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - publishedAt.getTime()) / DAY_MS);
  return 0.5 ** (ageDays / TRUST_CONSTANTS.halfLifeDays);
}

/**
 * Reviews summed for the TrustScore at one moment: `weight` is Σ wᵢ and `weighted` Σ wᵢ·rᵢ per
 * score. Reviews without a verified domain add up freely; the reviews of one verified domain make
 * one group, one voice: the largest member's weight, the members' mean ratings.
 */
export interface TrustGroup {
  weight: number;
  weighted: Scores;
}

const zeroScores = (): Scores => ({
  overall: 0,
  quality: 0,
  support: 0,
  reliability: 0,
  payment_speed: 0,
});

/**
 * The groups of a list of reviews. The database forms the same groups from an entity's reviews
 * without sending them (trustGroupsQuery; a test holds the two equal). One person, one voice
 * (docs/decisions/023): the reviews whose authors verified their identity at one domain weigh together what
 * the heaviest of them would weigh alone, each 1/n of it.
 */
export function trustGroups(reviews: readonly ScoredReview[], now: Date): TrustGroup[] {
  const free: TrustGroup = { weight: 0, weighted: zeroScores() };
  const domains = new Map<string, { voice: number; sum: Scores; n: number }>();
  for (const r of reviews) {
    const w =
      TRUST_CONSTANTS.authorWeights[authorTier(r.author)] * recencyWeight(r.publishedAt, now);
    const domain = r.author.voiceDomain;
    if (!domain) {
      free.weight += w;
      for (const key of SCORE_KEYS) free.weighted[key] += w * r.ratings[key];
      continue;
    }
    const group = domains.get(domain) ?? { voice: 0, sum: zeroScores(), n: 0 };
    group.voice = Math.max(group.voice, w);
    group.n += 1;
    for (const key of SCORE_KEYS) group.sum[key] += r.ratings[key];
    domains.set(domain, group);
  }
  const groups = [free];
  for (const g of domains.values()) {
    const means = zeroScores();
    for (const key of SCORE_KEYS) means[key] = g.sum[key] / g.n;
    groups.push(voiceGroup(g.voice, means));
  }
  return groups;
}

/** One verified domain's reviews as one voice: its heaviest member's weight, their mean ratings. */
export function voiceGroup(voice: number, means: Scores): TrustGroup {
  const weighted = zeroScores();
  for (const key of SCORE_KEYS) weighted[key] = voice * means[key];
  return { weight: voice, weighted };
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
  return trustFromGroups(reviews.length ? trustGroups(reviews, now) : [], prior);
}

/** computeTrustScores from the reviews' groups (trustGroups, or the database's trustGroupsQuery). */
export function trustFromGroups(
  groups: readonly TrustGroup[],
  prior: { reviews: number; means: Scores },
): TrustResult {
  if (groups.length === 0) return { scores: zeroScores(), evidenceWeight: 0 };
  const total = groups.reduce((sum, g) => sum + g.weight, 0);
  const scores = zeroScores();
  for (const key of SCORE_KEYS) {
    const weighted = groups.reduce((sum, g) => sum + g.weighted[key], 0);
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

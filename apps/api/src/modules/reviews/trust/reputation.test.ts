import { describe, expect, it } from 'vitest';
import {
  authorTier,
  computeTrustScores,
  priorMeans,
  recencyWeight,
  wilsonLowerBound,
  type AuthorFacts,
  type ScoredReview,
  type Scores,
} from './reputation';

// Every expected value below is worked out by hand from the formula in
// docs/decisions/012-trustscore-and-swarm-guard.md: score = (m·μ + Σ wᵢ·rᵢ) / (m + Σ wᵢ).

const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const same = (n: number): Scores => ({
  overall: n,
  quality: n,
  support: n,
  reliability: n,
  payment_speed: n,
});
const PRIOR = { reviews: 7, means: same(3.5) };

const verified: AuthorFacts = {
  identityVerified: true,
  approvedEntityMember: false,
  emailVerified: true,
  accountAgeDaysAtReview: 400,
};
const established: AuthorFacts = {
  identityVerified: false,
  approvedEntityMember: false,
  emailVerified: true,
  accountAgeDaysAtReview: 90,
};
const fresh: AuthorFacts = { ...established, accountAgeDaysAtReview: 0.1 };

const review = (rating: number, author: AuthorFacts, age = 0): ScoredReview => ({
  ratings: same(rating),
  publishedAt: daysAgo(age),
  author,
});

describe('authorTier', () => {
  it('weighs identity-verified and approved-entity members most, then established, then new', () => {
    expect(authorTier(verified)).toBe('verified');
    expect(authorTier({ ...fresh, approvedEntityMember: true })).toBe('verified');
    expect(authorTier(established)).toBe('established');
    expect(authorTier({ ...established, accountAgeDaysAtReview: 30 })).toBe('established');
    expect(authorTier({ ...established, accountAgeDaysAtReview: 29.9 })).toBe('new');
    expect(authorTier({ ...established, emailVerified: false })).toBe('new');
    expect(authorTier(fresh)).toBe('new');
  });
});

describe('recencyWeight', () => {
  it('halves every 365 days', () => {
    expect(recencyWeight(NOW, NOW)).toBe(1);
    expect(recencyWeight(daysAgo(365), NOW)).toBeCloseTo(0.5, 10);
    expect(recencyWeight(daysAgo(730), NOW)).toBeCloseTo(0.25, 10);
    // A date in the future (clock skew) never weighs more than a new review.
    expect(recencyWeight(daysAgo(-10), NOW)).toBe(1);
  });
});

describe('computeTrustScores', () => {
  it('is 0 (N/A) without published reviews', () => {
    expect(computeTrustScores([], PRIOR, NOW)).toEqual({ scores: same(0), evidenceWeight: 0 });
  });

  it('one new 5-star review by a verified author: (7·3.5 + 1·5) / (7 + 1) = 3.6875', () => {
    const { scores, evidenceWeight } = computeTrustScores([review(5, verified)], PRIOR, NOW);
    expect(scores.overall).toBe(3.69);
    expect(evidenceWeight).toBe(1);
  });

  it('a year-old 1-star review of an established account weighs 0.5 · 0.5 = 0.25', () => {
    // (24.5 + 0.25·1) / 7.25 = 3.41379…
    const { scores, evidenceWeight } = computeTrustScores(
      [review(1, established, 365)],
      PRIOR,
      NOW,
    );
    expect(evidenceWeight).toBeCloseTo(0.25, 10);
    expect(scores.overall).toBe(3.41);
  });

  it('four 4–5 star reviews of established accounts: (24.5 + 0.5·18) / 9 = 3.7222', () => {
    const four = [4, 5, 4, 5].map((r) => review(r, established));
    expect(computeTrustScores(four, PRIOR, NOW).scores.overall).toBe(3.72);
    // Even if 25 one-star reviews of new accounts (0.25 each) were published, they would count as
    // 6.25 reviews, not 25: (33.5 + 6.25) / 15.25 = 2.6066 (a plain mean would give 1.55).
    const swarm = Array.from({ length: 25 }, () => review(1, fresh));
    expect(computeTrustScores([...four, ...swarm], PRIOR, NOW).scores.overall).toBe(2.61);
  });

  it('one voice per domain: five verified colleagues weigh as one author, rated by their mean', () => {
    const four = [4, 5, 4, 5].map((r) => review(r, established));
    const atAcme: AuthorFacts = { ...verified, voiceDomain: 'acme.example' };
    // Five 1-star reviews from acme.example: one voice of weight 1, not 5.
    // (24.5 + 9 + 1·1) / (7 + 2 + 1) = 3.45 (added up it would be (33.5 + 5) / 14 = 2.75).
    const five = Array.from({ length: 5 }, () => review(1, atAcme));
    const { scores, evidenceWeight } = computeTrustScores([...four, ...five], PRIOR, NOW);
    expect(scores.overall).toBe(3.45);
    expect(evidenceWeight).toBeCloseTo(3, 10);
    // The voice's rating is the mean of its members': 1★ and 5★ count as one 3★ review.
    const split = [review(1, atAcme), review(5, atAcme)];
    expect(computeTrustScores(split, PRIOR, NOW).scores.overall).toBe(
      computeTrustScores([review(3, verified)], PRIOR, NOW).scores.overall,
    );
    // Other domains and authors without one keep their own weight.
    const two = [review(1, atAcme), review(1, { ...verified, voiceDomain: 'other.example' })];
    expect(computeTrustScores(two, PRIOR, NOW).evidenceWeight).toBeCloseTo(2, 10);
  });

  it('computes each sub-score with its own platform mean', () => {
    const r: ScoredReview = {
      ratings: { overall: 4, quality: 5, support: 1, reliability: 3, payment_speed: 2 },
      publishedAt: NOW,
      author: verified,
    };
    const means: Scores = { overall: 4, quality: 4, support: 3, reliability: 3, payment_speed: 4 };
    const { scores } = computeTrustScores([r], { reviews: 3, means }, NOW);
    expect(scores).toEqual({
      overall: 4, // (12 + 4) / 4
      quality: 4.25, // (12 + 5) / 4
      support: 2.5, // (9 + 1) / 4
      reliability: 3, // (9 + 3) / 4
      payment_speed: 3.5, // (12 + 2) / 4
    });
  });

  it('with many strong reviews converges on their mean', () => {
    const many = Array.from({ length: 200 }, () => review(5, verified));
    // (24.5 + 1000) / 207 = 4.949…
    expect(computeTrustScores(many, PRIOR, NOW).scores.overall).toBe(4.95);
  });

  it('a prior of 0 reviews is the weighted mean itself', () => {
    const two = [review(5, verified), review(1, fresh)];
    // (5 + 0.25) / 1.25 = 4.2
    expect(computeTrustScores(two, { reviews: 0, means: same(3.5) }, NOW).scores.overall).toBe(4.2);
  });
});

describe('priorMeans', () => {
  it('uses 3.5 until the platform has 50 published reviews, then its own means', () => {
    expect(priorMeans(null)).toEqual(same(3.5));
    expect(priorMeans({ reviewCount: 49, means: same(4.2) })).toEqual(same(3.5));
    expect(priorMeans({ reviewCount: 50, means: same(4.2) })).toEqual(same(4.2));
  });
});

describe('wilsonLowerBound', () => {
  it('ranks by the lower bound of the helpful share', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    // (1 + 1.9208 − 1.96·0.98) / 4.8416
    expect(wilsonLowerBound(1, 0)).toBeCloseTo(0.20654, 4);
    // p = 0.8, n = 10: (0.99208 − 1.96·0.160012) / 1.38416
    expect(wilsonLowerBound(8, 2)).toBeCloseTo(0.49016, 4);
    expect(wilsonLowerBound(8, 2)).toBeGreaterThan(wilsonLowerBound(1, 0));
    expect(wilsonLowerBound(0, 5)).toBe(0);
  });
});

import type { TrustContext } from '@trustlinks/contract/trust-context';

/** What a list reads of a company to present its trust context (`underWarningSql` gives `warned`). */
export interface TrustFacts {
  reputationScore: number | string;
  totalReviews: number;
  verificationStatus: string;
  warned: boolean;
}

/**
 * THE trust context of a company (docs/decisions/051-trust-context.md), for every list answer
 * that shows an offer's owner, a bidder or an applicant: no TrustScore before the first published
 * review (the entity page says the same), and no 'Verified' under a warning (decision 022).
 */
export function toTrustContext(facts: TrustFacts): TrustContext {
  return {
    score: facts.totalReviews > 0 ? Number(facts.reputationScore) : null,
    reviews: facts.totalReviews,
    warned: facts.warned,
    verified: !facts.warned && facts.verificationStatus === 'approved',
  };
}

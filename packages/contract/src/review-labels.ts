// The public labels of a review (docs/decisions/012): what we verified about it, never who wrote it.
// No zod here: the landing page's first paint shows them (docs/decisions/026).

export const REVIEW_LABELS = [
  'verified_identity',
  'verified_company_member',
  'payment_proof_verified',
  'invited',
  'verified_deal',
] as const;
export type ReviewLabel = (typeof REVIEW_LABELS)[number];
export const REVIEW_LABEL_TEXT: Record<ReviewLabel, string> = {
  verified_identity: 'Verified identity',
  verified_company_member: 'Verified company member',
  payment_proof_verified: 'Payment proof verified',
  // Answered an invitation of the company; from a deal on TrustLinks that had conversions
  // (docs/decisions/057).
  invited: 'Invited',
  verified_deal: 'Verified deal',
};

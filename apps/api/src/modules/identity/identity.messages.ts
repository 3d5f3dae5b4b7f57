// Server messages of identity verification; the texts shared with the web app are in
// @trustlinks/contract/identity (IDENTITY_MESSAGES).
export const IDENTITY_SERVER_MESSAGES = {
  tooManyAttempts: 'Too many verification attempts. Please wait an hour and try again.',
  userNotFound: 'User not found',
  revoked: 'Identity verification revoked.',
  notVerified: 'This user has no identity verification to revoke.',
  // The business-email code (docs/decisions/013).
  tooManyCodesToAddress:
    'Too many codes were sent to this address in the last hour. Please wait an hour and try again.',
  noCodePending: 'There is no code waiting for you. Please ask for a new code.',
  codeExpired: 'This code has expired. Please ask for a new code.',
  codeWrong: (triesLeft: number) =>
    `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  // One person, one voice (docs/decisions/023): disposable mailboxes; free providers answer with the
  // contract's IDENTITY_MESSAGES.freeEmailProvider.
  disposableEmailProvider:
    'Please use your company email address. Addresses from disposable email services cannot verify a business identity.',
  // Sub-domains of a dynamic-DNS or hosting service (the public suffix list's private section).
  sharedDomain:
    'Please use your company email address. Addresses at a sub-domain of a dynamic DNS or hosting service (such as name.duckdns.org) cannot verify a business identity.',
  codeUsedUp: 'That code is not right, and it was the last try. Please ask for a new code.',
  businessEmailTaken:
    'This business email address already verifies another TrustLinks account. One address can verify one account.',
  linkedinTaken:
    'This LinkedIn profile already verifies another TrustLinks account. One profile can verify one account.',
  // Admin review of LinkedIn claims.
  claimNotFound: 'Identity claim not found',
  claimDecided: 'This identity claim has already been decided.',
  ownClaim: 'You cannot decide your own identity claim.',
} as const;

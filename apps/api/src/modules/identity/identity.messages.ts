// Server messages of identity verification; the texts shared with the web app are in
// @trustlinks/contract/identity (IDENTITY_MESSAGES).
export const IDENTITY_SERVER_MESSAGES = {
  tooManyAttempts: 'Too many verification attempts. Please wait an hour and try again.',
  userNotFound: 'User not found',
  revoked: 'Identity verification revoked.',
  notVerified: 'This user has no identity verification to revoke.',
} as const;

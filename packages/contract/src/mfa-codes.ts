/**
 * The `code` of the 403 a session that must set up a second factor gets on every other call
 * (docs/decisions/033). A module of its own, free of zod, so that the web's API client (on every
 * page's first load) can read it without pulling the schemas in.
 */
export const MFA_ENROLMENT_REQUIRED_CODE = 'mfa_enrolment_required';

/** The code mailed to prove the mailbox when enrolling from an enrolment-only session. */
export const MFA_ENROLMENT_CODE = {
  length: 6,
  ttlMinutes: 10,
  /** Wrong tries that burn a code. */
  maxAttempts: 5,
  /** Codes mailed per account and hour. */
  mailsPerHour: 5,
} as const;

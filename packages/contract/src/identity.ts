import { z } from 'zod';
import { VERIFICATION_METHODS } from './constants';
import { paginationSchema } from './entities';

export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** The business-email code: digits, lifetime, wrong tries before a new code is needed. */
export const IDENTITY_CODE = { length: 6, ttlMinutes: 15, maxAttempts: 5 } as const;

/** Texts of identity verification (docs/product/companies.md, docs/product/errors.md), shared by the API and the web app. */
export const IDENTITY_MESSAGES = {
  verificationFailed: 'Identity verification failed. Please try again.',
  verified: 'Identity verified successfully! You now have full access to company contacts.',
  alreadyVerified: 'Your identity is already verified.',
  chooseMethod: 'Please choose a verification method: LinkedIn profile or business email.',
  linkedinRequired: 'Please enter your LinkedIn profile URL.',
  linkedinInvalid:
    'Please enter your LinkedIn profile URL in the form https://www.linkedin.com/in/your-name.',
  businessEmailRequired: 'Please enter your business email address.',
  businessEmailInvalid: 'Please enter a valid business email address.',
  freeEmailProvider:
    'Please use your company email address. Addresses from free email providers (such as Gmail or Outlook) cannot verify a business identity.',
  // Ours (docs/decisions/013): a business email is proven by a mailed code, a LinkedIn profile by review.
  codeSent: (email: string) =>
    `We sent a ${IDENTITY_CODE.length}-digit code to ${email}. Enter it here to finish verifying your identity. The code expires in ${IDENTITY_CODE.ttlMinutes} minutes.`,
  codeRequired: `Please enter the ${IDENTITY_CODE.length}-digit code from the email.`,
  linkedinSubmitted:
    'Thanks! Your LinkedIn profile was sent for review. We will email you as soon as an admin has checked it; until then your access stays limited.',
  linkedinPending:
    'Your LinkedIn profile is waiting for review. We will email you as soon as an admin has checked it.',
} as const;

/** Where a user's identity verification stands (GET /users/verification-status `state`). */
export const IDENTITY_STATES = ['none', 'code_sent', 'pending_review', 'verified'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

export const IDENTITY_LIMITS = { linkedinMax: 300, emailMax: 254 } as const;

export type IdentityCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * https://[www.|xx.]linkedin.com/in/<handle>[/<locale>][/][?query][#fragment]. The host must follow
 * the scheme directly (no credentials, no port). Handles: letters, digits, hyphens, underscores;
 * non-ASCII handles arrive %-encoded. A locale path (/de, /pt-br, /en_US) names a translation of
 * the same profile.
 */
const LINKEDIN_PROFILE_URL =
  /^https:\/\/(?:(?:www|[a-z]{2})\.)?linkedin\.com\/in\/((?:[a-z0-9_-]|%[0-9a-f]{2}){3,100})(?:\/[a-z]{2}(?:[-_][a-z]{2})?)?\/?(?:[?#]\S*)?$/i;

/**
 * A LinkedIn public profile URL in its normal form (docs/decisions/023): the canonical
 * host, the handle in lower case (LinkedIn handles are case-insensitive), no locale path,
 * trailing slash, query or fragment. One profile, one value: the server stores this form, so
 * one profile verifies one account.
 */
export function checkLinkedinProfile(input: string | null | undefined): IdentityCheck {
  const raw = (input ?? '').trim();
  if (!raw) return { ok: false, message: IDENTITY_MESSAGES.linkedinRequired };
  const match = raw.length <= IDENTITY_LIMITS.linkedinMax ? LINKEDIN_PROFILE_URL.exec(raw) : null;
  if (!match) return { ok: false, message: IDENTITY_MESSAGES.linkedinInvalid };
  return { ok: true, value: `https://www.linkedin.com/in/${match[1]!.toLowerCase()}` };
}

const emailFormat = z.email();

/**
 * A well-formed address, returned lower-cased. Whether its provider can verify a business
 * identity (free and disposable providers cannot) is the server's check, from maintained lists
 * (apps/api identity.normal-form.ts); its 400 carries IDENTITY_MESSAGES.freeEmailProvider.
 */
export function checkBusinessEmail(input: string | null | undefined): IdentityCheck {
  const raw = (input ?? '').trim().toLowerCase();
  if (!raw) return { ok: false, message: IDENTITY_MESSAGES.businessEmailRequired };
  if (raw.length > IDENTITY_LIMITS.emailMax || !emailFormat.safeParse(raw).success) {
    return { ok: false, message: IDENTITY_MESSAGES.businessEmailInvalid };
  }
  return { ok: true, value: raw };
}

/**
 * POST /users/verify-identity (docs/product/api.md#users). The field of the chosen method is checked by
 * checkLinkedinProfile / checkBusinessEmail, on the server and in the form alike.
 */
export const verifyIdentityBodySchema = z.object({
  verification_method: z.enum(VERIFICATION_METHODS, { error: IDENTITY_MESSAGES.chooseMethod }),
  linkedin_profile: z.string().max(IDENTITY_LIMITS.linkedinMax).nullish(),
  business_email: z.string().max(IDENTITY_LIMITS.emailMax).nullish(),
});
export type VerifyIdentityBody = z.input<typeof verifyIdentityBodySchema>;

/** Checks the field of the chosen method; the value to store, or the message to show. */
export function checkIdentityInput(body: VerifyIdentityBody): IdentityCheck {
  if (body.verification_method === 'linkedin') return checkLinkedinProfile(body.linkedin_profile);
  if (body.verification_method === 'business_email') {
    return checkBusinessEmail(body.business_email);
  }
  return { ok: false, message: IDENTITY_MESSAGES.chooseMethod };
}

/**
 * docs/product/data.md "Verification status". entity_id is set only while the entity is approved. Ours:
 * `state` of the identity verification itself, and `claim_value`, the address the open code went
 * to or the LinkedIn profile under review (null otherwise).
 */
export const verificationStatusSchema = z.object({
  identity_verified: z.boolean(),
  entity_id: z.string().nullable(),
  state: z.enum(IDENTITY_STATES),
  claim_value: z.string().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/**
 * docs/product/states.md as the web app reads a status answer: identity_verified, or an entity_id. The server
 * decides the rule itself (apps/api identity.policy.ts) and sends entity_id only when it counts.
 */
export function statusHasFullAccess(status: VerificationStatus | null | undefined): boolean {
  return Boolean(status && (status.identity_verified || status.entity_id));
}

export const verificationStatusResponseSchema = z.object({ data: verificationStatusSchema });
export type VerificationStatusResponse = z.infer<typeof verificationStatusResponseSchema>;

export const verifyIdentityResponseSchema = z.object({
  message: z.string(),
  data: verificationStatusSchema,
});
export type VerifyIdentityResponse = z.infer<typeof verifyIdentityResponseSchema>;

/** POST /users/verify-identity/confirm: the code mailed to the business address. */
export const confirmIdentityBodySchema = z.object({
  code: z
    .string({ error: IDENTITY_MESSAGES.codeRequired })
    .trim()
    .regex(new RegExp(`^\\d{${IDENTITY_CODE.length}}$`), IDENTITY_MESSAGES.codeRequired),
});
export type ConfirmIdentityBody = z.input<typeof confirmIdentityBodySchema>;

/** What an admin sees of a user's identity verification. */
export const adminIdentitySchema = z.object({
  user_id: z.string(),
  identity_verified: z.boolean(),
  identity_method: z.enum(VERIFICATION_METHODS).nullable(),
  identity_value: z.string().nullable(),
  identity_verified_at: z.string().nullable(),
  entity_id: z.string().nullable(),
  /** Verified access by either path (identity, or an entity that grants its role). */
  has_verified_access: z.boolean(),
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;

export const adminIdentityResponseSchema = z.object({
  message: z.string().optional(),
  data: adminIdentitySchema,
});

/** Claims an admin reviews: LinkedIn profiles (the code proves a business email by itself). */
export const IDENTITY_CLAIM_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export type IdentityClaimStatus = (typeof IDENTITY_CLAIM_STATUSES)[number];
export const IDENTITY_CLAIM_DECISIONS = ['approved', 'rejected'] as const;
export const IDENTITY_CLAIM_NOTE_MAX = 500;

export const IDENTITY_CLAIM_MESSAGES = {
  decisionRequired: 'Please choose approved or rejected.',
  noteTooLong: `The note can be at most ${IDENTITY_CLAIM_NOTE_MAX} characters.`,
  rejectNoteRequired: 'Please say why the claim is rejected; the user reads this note.',
  approved: 'Identity claim approved. The user now has full access to company contacts.',
  rejected: 'Identity claim rejected. The user was told why.',
} as const;

export const identityClaimsQuerySchema = z.object({
  status: z.enum(IDENTITY_CLAIM_STATUSES).default('pending_review'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(20),
});
export type IdentityClaimsQuery = z.input<typeof identityClaimsQuerySchema>;

/** One LinkedIn claim as admins see it (user, profile URL, account age, decision). */
export const identityClaimSchema = z.object({
  claim_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  profile_url: z.string(),
  /** When the account was created: the panel shows its age. */
  account_created_at: z.string(),
  submitted_at: z.string(),
  status: z.enum(IDENTITY_CLAIM_STATUSES),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type IdentityClaim = z.infer<typeof identityClaimSchema>;

export const identityClaimsResponseSchema = z.object({
  claims: z.array(identityClaimSchema),
  pagination: paginationSchema,
});
export type IdentityClaimsResponse = z.infer<typeof identityClaimsResponseSchema>;

export const decideIdentityClaimBodySchema = z.object({
  decision: z.enum(IDENTITY_CLAIM_DECISIONS, { error: IDENTITY_CLAIM_MESSAGES.decisionRequired }),
  note: z
    .string()
    .trim()
    .max(IDENTITY_CLAIM_NOTE_MAX, IDENTITY_CLAIM_MESSAGES.noteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type DecideIdentityClaimBody = z.input<typeof decideIdentityClaimBodySchema>;

export const decideIdentityClaimResponseSchema = z.object({
  message: z.string(),
  claim: identityClaimSchema,
});
export type DecideIdentityClaimResponse = z.infer<typeof decideIdentityClaimResponseSchema>;

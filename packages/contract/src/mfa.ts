import { z } from 'zod';
import { passkeyLoginBodySchema } from './passkeys';
import { loginResponseSchema, USER_LIMITS } from './users';
import { MFA_ENROLMENT_CODE } from './mfa-codes';
import { MFA_EMAIL_CODE_REQUIRED, mfaEmailCodeSchema } from './mfa-email-code';

/**
 * The second factor (docs/decisions/033): an authenticator app (TOTP) with recovery
 * codes, the sign-in step between password and session, who must enrol, and the admin's part.
 * Our texts (no spec wording exists for them), one place for the API and the web.
 */
export const MFA_MESSAGES = {
  enrolmentRequired:
    'Your account needs two-factor authentication. Please set up an authenticator app before continuing.',
  alreadyEnabled: 'Two-factor authentication is already on for your account.',
  noPendingEnrolment: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  notEnabled: 'Two-factor authentication is not on for your account.',
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  signInExpired: 'This sign-in has expired or was already used. Please log in again.',
  tooManyCodeAttempts: 'Too many wrong codes. Please wait an hour and try again.',
  enabled:
    'Two-factor authentication is on. Save your recovery codes now: they are shown only once.',
  disabled: 'Two-factor authentication is off.',
  cannotDisableRequired:
    'Your account must keep two-factor authentication. You can get new recovery codes instead.',
  recoveryCodesRegenerated:
    'New recovery codes created; the old ones no longer work. Save them now: they are shown only once.',
  adminReset:
    'The second factor of this account was removed. The owner and the other admins have been mailed.',
  adminNoFactor: 'This account has no second factor to reset.',
  adminNotSelf: 'Use your own profile to change your second factor.',
  adminRequired: 'This account must now set up two-factor authentication.',
  adminNotRequired: 'This account is no longer asked for two-factor authentication.',
  userNotFound: 'User not found',
  enrolmentCodeSent: (email: string) =>
    `We emailed a ${MFA_ENROLMENT_CODE.length}-digit code to ${email}. Enter it to set up two-factor authentication. It expires in ${MFA_ENROLMENT_CODE.ttlMinutes} minutes.`,
  enrolmentCodeRequired: MFA_EMAIL_CODE_REQUIRED,
  enrolmentCodeInvalid: 'That emailed code is not valid. Check the email and try again.',
  enrolmentCodeExpired: 'That emailed code has expired or was used up. Please ask for a new one.',
  enrolmentCodeNotNeeded: 'No emailed code is needed to set up two-factor authentication here.',
  tooManyEnrolmentCodes: 'Too many codes were emailed. Please wait an hour and try again.',
  adminFactorRequired:
    'Enter a current code from your own authenticator app (or one of your recovery codes) to confirm.',
  adminFactorInvalid: 'That code from your own second factor is not valid.',
} as const;

export { MFA_ENROLMENT_CODE, MFA_ENROLMENT_REQUIRED_CODE } from './mfa-codes';

export const MFA_LIMITS = { codeMax: 64, tokenMax: 200 } as const;

const codeSchema = z
  .string({ error: 'Please enter a code' })
  .trim()
  .min(1, 'Please enter a code')
  .max(MFA_LIMITS.codeMax, 'That code is too long');

/**
 * `POST /users/login/mfa`: the token of the password step and either a TOTP or recovery code, or
 * a passkey's assertion (`passkey`: the challenge of `POST /users/login/passkey/options` and the
 * browser's answer), never both.
 */
export const loginMfaBodySchema = z
  .object({
    mfa_token: z
      .string({ error: 'The sign-in is incomplete. Please log in again.' })
      .min(1, 'The sign-in is incomplete. Please log in again.')
      .max(MFA_LIMITS.tokenMax, 'The sign-in is invalid. Please log in again.'),
    code: codeSchema.optional(),
    passkey: passkeyLoginBodySchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.passkey === undefined), {
    message: 'Please enter a code',
    path: ['code'],
  });
export type LoginMfaBody = z.input<typeof loginMfaBodySchema>;

/** What `POST /users/login` answers for an account with a second factor: no session yet. */
export const mfaChallengeResponseSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  /**
   * The factors this account has, so the second step offers only those (a passkey first when
   * that is all). Sent only after a right password (docs/decisions/033, note of 2026-11-29).
   */
  factors: z.object({ totp: z.boolean(), passkey: z.boolean() }),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;

/** `POST /users/login`: a session, or (with a second factor) the challenge for it. */
export const loginResultSchema = z.union([loginResponseSchema, mfaChallengeResponseSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const mfaStatusResponseSchema = z.object({
  totp_enabled: z.boolean(),
  /** How many passkeys the account has: each is a second factor too (docs/decisions/034). */
  passkeys: z.number().int(),
  recovery_codes_left: z.number().int(),
  /** The account must have a second factor (its group or an admin asks for one). */
  required: z.boolean(),
  /**
   * This session may only set up a second factor, and doing so needs the code mailed by
   * `POST /users/mfa/enrolment-code` as well (`email_code`).
   */
  enrolment_code_required: z.boolean(),
});
export type MfaStatusResponse = z.infer<typeof mfaStatusResponseSchema>;

export const totpEnrolmentResponseSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr_data_url: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponseSchema>;

/** `POST /users/mfa/totp`: no body, or the mailed code when the session may only enrol. */
export const totpStartBodySchema = z
  .object({ email_code: mfaEmailCodeSchema.optional() })
  .nullish();
export type TotpStartBody = z.input<typeof totpStartBodySchema>;

export const totpConfirmBodySchema = z.object({
  code: codeSchema,
  email_code: mfaEmailCodeSchema.optional(),
});
export type TotpConfirmBody = z.input<typeof totpConfirmBodySchema>;

export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Recent authentication: the account's current password, asked again. */
export const currentPasswordBodySchema = z.object({
  current_password: z
    .string({ error: 'Please enter your current password.' })
    .min(1, 'Please enter your current password.')
    .max(USER_LIMITS.passwordMax, 'Password is too long'),
});
export type CurrentPasswordBody = z.input<typeof currentPasswordBodySchema>;

/**
 * `POST /admin/users/{id}/mfa/reset`: the admin's recent authentication, their password and, when
 * they have a second factor, a current code of it (TOTP or recovery code) or a passkey's answer.
 */
export const adminMfaResetBodySchema = currentPasswordBodySchema.extend({
  code: codeSchema.optional(),
  passkey: passkeyLoginBodySchema.optional(),
});
export type AdminMfaResetBody = z.input<typeof adminMfaResetBodySchema>;

export const adminMfaRequiredBodySchema = z.object({
  required: z.boolean({ error: 'required must be true or false' }),
});

export const MFA_EVENT_ACTIONS = [
  'enabled',
  'disabled',
  'recovery_codes_regenerated',
  'recovery_code_used',
  'admin_reset',
  'admin_required',
  'admin_not_required',
] as const;

export const mfaEventsResponseSchema = z.object({
  events: z.array(
    z.object({
      action: z.enum(MFA_EVENT_ACTIONS),
      actor_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type MfaEventsResponse = z.infer<typeof mfaEventsResponseSchema>;

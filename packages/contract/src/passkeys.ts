import { z } from 'zod';
import { mfaEmailCodeSchema } from './mfa-email-code';
import { USER_LIMITS } from './users';
import { USER_MESSAGES } from './user-messages';

// Passkeys (WebAuthn) of an account: registration from the profile and sign-in without a
// password (docs/decisions/034-sessions-devices-passkeys.md). The credential JSON is
// what @simplewebauthn/browser hands over; the server library checks its content.

export const PASSKEY_LIMITS = {
  nameMax: 60,
  /** Passkeys per account (the list is bounded). */
  perAccount: 10,
  /** A base64url field of the credential JSON. */
  fieldMax: 16_384,
} as const;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Please give this passkey a name.',
  nameTooLong: `Passkey name must be at most ${PASSKEY_LIMITS.nameMax} characters`,
} as const;

const base64url = z
  .string()
  .max(PASSKEY_LIMITS.fieldMax)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const passkeyRegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/** Registration starts with a fresh password check. */
export const passkeyRegistrationOptionsBodySchema = z.object({
  current_password: z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .min(1, USER_MESSAGES.currentPasswordRequired)
    .max(USER_LIMITS.passwordMax, 'Password is too long'),
  /** The mailed code, when the session may only set up a second factor (docs/decisions/033). */
  email_code: mfaEmailCodeSchema.optional(),
});
export type PasskeyRegistrationOptionsBody = z.input<typeof passkeyRegistrationOptionsBodySchema>;

/** The browser's `navigator.credentials` options (JSON form) and the id of the stored challenge. */
export const passkeyOptionsResponseSchema = z.object({
  challenge_id: z.uuid(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeyRegisterBodySchema = z.object({
  challenge_id: z.uuid(),
  name: z
    .string({ error: PASSKEY_MESSAGES.nameRequired })
    .trim()
    .min(1, PASSKEY_MESSAGES.nameRequired)
    .max(PASSKEY_LIMITS.nameMax, PASSKEY_MESSAGES.nameTooLong),
  response: passkeyRegistrationResponseSchema,
  /** The mailed code, when the session may only set up a second factor (docs/decisions/033). */
  email_code: mfaEmailCodeSchema.optional(),
});
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBodySchema>;

export const passkeyLoginBodySchema = z.object({
  challenge_id: z.uuid(),
  response: passkeyAuthenticationResponseSchema,
});
export type PasskeyLoginBody = z.input<typeof passkeyLoginBodySchema>;

export const passkeySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** A synced passkey (backed up by its provider). */
  backed_up: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySummarySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyCreatedSchema = z.object({
  message: z.string(),
  passkey: passkeySummarySchema,
});
export type PasskeyCreated = z.infer<typeof passkeyCreatedSchema>;

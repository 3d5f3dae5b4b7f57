import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from './constants';
import { optionalText, requiredText } from './fields';
import { USER_MESSAGES } from './user-messages';

export const USER_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMax: 200,
  phoneMax: 40,
  bioMax: 1000,
} as const;

export { USER_MESSAGES };

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(USER_LIMITS.emailMax, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(USER_LIMITS.passwordMax, `Password must be at most ${USER_LIMITS.passwordMax} characters`);

/** Sign-up (docs/product/api.md#users). Unknown fields such as role or entity_id are dropped, never applied. */
export const registerBodySchema = z.object({
  first_name: requiredText(USER_LIMITS.nameMax, 'First name'),
  last_name: requiredText(USER_LIMITS.nameMax, 'Last name'),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(USER_LIMITS.passwordMax, 'Password is too long'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const resendVerificationBodySchema = z.object({ email: emailSchema });

/** A new password: at least 6 characters, with the product's message (docs/product/validation.md#reset-password). */
export const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .min(MIN_PASSWORD_LENGTH, USER_MESSAGES.newPasswordTooShort)
  .max(USER_LIMITS.passwordMax, `Password must be at most ${USER_LIMITS.passwordMax} characters`);

/**
 * Change the password of the logged-in account. `current_password` is required, except in the
 * forced-reset session of a temporary password (the server decides, from the session).
 */
export const resetPasswordBodySchema = z.object({
  current_password: z.string().max(USER_LIMITS.passwordMax, 'Password is too long').optional(),
  new_password: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Forgot password: mails a single-use link when the address has an account (same answer always). */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** Sets a new password with the token of the mailed link. */
export const resetPasswordConfirmBodySchema = z.object({
  token: z
    .string({ error: 'The reset link is incomplete' })
    .trim()
    .min(1, 'The reset link is incomplete')
    .max(200, 'The reset link is invalid'),
  new_password: newPasswordSchema,
});
export type ResetPasswordConfirmBody = z.input<typeof resetPasswordConfirmBodySchema>;

/** `GET /users/verify-email/:token`: the token of the mailed verification link. */
export const emailTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const profileUpdateBodySchema = z.object({
  first_name: requiredText(USER_LIMITS.nameMax, 'First name').optional(),
  last_name: requiredText(USER_LIMITS.nameMax, 'Last name').optional(),
  /** Sent by the form but not changeable; a different address is refused. */
  email: z.string().trim().max(USER_LIMITS.emailMax).optional(),
  phone: optionalText(USER_LIMITS.phoneMax, 'Phone')
    .refine((v) => v === null || /^[+()\d\s.-]{3,}$/.test(v), {
      message: 'Phone may contain digits, spaces and + ( ) - . only',
    })
    .optional(),
  bio: optionalText(USER_LIMITS.bioMax, 'Bio').optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/** The user as the API presents it to that user (docs/product/data.md "Current user"). */
export const currentUserSchema = z.object({
  user_id: z.string(),
  entity_id: z.string().nullable(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  /**
   * When the account was made (ISO 8601): the user dashboard greets a new account with 'Welcome'
   * (docs/decisions/047-wording-that-is-true.md). Optional: a session stored in a browser before
   * the field was sent lacks it.
   */
  created_at: z.string().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: currentUserSchema,
  password_reset_required: z.boolean(),
  /** This session may only set up a second factor (docs/decisions/033). */
  mfa_enrolment_required: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export const userResponseSchema = z.object({ user: currentUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
export const userWithMessageResponseSchema = z.object({
  message: z.string(),
  user: currentUserSchema,
});
export type UserWithMessageResponse = z.infer<typeof userWithMessageResponseSchema>;

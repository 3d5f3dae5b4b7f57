import { defineRoute } from '../route';
import { apiErrorSchema, errorResponses } from '../errors';
import { loginMfaBodySchema, loginResultSchema } from '../mfa';
import { idParamsSchema } from '../params';
import { sessionListSchema } from '../sessions';
import {
  emailTokenParamsSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  resetPasswordConfirmBodySchema,
  userResponseSchema,
  userWithMessageResponseSchema,
} from '../users';

/**
 * Accounts: sign-up, email verification, password login (with its second step when the account
 * has a second factor), sessions, passwords and the own profile. The second factor and passkeys
 * are their own files (mfa.ts, passkeys.ts), the data rights account.ts.
 */
const tag = 'users';
const errors = errorResponses(400, 401, 403, 429);

export const register = defineRoute({
  method: 'POST',
  path: '/users/register',
  auth: 'public',
  tag,
  summary:
    'Sign up (role user; a verification mail is sent). The same answer whether or not the address has an account.',
  body: registerBodySchema,
  responses: { 201: messageResponseSchema, ...errors },
});

export const verifyEmail = defineRoute({
  method: 'GET',
  path: '/users/verify-email/:token',
  auth: 'public',
  tag,
  summary: 'Verify an email address with the link token',
  params: emailTokenParamsSchema,
  responses: { 200: messageResponseSchema, ...errors },
});

export const resendVerification = defineRoute({
  method: 'POST',
  path: '/users/resend-verification',
  auth: 'public',
  tag,
  summary: 'Send a new verification link (same answer for every email)',
  body: resendVerificationBodySchema,
  responses: { 200: messageResponseSchema, ...errors },
});

export const login = defineRoute({
  method: 'POST',
  path: '/users/login',
  auth: 'public',
  tag,
  summary:
    'Log in; returns a bearer token, or for an account with a second factor { mfa_required, mfa_token } and no session',
  body: loginBodySchema,
  responses: { 200: loginResultSchema, ...errors },
});

export const listSessions = defineRoute({
  method: 'GET',
  path: '/users/sessions',
  auth: 'user',
  tag,
  summary: 'Where this account is signed in: its active sessions, this one marked current',
  responses: { 200: sessionListSchema, ...errors },
});

export const endSession = defineRoute({
  method: 'DELETE',
  path: '/users/sessions/:id',
  auth: 'user',
  tag,
  summary: 'Sign one of your sessions out (at once on every instance)',
  params: idParamsSchema,
  responses: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
});

export const endOtherSessions = defineRoute({
  method: 'POST',
  path: '/users/sessions/revoke-others',
  auth: 'user',
  tag,
  summary: 'Sign out every session of this account except this one',
  responses: { 200: messageResponseSchema, ...errors },
});

export const loginMfa = defineRoute({
  method: 'POST',
  path: '/users/login/mfa',
  auth: 'public',
  tag,
  summary:
    'Complete a login with the second factor: the mfa_token of POST /users/login and a TOTP or recovery code (a recovery code is spent)',
  body: loginMfaBodySchema,
  responses: { 200: loginResponseSchema, ...errors },
});

export const logout = defineRoute({
  method: 'POST',
  path: '/users/logout',
  auth: 'user',
  tag,
  summary: 'End this session',
  responses: { 200: messageResponseSchema, ...errors },
});

export const resetPassword = defineRoute({
  method: 'POST',
  path: '/users/reset-password',
  auth: 'user',
  tag,
  summary:
    'Change your password (current_password needed, except right after logging in with a temporary password); ends the other sessions',
  body: resetPasswordBodySchema,
  responses: { 200: userWithMessageResponseSchema, ...errors },
});

export const forgotPassword = defineRoute({
  method: 'POST',
  path: '/users/forgot-password',
  auth: 'public',
  tag,
  summary: 'Mail a single-use password reset link (same answer for every email)',
  body: forgotPasswordBodySchema,
  responses: { 200: messageResponseSchema, ...errors },
});

export const confirmPasswordReset = defineRoute({
  method: 'POST',
  path: '/users/reset-password/confirm',
  auth: 'public',
  tag,
  summary: 'Set a new password with the token of a reset link; ends every session',
  body: resetPasswordConfirmBodySchema,
  responses: { 200: messageResponseSchema, ...errors },
});

export const profile = defineRoute({
  method: 'GET',
  path: '/users/profile',
  auth: 'user',
  tag,
  summary: 'The logged-in user',
  responses: { 200: userResponseSchema, ...errors },
});

export const updateProfile = defineRoute({
  method: 'PUT',
  path: '/users/profile/:id',
  auth: 'user',
  tag,
  summary: 'Update your own profile (email is not changeable)',
  params: idParamsSchema,
  body: profileUpdateBodySchema,
  responses: { 200: userWithMessageResponseSchema, 404: apiErrorSchema, ...errors },
});

import { USER_MESSAGES } from '@trustlinks/contract/users';

// Server messages of the accounts area, in one place.
export const USERS_MESSAGES = {
  registered:
    'Account created successfully! Please check your email to verify your account before logging in.',
  verified: 'Email verified successfully! You can now log in.',
  alreadyVerified: 'Your email is already verified. You can log in.',
  badVerificationToken:
    'This verification link is invalid or has expired. Please request a new verification email.',
  resendAnswer:
    'If an account with that email exists and is not yet verified, we have sent a new verification email.',
  invalidCredentials: 'Invalid email or password.',
  unverified: 'Please verify your email address before logging in.',
  banned: 'This account has been suspended. Please contact support.',
  tooManyLoginAttempts: 'Too many failed login attempts. Please wait 15 minutes and try again.',
  tooManySignups: 'Too many sign-ups from your network in the last hour. Please try again later.',
  forgotPasswordAnswer:
    'If an account exists for that email, we have sent a link to reset your password. It works once, within one hour.',
  badResetToken:
    'This password reset link is invalid, expired or already used. Please request a new one.',
  currentPasswordRequired: USER_MESSAGES.currentPasswordRequired,
  wrongCurrentPassword: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Your other sessions have been logged out.',
  loggedOut: 'Logged out successfully.',
  passwordReset: 'Password reset successful! You can now log in with your new password.',
  samePassword: 'Please choose a password different from your current one.',
  profileUpdated: 'Profile updated successfully.',
  notYourProfile: 'You can only edit your own profile.',
  emailNotChangeable: 'Email address cannot be changed.',
  userNotFound: 'User not found',
  mustResetPassword: 'Please set a new password before continuing.',
  temporaryPasswordExpired:
    "Your temporary password has expired. Use 'Forgot password?' to set a new one.",
  sessionNotFound: 'That session was not found, or it has already ended.',
  sessionSignedOut: 'That session has been signed out.',
  otherSessionsSignedOut: 'All your other sessions have been signed out.',
  tooManyPasskeys: 'You have registered the most passkeys an account can have. Remove one first.',
  passkeyChallengeExpired:
    'This passkey request has expired or was already used. Please try again.',
  passkeyNotVerified: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with TrustLinks. Sign in with your password.',
  passkeyAlreadyRegistered: 'This passkey is already registered.',
  passkeyAdded: 'Passkey added. You can now sign in with it.',
  passkeyNotFound: 'Passkey not found.',
  passkeyRemoved: 'Passkey removed.',
  passkeyLastRequiredFactor:
    'Your account must keep a second factor. Add another passkey or an authenticator app before removing this one.',
} as const;

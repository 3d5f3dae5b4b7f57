import { USER_MESSAGES } from '@trustlinks/contract/user-messages';

/**
 * Every text of the auth screens (docs/product/accounts.md, docs/product/validation.md, docs/product/errors.md), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)".
 *
 * Imports the contract's messages only (user-messages.ts, without zod); still, only the lazily
 * loaded auth pages import this file, never the header or anything else on the first paint.
 */
export const SIGNUP_TEXT = {
  documentTitle: 'Sign Up',
  title: 'Create your account', // (ours)
  subtitle: 'Join TrustLinks for free and start building trusted partnerships.', // (ours)
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  submit: 'Create Account', // (ours)
  submitting: 'Creating account...', // (ours)
  passwordsDoNotMatch: USER_MESSAGES.passwordsDoNotMatch,
  failed: 'Signup failed. Please try again.',
  success:
    'Account created successfully! Please check your email to verify your account before logging in.',
  successTitle: 'Check your email', // (ours)
  goToLogin: 'Go to Login', // (ours)
  haveAccount: 'Already have an account?', // (ours)
  logIn: 'Log in', // (ours; same label as the header)
  // The consent line under the button (ours, docs/decisions/026).
  consent: {
    before: 'By creating an account you agree to the',
    terms: 'Terms of Service',
    middle: 'and confirm you have read the',
    privacy: 'Privacy Policy',
    after: '.',
  },
} as const;

export const VERIFY_TEXT = {
  documentTitle: 'Email Verification',
  verifying: 'Verifying your email...', // (ours)
  verifyingHint: 'This only takes a moment.', // (ours)
  successTitle: 'Email Verified Successfully!',
  redirectHint: 'Redirecting you to the login page in 3 seconds...', // (ours)
  continueToLogin: 'Continue to Login',
  errorTitle: 'Verification Failed',
  failed: 'Email verification failed',
  noToken: 'No verification token provided. Enter your email below to resend verification.',
  resendHeading: 'Need a new verification link?', // (ours)
  email: 'Email',
  resend: 'Resend Verification Email',
  sending: 'Sending...',
  resendSuccess: 'Verification email sent successfully! Please check your inbox.',
  resendFailed: 'Failed to send verification email',
  noAccount: "Don't have an account?", // (ours)
  signUp: 'Sign up', // (ours; same label as the header)
} as const;

export const LOGIN_TEXT = {
  documentTitle: 'Log in',
  title: 'Welcome back', // (ours)
  subtitle: 'Sign in to your TrustLinks account.', // (ours)
  email: 'Email',
  password: 'Password',
  rememberMe: 'Remember me',
  // The spec shows the button without behaviour; ours opens FORGOT_TEXT's form.
  forgotPassword: 'Forgot password?',
  submit: 'Sign In',
  submitting: 'Signing in...',
  noAccount: "Don't have an account?", // (ours)
  signUp: 'Sign up for free',
  verifiedNotice: 'Your email address is verified. You can now sign in.', // (ours)
  failed: 'Login failed. Please check your credentials.',
  success: 'Login successful!',
  // The server's 403 for an unverified address contains this (docs/product/errors.md).
  unverifiedMarker: 'verify your email',
  unverifiedToast: 'Please verify your email address before logging in.',
  verificationTitle: 'Email Verification Required',
  verificationBody:
    'Your email address has not been verified yet. Check your inbox for the verification link, or send a new one.', // (ours)
  resend: 'Resend Verification Email',
  sending: 'Sending...',
  enterEmailFirst: USER_MESSAGES.enterEmailLogin,
  resendSuccess: 'Verification email sent! Please check your inbox.',
  resendFailed: 'Failed to send verification email',
  redirecting: 'Redirecting to dashboard...',
  redirectingHint: 'Not redirected? Choose where to go:', // (ours)
  advertiserDashboard: 'Advertiser Dashboard',
  affiliateDashboard: 'Affiliate Dashboard',
  networkDashboard: 'Network Dashboard',
  userDashboard: 'User Dashboard',
  stayOnLogin: 'Stay on Login Page',
  signedInTitle: "You're signed in", // (ours)
  signedInAs: 'Signed in as', // (ours)
  goToDashboard: 'Go to Dashboard', // (ours)
  logOut: 'Log out', // (ours)
  // (ours) Passkey sign-in (docs/decisions/034).
  or: 'or',
  passkey: 'Use a passkey',
  passkeyPending: 'Waiting for your passkey...',
  passkeyFailed: 'Passkey sign-in failed. Please try again or use your password.',
  // (ours) The sign-in the browser posted itself (docs/decisions/015-form-binding.md, "Note
  // (2026-11-29): sign-in without JavaScript"): the session lives in the browser's storage, which
  // only the app's JavaScript can write.
  signedInNoScript:
    'Your email and password are right, but your dashboard and account pages need JavaScript. Turn it on and sign in again to continue.',
} as const;

export const RESET_TEXT = {
  title: 'Reset Password',
  subtitle: 'For your security, please choose a new password before continuing.', // (ours)
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  submit: 'Reset Password',
  submitting: 'Resetting...', // (ours)
  success: 'Password reset successful! You can now log in with your new password.',
  failed: 'Password reset failed. Please try again.',
  logOut: 'Log out instead', // (ours)
} as const;

/** (ours) 'Forgot password?' on /login: ask for a reset link by email (docs/decisions/010). */
export const FORGOT_TEXT = {
  title: 'Forgot your password?',
  subtitle: "Enter your account's email address and we will send you a link to choose a new one.",
  email: 'Email',
  submit: 'Send Reset Link',
  submitting: 'Sending...',
  sentTitle: 'Check your email',
  // The server's answer is shown when it gives one; this is the fallback.
  sent: 'If an account exists for that email, we have sent a link to reset your password. It works once, within one hour.',
  failed: 'Failed to send the reset link. Please try again.',
  backToLogin: 'Back to Sign In',
} as const;

/** /reset-password?token=… (ours, except the spec's reset messages of docs/product/validation.md and docs/product/errors.md). */
export const RESET_LINK_TEXT = {
  documentTitle: 'Reset Password',
  title: 'Choose a new password',
  subtitle: 'Setting a new password logs you out on every device.',
  newPassword: RESET_TEXT.newPassword,
  confirmPassword: RESET_TEXT.confirmPassword,
  submit: RESET_TEXT.submit,
  submitting: RESET_TEXT.submitting,
  success: RESET_TEXT.success,
  failed: RESET_TEXT.failed,
  noTokenTitle: 'Reset link incomplete',
  noToken: 'This page needs the link from your password reset email. Request a new link below.',
  requestNew: 'Request a new link',
  backToLogin: 'Back to Sign In',
} as const;

/** The login's second step (ours, docs/decisions/033). */
export const MFA_LOGIN_TEXT = {
  title: 'Two-factor authentication',
  intro: 'Enter the 6-digit code from your authenticator app.',
  recoveryIntro: 'Enter one of your recovery codes. Each code works once.',
  code: 'Authentication code',
  recoveryCode: 'Recovery code',
  submit: 'Verify',
  submitting: 'Verifying...',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  startOver: 'Back to Sign In',
  failed: 'Verification failed. Please try again.',
  /** A passkey instead of a code (docs/decisions/034). */
  passkey: 'Use a passkey instead',
  passkeyPending: 'Waiting for your passkey...',
  passkeyFailed: 'The passkey was not accepted. Try again or enter a code.',
  /** An account whose only second factor is a passkey (docs/decisions/034): no code to type. */
  passkeyIntro:
    'Your password was right. Confirm it is you with your passkey to finish signing in.',
  passkeyOnly: 'Use your passkey',
  passkeyOnlyFailed: 'The passkey was not accepted. Please try again.',
} as const;

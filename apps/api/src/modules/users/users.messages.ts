// Server messages of the accounts area, in one place.
export const USERS_MESSAGES = {
  registered:
    'Account created successfully! Please check your email to verify your account before logging in.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
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
  loggedOut: 'Logged out successfully.',
  passwordReset: 'Password reset successful! You can now log in with your new password.',
  samePassword: 'Please choose a password different from your current one.',
  profileUpdated: 'Profile updated successfully.',
  notYourProfile: 'You can only edit your own profile.',
  emailNotChangeable: 'Email address cannot be changed.',
  userNotFound: 'User not found',
  mustResetPassword: 'Please set a new password before continuing.',
  temporaryPasswordExpired:
    'Your temporary password has expired. Please contact support to receive a new one.',
} as const;

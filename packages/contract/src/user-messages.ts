import { MIN_PASSWORD_LENGTH } from './constants';

// Kept apart from users.ts (which builds zod schemas) so a page can show these texts without
// loading zod: the login page paints before its form's schema has loaded (docs/decisions/018).
/** Messages the forms and the API share (docs/product/validation.md, docs/product/errors.md). */
export const USER_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match.',
  newPasswordTooShort: `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  newPasswordsDoNotMatch: 'New passwords do not match',
  enterEmailLogin: 'Please enter your email address first',
  enterEmailVerify: 'Please enter your email address',
  // (ours) Changing a password while logged in (docs/decisions/010).
  currentPasswordRequired: 'Please enter your current password.',
} as const;

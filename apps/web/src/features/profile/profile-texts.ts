/**
 * Every text of the profile page (docs/product/accounts.md#profile, docs/product/errors.md), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)".
 */
import { plural } from '../../lib/plural';
export const PROFILE_TEXT = {
  title: 'My Profile',
  subtitle: 'Your name, contact details and bio.', // (ours)
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  emailHint: 'Your email address cannot be changed.', // (ours)
  phone: 'Phone',
  bio: 'Bio',
  notProvided: 'Not provided', // (ours)
  phonePlaceholder: '+1 555 123 4567', // (ours)
  bioPlaceholder: 'Tell others about yourself and your business.', // (ours)
  edit: 'Edit Profile',
  save: 'Save',
  saving: 'Saving...', // (ours)
  cancel: 'Cancel',
  saved: 'Profile updated successfully.', // (ours; the server's own message is shown when sent)
  failed: 'Failed to update profile',
} as const;

/** (ours) Changing the password of the logged-in account (docs/decisions/010). */
export const CHANGE_PASSWORD_TEXT = {
  title: 'Change Password',
  subtitle:
    'Enter your current password, then choose a new one. Your other sessions will be logged out.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  submit: 'Change Password',
  submitting: 'Changing...',
  // The server's message is shown when it gives one; these are the fallbacks.
  changed: 'Your password has been changed.',
  failed: 'Password change failed. Please try again.',
} as const;

/** The identity status on /profile (docs/decisions/027; ours). */
export const IDENTITY_TEXT = {
  title: 'Identity',
  loading: 'Checking your identity status...',
  states: {
    none: 'Not verified',
    code_sent: 'Code sent, not confirmed',
    pending_review: 'Waiting for review',
    verified: 'Verified',
  },
  why: 'Verified accounts see company contacts, and their reviews are published at once.',
  verifiedHint: 'Your reviews carry the “Verified identity” label.',
  verify: 'Verify',
} as const;

/** (ours, docs/decisions/026) The profile's "Your data": a copy of it, or deleting the account. */
export const ACCOUNT_DATA_TEXT = {
  title: 'Your data',
  intro:
    'Download a copy of everything we hold about your account, or delete the account. What is kept and what goes is in the',
  policy: 'Privacy Policy',
  download: 'Download my data',
  preparing: 'Preparing…',
  fileName: 'trustlinks-my-data.json',
  downloaded: 'Your data was downloaded.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  delete: 'Delete my account',
  confirmTitle: 'Delete your account?',
  confirmDescription:
    'Your account, reviews, votes and notifications are deleted at once and cannot be restored. A company you speak for stays listed. Enter your password to confirm.',
  password: 'Password',
  cancel: 'Cancel',
  confirm: 'Delete my account',
  deleting: 'Deleting…',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const;

/** (ours) "Where you're signed in" on the profile (docs/decisions/034). */
export const SESSIONS_TEXT = {
  title: 'Where you’re signed in',
  subtitle:
    'Devices signed in to your account. The address is the network you signed in from. If you do not recognise one, sign it out and change your password.',
  loading: 'Loading your sessions…',
  loadFailed: 'Your sessions could not be loaded.',
  unknownDevice: 'Unknown device',
  unknownAddress: 'unknown address',
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other sessions',
  confirmTitle: (n: number) =>
    n === 1 ? 'Sign out your other session?' : `Sign out your ${n} other sessions?`,
  confirmHint:
    'Every other device signed in to your account is signed out and must log in again. This device stays signed in.',
  confirmSignOut: 'Sign them out',
  cancel: 'Cancel',
  failed: 'The session could not be signed out. Please try again.',
} as const;

/** (ours) Passkeys on the profile (docs/decisions/034). */
export const PASSKEYS_TEXT = {
  title: 'Passkeys',
  subtitle:
    'Sign in without a password, with your device’s fingerprint, face or PIN. Adding or removing one asks for your current password.',
  none: 'You have no passkeys yet.',
  loading: 'Loading your passkeys…',
  unsupported: 'This browser does not support passkeys.',
  add: 'Add a passkey',
  name: 'Passkey name',
  defaultName: 'My passkey',
  currentPassword: 'Current Password',
  submit: 'Create passkey',
  submitting: 'Waiting for your device…',
  cancel: 'Cancel',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'never',
  synced: 'Synced',
  remove: 'Remove',
  removeConfirm: 'Remove passkey',
  removing: 'Removing…',
  removeHint: (name: string) => `Enter your current password to remove “${name}”.`,
  failed: 'The passkey could not be added. Please try again.',
  removeFailed: 'The passkey could not be removed. Please try again.',
  emailCode: 'Code from the email',
  emailCodeHint: 'Ask for it under Two-factor authentication above: the same code works here.',
} as const;

/**
 * (ours) The forced set-up (docs/decisions/033): a session that must set up a second factor
 * before anything else sees why and what to do, and only the two cards that can do it.
 */
export const ENROLMENT_TEXT = {
  title: 'Set up two-factor authentication to continue',
  why: 'Your role requires two-factor authentication (or an administrator has asked for it on your account), and your account has no second factor yet. Until it has one, the rest of TrustLinks, including your dashboard and the Admin Panel, stays closed and brings you back here.',
  what: 'What to do: under Two-factor authentication, email yourself a code. With that code, set up an authenticator app or add a passkey below. As soon as one is on, everything opens.',
  done: 'Two-factor authentication is on. You can now use all of TrustLinks.',
} as const;

/** The profile's two-factor card (ours, docs/decisions/033). */
export const TWO_FACTOR_TEXT = {
  title: 'Two-factor authentication',
  subtitle:
    'Sign in with your password and a second proof: a code from an authenticator app, or a passkey.',
  required:
    'Your account needs two-factor authentication. Set up an authenticator app or add a passkey to continue.',
  /** What is on (docs/decisions/033): the app, the passkeys (each a second factor), or both. */
  on: (app: boolean, passkeys: number) => {
    const keys = passkeys === 1 ? 'your passkey' : `one of your ${passkeys} passkeys`;
    if (app && passkeys > 0) {
      return `On: your sign-ins ask for a code from your authenticator app or ${keys}.`;
    }
    return app
      ? 'On: your sign-ins ask for a code from your authenticator app.'
      : `On: your sign-ins ask for ${keys}.`;
  },
  off: 'Off: your password alone signs you in.',
  addApp:
    'You can also set up an authenticator app, for devices where your passkey is not at hand.',
  codesLeft: (n: number) => `${n} recovery ${plural(n, 'code', 'codes')} left.`,
  start: 'Set up authenticator app',
  starting: 'Starting...',
  scan: 'Scan this QR code with your authenticator app, or type the secret below into it.',
  secret: 'Secret',
  qrAlt: 'QR code for your authenticator app',
  code: 'Code from the app',
  confirm: 'Turn on',
  confirming: 'Checking...',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.',
  recoveryDone: 'I have saved them',
  copyCodes: 'Copy',
  copied: 'Recovery codes copied.',
  copyFailed: 'The codes could not be copied. Select them and copy them yourself.',
  downloadCodes: 'Download (.txt)',
  codesFileName: 'trustlinks-recovery-codes.txt',
  codesFile: (codes: string[]) =>
    `TrustLinks recovery codes\nEach code signs you in once. Keep them somewhere safe.\n\n${codes.join('\n')}\n`,
  currentPassword: 'Current password',
  disable: 'Turn off',
  newCodes: 'New recovery codes',
  working: 'Working...',
  failed: 'Something went wrong. Please try again.',
  emailStep:
    'To prove it is you, we email a code to your account’s address first. Enter it here, then set up your authenticator app.',
  sendEmailCode: 'Email me a code',
  sendAgain: 'Email me a new code',
  sending: 'Sending...',
  emailCode: 'Code from the email',
} as const;

/** "Your reviewer page" on the profile (ours; docs/decisions/054). */
export const REVIEWER_PAGE_SETTING_TEXT = {
  title: 'Your reviewer page',
  intro:
    'Your published reviews that are not anonymous, your verification and the helpful votes they received, on a public page of their own. Anonymous reviews never appear on it.',
  open: 'Open your reviewer page',
  indexed: 'Search engines may list it.',
  notIndexed: (min: number) =>
    `Search engines are asked not to list it until you have ${min} published reviews.`,
  hiddenState:
    'Hidden: the page is not found for anyone but you, and your reviews do not link to it.',
  visibleState: 'Public: anyone can open it from your reviews.',
  hide: 'Hide my reviewer page',
  show: 'Show my reviewer page',
  failed: 'We could not change your reviewer page. Try again.',
} as const;

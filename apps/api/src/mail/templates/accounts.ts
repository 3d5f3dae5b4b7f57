// Mails about an account: its address, password, devices, second factor, status and company.
import { layout, hello, type RenderedMail } from './layout';

/**
 * Sent before the address is proven: no name or other text the signer chose (it could be an
 * advert aimed at whoever owns the mailbox).
 */
export function verifyEmailMail(input: { link: string }): RenderedMail {
  return {
    template: 'verify_email',
    subject: 'Verify your TrustLinks email address',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'Thanks for signing up for TrustLinks. Please confirm your email address to activate your account.',
      ],
      action: { label: 'Verify email address', url: input.link },
      after: [
        'This link expires in 24 hours and can be used once. If you did not sign up, you can ignore this email.',
      ],
    }),
  };
}

/**
 * A company was registered with this address (docs/decisions/011). The address is not proven and the form
 * is anyone's: no name, description or other text of it goes into the mail.
 */
export function registrationReceivedMail(): RenderedMail {
  return {
    template: 'registration_received',
    subject: 'We received a company registration on TrustLinks',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'A company was registered on TrustLinks with this email address as its contact. Our team reviews every registration before it is listed; when the company is approved, this address gets its account details.',
      ],
      after: [
        'If you did not register a company, you can ignore this email: nothing is published until our team has checked it.',
      ],
    }),
  };
}

/** Someone tried to sign up with an address that already has an account (no text of theirs). */
export function signupAttemptMail(input: {
  loginUrl: string;
  forgotPasswordUrl: string;
}): RenderedMail {
  return {
    template: 'signup_attempt',
    subject: 'Someone tried to sign up to TrustLinks with your email address',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'Someone just tried to create a TrustLinks account with your email address, which already has an account. No new account was created.',
        'If it was you, log in, or reset your password if you no longer know it.',
      ],
      action: { label: 'Log in', url: input.loginUrl },
      after: [
        `Forgot your password? Reset it here: ${input.forgotPasswordUrl}`,
        'If it was not you, you can ignore this email: your account is unchanged.',
      ],
    }),
  };
}

/** A single-use link to choose a new password (forgot password). */
export function passwordResetMail(input: { link: string; expiresInMinutes: number }): RenderedMail {
  return {
    template: 'password_reset',
    subject: 'Reset your TrustLinks password',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'We received a request to reset the password of the TrustLinks account for this email address.',
      ],
      action: { label: 'Choose a new password', url: input.link },
      after: [
        `This link expires in ${input.expiresInMinutes} minutes and can be used once. Setting a new password logs you out everywhere. If you did not ask for this, you can ignore this email: your password stays as it is.`,
      ],
    }),
  };
}

export function welcomeMail(input: { firstName: string; loginUrl: string }): RenderedMail {
  return {
    template: 'welcome',
    subject: 'Welcome to TrustLinks',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        'Your email address is verified and your TrustLinks account is ready.',
        'Browse offers, read and write reviews, and register your company to publish offers and requests.',
      ],
      action: { label: 'Log in to TrustLinks', url: input.loginUrl },
    }),
  };
}

/**
 * A sign-in from a device the account had not used (docs/decisions/034): when, from what and
 * where, and what to do if it was not the owner.
 */
export function newDeviceSignInMail(input: {
  firstName: string;
  /** When, in UTC. */
  at: Date;
  device: string;
  address: string;
  sessionsUrl: string;
  forgotPasswordUrl: string;
}): RenderedMail {
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    template: 'new_device_sign_in',
    subject: 'New sign-in to your TrustLinks account',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        'Your TrustLinks account was just signed in to from a device it had not used before.',
        `When: ${when}\nDevice: ${input.device}\nAddress: ${input.address}`,
        'If it was you, there is nothing to do.',
      ],
      action: { label: 'Review where you are signed in', url: input.sessionsUrl },
      after: [
        `If it was not you, sign that session out on your profile page and change your password at once. If you cannot sign in any more, reset your password here: ${input.forgotPasswordUrl}`,
      ],
    }),
  };
}

/** What changed in the account's sign-in factors (docs/decisions/033), as the mail says it. */
export const SECOND_FACTOR_CHANGES = {
  totp_enabled: 'Two-factor authentication with an authenticator app was turned on.',
  totp_disabled: 'Two-factor authentication with an authenticator app was turned off.',
  recovery_codes_regenerated: 'New recovery codes were created; the old ones no longer work.',
  passkey_added: 'A passkey was added.',
  passkey_removed: 'A passkey was removed.',
} as const;

export type SecondFactorChange = keyof typeof SECOND_FACTOR_CHANGES;

/**
 * The owner changed how the account signs in, from its own profile: told at once, so that a
 * change they did not make (a taken-over session) does not go unseen.
 */
export function secondFactorChangedMail(input: {
  firstName: string;
  change: SecondFactorChange;
  /** The passkey's name, when a passkey changed. */
  passkeyName?: string;
  /** When, in UTC. */
  at: Date;
  profileUrl: string;
  forgotPasswordUrl: string;
}): RenderedMail {
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what = input.passkeyName
    ? `${SECOND_FACTOR_CHANGES[input.change]}\nPasskey: ${input.passkeyName}`
    : SECOND_FACTOR_CHANGES[input.change];
  return {
    template: 'second_factor_changed',
    subject: 'The sign-in settings of your TrustLinks account changed',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [`${what}\nWhen: ${when}`, 'If it was you, there is nothing to do.'],
      action: { label: 'Review your sign-in settings', url: input.profileUrl },
      after: [
        `If it was not you, someone may be signed in to your account: sign out the sessions you do not know on your profile page and change your password at once. If you cannot sign in any more, reset your password here: ${input.forgotPasswordUrl}`,
      ],
    }),
  };
}

export function entityAccountCreatedMail(input: {
  entityName: string;
  email: string;
  temporaryPassword: string;
  loginUrl: string;
  expiresInDays: number;
}): RenderedMail {
  return {
    template: 'entity_account_created',
    subject: `${input.entityName} is approved on TrustLinks — your login`,
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        `Good news: ${input.entityName} has been approved on TrustLinks, and we created an account for it.`,
        `Email: ${input.email}\nTemporary password: ${input.temporaryPassword}`,
        `The temporary password works once and expires in ${input.expiresInDays} days. You will be asked to choose your own password when you first log in.`,
      ],
      action: { label: 'Log in', url: input.loginUrl },
    }),
  };
}

export function entityLinkedMail(input: {
  firstName: string;
  entityName: string;
  role: string;
  loginUrl: string;
}): RenderedMail {
  return {
    template: 'entity_linked',
    subject: `${input.entityName} is approved on TrustLinks`,
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `${input.entityName} has been approved on TrustLinks and linked to your existing account, which now has the ${input.role} role.`,
        'Log in with your usual password to manage it from your dashboard.',
      ],
      action: { label: 'Log in', url: input.loginUrl },
    }),
  };
}

/**
 * An admin banned or unbanned the account (docs/decisions/032); the reason is the admin's own text, sent as
 * plain text (escaped in the HTML part like every value here).
 */
export function accountStatusMail(input: {
  firstName: string | null;
  status: 'active' | 'banned';
  reason: string;
  contactUrl: string;
}): RenderedMail {
  const banned = input.status === 'banned';
  return {
    template: banned ? 'account_banned' : 'account_unbanned',
    subject: banned
      ? 'Your TrustLinks account was suspended'
      : 'Your TrustLinks account is active again',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: banned
        ? [
            'An administrator suspended your TrustLinks account. You are signed out and cannot sign in while it is suspended; your reviews are hidden until it is lifted.',
            `Reason: ${input.reason}`,
          ]
        : [
            'An administrator lifted the suspension of your TrustLinks account. You can sign in again.',
            `Reason: ${input.reason}`,
          ],
      ...(banned ? { action: { label: 'Contact us', url: input.contactUrl } } : {}),
    }),
  };
}

/** An admin removed the account's second factor (docs/decisions/033): the owner hears of it. */
/**
 * The code that proves the mailbox when an account that must have a second factor sets one up
 * from its enrolment-only session (docs/decisions/033). Flagged secret by the caller.
 */
export function mfaEnrolmentCodeMail(input: {
  firstName: string;
  code: string;
  expiresInMinutes: number;
  forgotPasswordUrl: string;
}): RenderedMail {
  return {
    template: 'mfa_enrolment_code',
    // Not in the subject: the outbox scrubs bodies after delivery, not subjects.
    subject: 'Your TrustLinks code to set up two-factor authentication',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        'Someone signed in to your TrustLinks account with its password and is setting up two-factor authentication. Enter this code to confirm that it is you:',
        input.code,
      ],
      after: [
        `The code expires in ${input.expiresInMinutes} minutes and can be used once.`,
        `If this was not you, do not share the code: someone knows your password. Change it now: ${input.forgotPasswordUrl}`,
      ],
    }),
  };
}

/** Every other admin hears of an admin's reset of an account's second factor. */
export function mfaResetAdminNoticeMail(input: {
  firstName: string | null;
  actor: string;
  target: string;
  at: Date;
  usersUrl: string;
}): RenderedMail {
  return {
    template: 'mfa_reset_admin_notice',
    subject: 'An administrator removed an account’s two-factor authentication',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `${input.actor} removed the second factors of ${input.target} (authenticator app, recovery codes and passkeys) on ${input.at.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
        'If nobody asked for this, the administrator account that did it may be taken over: check with them and with the account owner at once.',
      ],
      action: { label: 'Open the user list', url: input.usersUrl },
    }),
  };
}

export function mfaResetByAdminMail(input: { firstName: string; loginUrl: string }): RenderedMail {
  return {
    template: 'mfa_reset_by_admin',
    subject: 'Two-factor authentication was removed from your TrustLinks account',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        'An administrator removed the second factors of your TrustLinks account (authenticator app, recovery codes and passkeys), and signed it out everywhere.',
        'Log in and set up two-factor authentication again from your profile.',
      ],
      action: { label: 'Log in to TrustLinks', url: input.loginUrl },
      after: [
        'If you did not ask for this, reply to this email or contact us at once: someone may be trying to take over your account.',
      ],
    }),
  };
}

/**
 * The account was deleted (docs/decisions/026): sent to the address it had, after the deletion,
 * so a deletion the owner did not ask for (a stolen session and password) does not go unseen.
 */
export function accountDeletedMail(input: {
  firstName: string;
  at: Date;
  contactUrl: string;
}): RenderedMail {
  return {
    template: 'account_deleted',
    subject: 'Your TrustLinks account has been deleted',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `Your TrustLinks account was deleted on ${input.at.toISOString().replace('T', ' ').slice(0, 16)} UTC, as asked with its password. Your sessions, reviews, votes, notifications, saved searches and second factors are gone; a company you spoke for stays, with its other members.`,
        'This is the last mail we send to this address about the account.',
      ],
      action: { label: 'Contact us', url: input.contactUrl },
      after: ['If you did not delete your account, contact us at once.'],
    }),
  };
}

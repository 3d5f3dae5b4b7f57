// Every mail the product sends, as plain text and simple HTML. Values are escaped in HTML.

export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A small, consistent frame: greeting, paragraphs, an optional button, a footer. */
function layout(opts: {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}): { text: string; html: string } {
  const textParts = [opts.greeting, '', ...opts.paragraphs.flatMap((p) => [p, ''])];
  if (opts.action) textParts.push(`${opts.action.label}: ${opts.action.url}`, '');
  for (const p of opts.after ?? []) textParts.push(p, '');
  textParts.push('— The TrustLinks team');

  const p = (s: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">${p(opts.greeting)}${opts.paragraphs.map(p).join('')}${button}${(opts.after ?? []).map(p).join('')}<p style="margin:24px 0 0;color:#555">— The TrustLinks team</p></body></html>`;
  return { text: textParts.join('\n'), html };
}

const hello = (name: string | null | undefined) => (name ? `Hi ${name},` : 'Hello,');

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
 * A company was registered with this address (issue 24). The address is not proven and the form
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

export function contactRequestMail(input: {
  recipientName: string | null;
  senderName: string;
  senderEntityName: string | null;
  senderEmail: string;
  requestTitle: string;
  message: string;
}): RenderedMail {
  const from = input.senderEntityName
    ? `${input.senderName} (${input.senderEntityName})`
    : input.senderName;
  return {
    template: 'contact_request',
    subject: `New message about your offer request "${input.requestTitle}"`,
    ...layout({
      greeting: hello(input.recipientName),
      paragraphs: [
        `${from} contacted you through TrustLinks about your offer request "${input.requestTitle}":`,
        input.message,
      ],
      after: [`Reply to this email to answer ${input.senderName} directly (${input.senderEmail}).`],
    }),
  };
}

export function bidReceivedMail(input: {
  recipientName: string | null;
  bidderEntityName: string;
  requestTitle: string;
  /** With its payout model: "$32.50 CPA" (bidAmountLabel). */
  amount: string;
  notes: string | null;
  dashboardUrl: string;
  /** Sent as a notification (issue 15): the one-click unsubscribe of bid mails. */
  unsubscribe?: { url: string; label: string };
}): RenderedMail {
  return {
    template: 'bid_received',
    subject: `New counter offer on "${input.requestTitle}"`,
    ...layout({
      greeting: hello(input.recipientName),
      paragraphs: [
        `${input.bidderEntityName} submitted a counter offer of ${input.amount} on your offer request "${input.requestTitle}".`,
        ...(input.notes ? [`Notes: ${input.notes}`] : []),
      ],
      action: { label: 'View bids', url: input.dashboardUrl },
      ...(input.unsubscribe ? { after: [unsubscribeLine(input.unsubscribe)] } : {}),
    }),
  };
}

export function identityVerifiedMail(input: {
  firstName: string;
  method: 'linkedin' | 'business_email';
  databaseUrl: string;
  /** An admin's note on an approved LinkedIn claim. */
  note?: string | null;
  /** Sent as a notification (issue 15): the one-click unsubscribe of these mails. */
  unsubscribe?: { url: string; label: string };
}): RenderedMail {
  const how = input.method === 'linkedin' ? 'your LinkedIn profile' : 'your business email address';
  return {
    template: 'identity_verified',
    subject: 'Your identity is verified on TrustLinks',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `Thanks — we verified your identity through ${how}. You now have full access to company contacts in the TrustLinks database.`,
        ...(input.note ? [`Note from our team: ${input.note}`] : []),
      ],
      action: { label: 'Open the company database', url: input.databaseUrl },
      ...(input.unsubscribe ? { after: [unsubscribeLine(input.unsubscribe)] } : {}),
    }),
  };
}

/**
 * The code that proves a business address (identity verification). The address is not proven
 * yet, so the mail carries no name or other text of the requester's; it is flagged secret.
 */
export function identityCodeMail(input: { code: string; expiresInMinutes: number }): RenderedMail {
  return {
    template: 'identity_code',
    // Not in the subject: the outbox scrubs bodies after delivery, not subjects.
    subject: 'Your TrustLinks verification code',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'A TrustLinks user asked to verify their identity with this business email address. Enter this code in TrustLinks to confirm that the address is theirs:',
        input.code,
      ],
      after: [
        `The code expires in ${input.expiresInMinutes} minutes and can be used once. If you did not ask for it, ignore this email: nothing changes without the code.`,
      ],
    }),
  };
}

/** An admin rejected a LinkedIn identity claim; the note says why. */
export function identityClaimRejectedMail(input: {
  firstName: string;
  profileUrl: string;
  note: string;
  databaseUrl: string;
  /** Sent as a notification (issue 15): the one-click unsubscribe of these mails. */
  unsubscribe?: { url: string; label: string };
}): RenderedMail {
  return {
    template: 'identity_claim_rejected',
    subject: 'Your TrustLinks identity verification was not approved',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `We could not verify your identity through the LinkedIn profile ${input.profileUrl}.`,
        `Reason: ${input.note}`,
        'You can try again with another profile, or verify instantly with your business email address.',
      ],
      action: { label: 'Open the company database', url: input.databaseUrl },
      ...(input.unsubscribe ? { after: [unsubscribeLine(input.unsubscribe)] } : {}),
    }),
  };
}

/**
 * A notification sent by email too (issue 15): what happened, a link to its page, and the
 * one-click unsubscribe link for this kind of event.
 */
export function notificationMail(input: {
  firstName: string | null;
  subject: string;
  body: string;
  url: string | null;
  unsubscribe: { url: string; label: string };
}): RenderedMail {
  return {
    template: 'notification',
    subject: input.subject,
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [input.body],
      ...(input.url ? { action: { label: 'Open in TrustLinks', url: input.url } } : {}),
      after: [unsubscribeLine(input.unsubscribe)],
    }),
  };
}

/**
 * The changes to an offer an affiliate runs (docs/decisions/030): one mail per affiliate and offer
 * an hour, listing every change since the last one, oldest first.
 */
export function offerChangedMail(input: {
  firstName: string | null;
  offerTitle: string;
  changes: { label: string; oldValue: string; newValue: string; field: string }[];
  url: string;
  unsubscribe: { url: string; label: string };
}): RenderedMail {
  const labels = [...new Set(input.changes.map((c) => c.label))];
  const landing = input.changes.filter((c) => c.field === 'landing_page_url').at(-1);
  const lines = input.changes.map(
    (c) => `• ${c.label}: ${c.newValue} (was ${c.oldValue || 'none'})`,
  );
  return {
    template: 'offer_changed',
    subject:
      labels.length === 1 && landing
        ? `The landing page of "${input.offerTitle}" changed`
        : `"${input.offerTitle}" changed: ${labels.join(', ')}`,
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        input.changes.length === 1
          ? `The offer "${input.offerTitle}" you run changed:`
          : `The offer "${input.offerTitle}" you run changed ${input.changes.length} times since we last wrote, oldest first:`,
        lines.join('\n'),
        ...(landing
          ? [
              `Your tracking link for "${input.offerTitle}" now sends visitors to ${landing.newValue}.`,
            ]
          : []),
        'We write about one offer at most once an hour; changes made meanwhile come together in the next mail.',
      ],
      action: { label: 'Open the offer', url: input.url },
      after: [unsubscribeLine(input.unsubscribe)],
    }),
  };
}

/** The footer of every notification mail: why it came, and the one-click way to stop it. */
function unsubscribeLine(unsubscribe: { url: string; label: string }): string {
  return `You get this email because of your notification settings (${unsubscribe.label}). Stop these emails with one click: ${unsubscribe.url}`;
}

/**
 * The daily digest of saved searches (issue 26): each search with new offers, how many, and the
 * link to the explorer filtered as saved; the one-click unsubscribe link of the alerts.
 */
export function savedSearchDigestMail(input: {
  firstName: string | null;
  subject: string;
  searches: { name: string; newOffers: string; url: string }[];
  unsubscribe: { url: string; label: string };
}): RenderedMail {
  return {
    template: 'saved_search_digest',
    subject: input.subject,
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        'New offers match your saved searches:',
        ...input.searches.map((s) => `${s.name}: ${s.newOffers}\n${s.url}`),
      ],
      after: [unsubscribeLine(input.unsubscribe)],
    }),
  };
}

// ── Contact messages (issue 24, docs/decisions/026-public-pages-and-data-rights.md) ─────────────

/** The Contact page's message, to the admins (proven addresses: the sender's text goes along). */
export function contactAdminMail(input: {
  name: string;
  email: string;
  subject: string;
  message: string;
  adminUrl: string;
}): RenderedMail {
  return {
    template: 'contact_admin',
    subject: `Contact form: ${input.subject}`,
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        `${input.name} (${input.email}) wrote through the Contact page. The sender's address is not verified: answer with care.`,
        input.message,
      ],
      action: { label: 'Open the Contact tab', url: input.adminUrl },
    }),
  };
}

/**
 * A member's message to a company (docs/decisions/026): told to the company's verified accounts
 * as a member's message, never in our voice and without the member's text (it stays in the app,
 * behind the link, where only the company's accounts can read it). Nor does it carry the name the
 * member chose: free text ("TrustLinks: payouts frozen, verify at https://…") that a mail client
 * would show as our words and make a link of; the Messages tab shows it. `senderVerified` says
 * what we checked about them.
 */
export function entityContactMail(input: {
  recipientName: string | null;
  entityName: string;
  /** What we verified about the sender, e.g. "identity not verified" (ENTITY_MESSAGE_SENDER). */
  senderVerified: string;
  url: string;
  unsubscribe: { url: string; label: string };
}): RenderedMail {
  return {
    template: 'entity_contact',
    subject: 'A TrustLinks member sent you a message',
    ...layout({
      greeting: hello(input.recipientName),
      paragraphs: [
        `A TrustLinks member sent ${input.entityName} a message through its company page (${input.senderVerified}).`,
        'The message is written by the member, not by TrustLinks, and we do not copy it into email. Read it on TrustLinks, where only your company’s accounts can see it.',
      ],
      action: { label: 'Read the message', url: input.url },
      after: [unsubscribeLine(input.unsubscribe)],
    }),
  };
}

/**
 * The same message for a company address no account has proven: a fixed notice, without the
 * member's text or name (it could be an advert aimed at whoever owns the mailbox).
 */
export function entityContactNoticeMail(input: { registerUrl: string }): RenderedMail {
  return {
    template: 'entity_contact_notice',
    subject: 'A TrustLinks member wants to join your program',
    ...layout({
      greeting: 'Hello,',
      paragraphs: [
        'A signed-in member of TrustLinks asked to join your program from your company page. Your address is not confirmed with us, so we do not forward their message by email.',
        'Claim your company on TrustLinks with this address to read it.',
      ],
      action: { label: 'Register your company', url: input.registerUrl },
    }),
  };
}

/**
 * An admin banned or unbanned the account (issue 27); the reason is the admin's own text, sent as
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

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

export function verifyEmailMail(input: { firstName: string; link: string }): RenderedMail {
  return {
    template: 'verify_email',
    subject: 'Verify your TrustLinks email address',
    ...layout({
      greeting: hello(input.firstName),
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
  amount: string;
  notes: string | null;
  dashboardUrl: string;
}): RenderedMail {
  return {
    template: 'bid_received',
    subject: `New counter offer on "${input.requestTitle}"`,
    ...layout({
      greeting: hello(input.recipientName),
      paragraphs: [
        `${input.bidderEntityName} submitted a counter offer of $${input.amount} on your offer request "${input.requestTitle}".`,
        ...(input.notes ? [`Notes: ${input.notes}`] : []),
      ],
      action: { label: 'View bids', url: input.dashboardUrl },
    }),
  };
}

export function identityVerifiedMail(input: {
  firstName: string;
  method: 'linkedin' | 'business_email';
  databaseUrl: string;
}): RenderedMail {
  const how = input.method === 'linkedin' ? 'your LinkedIn profile' : 'your business email address';
  return {
    template: 'identity_verified',
    subject: 'Your identity is verified on TrustLinks',
    ...layout({
      greeting: hello(input.firstName),
      paragraphs: [
        `Thanks — we verified your identity through ${how}. You now have full access to company contacts in the TrustLinks database.`,
      ],
      action: { label: 'Open the company database', url: input.databaseUrl },
    }),
  };
}

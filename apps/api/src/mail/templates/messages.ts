// Mails that carry what happens on the marketplace: notifications, messages, offer changes, digests.
import { layout, hello, unsubscribeLine, type RenderedMail } from './layout';

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
  /** Sent as a notification (docs/decisions/014): the one-click unsubscribe of bid mails. */
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

/**
 * A notification sent by email too (docs/decisions/014): what happened, a link to its page, and the
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

/**
 * The daily digest of saved searches (docs/decisions/028): each search with new offers, how many, and the
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

// ── Contact messages (docs/decisions/026-public-pages-and-data-rights.md) ─────────────

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

/** An invitation to review a company (docs/decisions/057-review-invitations.md). */
export function reviewInvitationMail(input: {
  entityName: string;
  inviterName: string;
  url: string;
  expiresDays: number;
}): RenderedMail {
  return {
    template: 'review_invitation',
    subject: `${input.entityName} invites you to review your work together`,
    ...layout({
      greeting: hello(null),
      paragraphs: [
        `${input.inviterName} of ${input.entityName} asks you to review ${input.entityName} on TrustLinks, the trust directory of the affiliate-marketing industry.`,
        'Your review is published like any other: the company does not see it first and cannot choose which reviews appear. It will carry the label "Invited".',
      ],
      action: { label: 'Write your review', url: input.url },
      after: [
        `The link works once and expires in ${input.expiresDays} days. If you did not work with ${input.entityName}, ignore this email.`,
      ],
    }),
  };
}

/**
 * New messages in a deal's conversation (docs/decisions/050-deal-threads.md): at most one mail per
 * thread and hour to each account of the other side; later messages of the hour gather in the
 * next one. Never the text (written by a member, not by us): only who wrote and where to read it.
 */
export function threadMessageMail(input: {
  recipientName: string | null;
  /** The other company (or member). */
  counterpart: string;
  title: string;
  count: number;
  url: string;
  unsubscribe: { url: string; label: string };
}): RenderedMail {
  const what = input.count === 1 ? 'a new message' : `${input.count} new messages`;
  return {
    template: 'thread_message',
    subject: `New message from ${input.counterpart} on TrustLinks`,
    ...layout({
      greeting: hello(input.recipientName),
      paragraphs: [
        `${input.counterpart} sent you ${what} about “${input.title}”.`,
        'Messages are written by members, not by TrustLinks, and we do not copy them into email. Read and answer it on TrustLinks, where only your two companies can see it.',
      ],
      action: { label: 'Open the conversation', url: input.url },
      after: [unsubscribeLine(input.unsubscribe)],
    }),
  };
}

import { z } from 'zod';
import { emailSchema } from './users';
import { requiredText } from './fields';
import { isPublicWebUrl } from './public-url';

/**
 * Contact messages (docs/decisions/026-public-pages-and-data-rights.md): the Contact
 * page's form to the admins, and a member's message to a company ('Join' without a sign-up page).
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
  adminListDefault: 20,
  adminListMax: 100,
} as const;

export const CONTACT_MESSAGES = {
  sent: 'Thank you. Your message has reached the TrustLinks team; we answer by email.',
  rateLimited: 'You have sent several messages in the last hour. Please wait before sending more.',
  companyRateLimited:
    'This company has received many messages today. Please try again tomorrow, or reach it through its website.',
  notOwnCompany: 'Only the accounts of this company can read its messages.',
  entitySent: 'Your message is on its way to the company.',
  entityNoticeSent:
    'The company has not confirmed its email address with us yet, so it gets a short notice that a member wants to join, without your text. Your message is kept with us until they do.',
  entityNotContactable: 'This company cannot be contacted through TrustLinks yet.',
  entityOwn: 'This is your own company.',
  entityWarned: 'This company is under an active warning; joining is paused.',
  entityNotFound: 'Entity not found',
  noSignupPage: 'This company has no sign-up page on TrustLinks.',
  messageTooShort: `Message must be at least ${CONTACT_LIMITS.messageMin} characters`,
  notFound: 'Message not found',
  markedRead: 'Marked as read',
} as const;

const messageField = requiredText(CONTACT_LIMITS.messageMax, 'Message').refine(
  (v) => v.length >= CONTACT_LIMITS.messageMin,
  CONTACT_MESSAGES.messageTooShort,
);

/** POST /api/contact: anyone; a signed-in sender's name and address come from the session. */
export const contactFormSchema = z.object({
  name: requiredText(CONTACT_LIMITS.nameMax, 'Name'),
  email: emailSchema,
  subject: requiredText(CONTACT_LIMITS.subjectMax, 'Subject'),
  message: messageField,
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** POST /api/entities/:id/contact: a signed-in member's message to a company. */
export const entityContactSchema = z.object({ message: messageField });
export type EntityContactInput = z.input<typeof entityContactSchema>;

export const contactSentResponseSchema = z.object({
  message: z.string(),
  /** False when the company's address is unproven and it got a notice without the text. */
  delivered_text: z.boolean().optional(),
  /** The conversation the message opened or went into (docs/decisions/050-deal-threads.md). */
  thread_id: z.string().optional(),
});

export const contactMessageSchema = z.object({
  message_id: z.string(),
  kind: z.enum(['site', 'entity']),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  entity_id: z.string().nullable(),
  entity_name: z.string().nullable(),
  sender_user_id: z.string().nullable(),
  delivered_text: z.boolean(),
  status: z.enum(['new', 'read']),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * What we verified about the sender of a member's message (docs/decisions/026): shown beside the
 * name the member chose, in the company's mail and on its Messages tab.
 */
export const SENDER_CHECKS = ['identity_verified', 'company_member'] as const;
export type SenderCheck = (typeof SENDER_CHECKS)[number];

/** "identity verified, member of Apex Media" or "not verified": one rule for API and web. */
export function senderVerifiedText(checks: readonly SenderCheck[], company: string | null): string {
  const parts: string[] = [];
  if (checks.includes('identity_verified')) parts.push('identity verified');
  if (checks.includes('company_member') && company)
    parts.push(`member of ${company}, a company verified on TrustLinks`);
  return parts.length ? parts.join(', ') : 'not verified: neither identity nor company';
}

/** GET /api/entities/:id/messages: a member's message as the company's accounts read it. */
export const entityMessageSchema = z.object({
  message_id: z.string(),
  /** The name the member gave themselves. */
  sender_name: z.string(),
  sender_email: z.string(),
  sender_checks: z.array(z.enum(SENDER_CHECKS)),
  /** The sender's company when it is approved (with 'company_member'). */
  sender_company: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type EntityMessage = z.infer<typeof entityMessageSchema>;

export const entityMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONTACT_LIMITS.adminListMax)
    .default(CONTACT_LIMITS.adminListDefault),
});

export const entityMessagesResponseSchema = z.object({
  messages: z.array(entityMessageSchema),
  has_more: z.boolean(),
});
export type EntityMessagesResponse = z.infer<typeof entityMessagesResponseSchema>;

/** The admin's Contact tab: the same pages as a company's messages, plus a status filter. */
export const contactMessagesQuerySchema = entityMessagesQuerySchema.extend({
  status: z.enum(['all', 'new']).default('all'),
});

export const contactMessagesResponseSchema = z.object({
  messages: z.array(contactMessageSchema),
  has_more: z.boolean(),
});
export type ContactMessagesResponse = z.infer<typeof contactMessagesResponseSchema>;

/**
 * The sign-up page 'Join' opens: the entity's `signup_url` metadata when it is an http(s) URL,
 * on the public web (./public-url, docs/decisions/025), else null (the button opens the contact
 * form instead). The API (at redirect time, whatever is stored) and the web app share this rule.
 */
export function entitySignupUrl(
  metadata: Record<string, unknown> | null | undefined,
): string | null {
  const value = metadata?.signup_url;
  if (typeof value !== 'string' || value.length > 2048) return null;
  const url = value.trim();
  // A scheme of http or https, then a host: nothing else (javascript:, data:, //host) passes;
  // and a host on the public web (./public-url), also for a value stored before that rule.
  if (!/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(url)) return null;
  return isPublicWebUrl(url) ? url : null;
}

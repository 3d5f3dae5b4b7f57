import { z } from 'zod';
import type { Role } from './constants';

/** Every event a user can be notified of (docs/decisions/014), with the label /profile shows. */
export const NOTIFICATION_TYPES = [
  'review_received',
  'review_reply',
  'review_moderated',
  'bid_received',
  'bid_decided',
  'application_received',
  'application_decided',
  'offer_changed',
  'entity_decision',
  'identity_decision',
  'saved_search_alert',
  'company_message',
  'thread_message',
  'thread_report_resolved',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  review_received: 'A new review of your company',
  review_reply: 'A reply or dispute on your review',
  review_moderated: 'A moderation decision on your review',
  bid_received: 'A bid on your offer request',
  bid_decided: 'An answer to your counter offer',
  application_received: 'An application to your offer',
  application_decided: 'A decision on your application',
  offer_changed: 'A change to an offer you run',
  entity_decision: 'Approval or rejection of your company',
  identity_decision: 'A decision on your identity verification',
  saved_search_alert: 'New offers for your saved searches (a daily digest)',
  company_message: 'A member’s message to your company',
  thread_message: 'A new message in one of your conversations',
  thread_report_resolved: 'An admin’s decision on a message you reported',
};

/**
 * The events each role can receive (docs/decisions/027): the settings show only these. Companies hear of
 * their reviews; offer owners (advertisers, networks) of applications; offer runners (affiliates,
 * networks) of decisions, of changes to the offers they run and of bids on their requests;
 * everyone of their own reviews, companies, identity and saved searches (docs/decisions/028).
 */
const EVERYONE = [
  'review_reply',
  'review_moderated',
  'entity_decision',
  'identity_decision',
  'saved_search_alert',
  'thread_message',
  'thread_report_resolved',
] as const;
export const NOTIFICATION_TYPES_BY_ROLE: Record<Role, readonly NotificationType[]> = {
  user: EVERYONE,
  admin: EVERYONE,
  advertiser: [
    'review_received',
    ...EVERYONE,
    'bid_decided',
    'application_received',
    'company_message',
  ],
  affiliate: [
    'review_received',
    ...EVERYONE,
    'bid_received',
    'application_decided',
    'offer_changed',
    'company_message',
  ],
  network: NOTIFICATION_TYPES,
};
/** The event types a role can receive, in the order of NOTIFICATION_TYPES. */
export const notificationTypesFor = (role: Role): NotificationType[] =>
  NOTIFICATION_TYPES.filter((t) => NOTIFICATION_TYPES_BY_ROLE[role].includes(t));

export const NOTIFICATION_LIMITS = { pageDefault: 20, pageMax: 50, readIdsMax: 100 } as const;

/** How often the bell asks for the unread count (docs/decisions/014-marketplace-loop.md). */
export const NOTIFICATION_POLL_MS = 30_000;

export const NOTIFICATION_MESSAGES = {
  marked: 'Notifications marked as read.',
  preferencesSaved: 'Notification preferences saved.',
  unsubscribed: (label: string) =>
    `You will no longer get emails about: ${label}. You still see it behind the bell.`,
  badUnsubscribeLink: 'This unsubscribe link is not valid.',
} as const;

export const notificationSchema = z.object({
  notification_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  /** Older than this notification (keyset paging, newest first). */
  before: z.uuid('before must be a notification id').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIMITS.pageMax, `limit must be at most ${NOTIFICATION_LIMITS.pageMax}`)
    .default(NOTIFICATION_LIMITS.pageDefault),
});

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  /** Conversations with a message the caller has not read (docs/decisions/050-deal-threads.md). */
  unread_threads: z.number().int(),
  has_more: z.boolean(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /notifications/read's answer: how many were marked and what is left unread. */
export const markReadResponseSchema = z.object({
  message: z.string(),
  marked: z.number().int(),
  unread_count: z.number().int(),
});
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

/** POST /notifications/read: some ids, or all. */
export const markReadSchema = z.union([
  z.object({
    ids: z
      .array(z.uuid('ids must be notification ids'))
      .min(1, 'Give at least one id, or all: true')
      .max(NOTIFICATION_LIMITS.readIdsMax),
  }),
  z.object({ all: z.literal(true) }),
]);

export const notificationPreferencesSchema = z.object({
  /** The event types also sent by email (the rest: in app only). */
  email: z.array(z.enum(NOTIFICATION_TYPES)).max(NOTIFICATION_TYPES.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesResponseSchema = notificationPreferencesSchema.extend({
  message: z.string(),
});

export const unsubscribeSchema = z.object({
  token: z.string().trim().min(1).max(200),
  type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }),
});

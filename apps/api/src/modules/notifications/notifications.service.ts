import type { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  notificationTypesFor,
  type markReadSchema,
  type Notification,
  type NotificationType,
  type notificationsQuerySchema,
} from '@trustlinks/contract/notifications';
import type { AuthUser } from '../../auth/sessions.service';
import type { DbOrTx } from '../../db/client';
import type { NotificationRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { enqueueCoalescedMails, outboxRow } from '../../mail/outbox.repository';
import { unreadCount as unreadThreadCount } from '../threads/threads.service';
import { notificationMail, type RenderedMail } from '../../mail/templates';
import {
  countUnread,
  findNotification,
  findRecipients,
  findSettings,
  insertNotifications,
  listNotifications,
  markRead,
  saveEmailOff,
  unsubscribeByToken,
} from './notifications.repository';

/** The bell shows "99+" past this; counting stops here. */
export const UNREAD_COUNT_CAP = 100;

export interface NotificationEvent {
  type: NotificationType;
  /** Users by id, and/or every account of an entity. */
  to: { userIds?: (string | null | undefined)[]; entityId?: string | null };
  /** Whoever caused the event is not notified of it. */
  actorUserId?: string | null;
  title: string;
  body: string;
  /** In-app path of the page the notification opens, e.g. /offer/{id}. */
  link: string | null;
  /**
   * The event's own mail, where it has one (else the generic notification mail); it must show
   * the unsubscribe link it is given.
   */
  mail?: (recipient: { firstName: string | null }, unsubscribe: UnsubscribeLink) => RenderedMail;
  /**
   * Mail only, no row behind the bell: the bell counts unread conversations itself
   * (docs/decisions/050-deal-threads.md).
   */
  mailOnly?: boolean;
  /** The event already mailed these users in its transaction: record it for them in app only. */
  alreadyMailed?: string[];
  /**
   * Mail each recipient at most once per `topic` and `windowMs` (docs/decisions/030): the items of
   * events within the window gather in one later mail, rendered by `mail` with all of them. The
   * in-app notification is still one per event. Replaces `mail`.
   */
  coalescedMail?: {
    topic: string;
    windowMs: number;
    items: unknown[];
    mail: (
      recipient: { firstName: string | null },
      unsubscribe: UnsubscribeLink,
      items: unknown[],
    ) => RenderedMail;
  };
}

export interface UnsubscribeLink {
  url: string;
  /** What the link stops, e.g. "A bid on your offer request". */
  label: string;
}

/**
 * Records a notification for each recipient and queues its email for those who want that type
 * by mail. Call it with the transaction of the event itself (so both commit or neither does), and
 * call deps.wakeMailer() after the commit.
 */
export async function notify(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  event: NotificationEvent,
): Promise<void> {
  const userIds = (event.to.userIds ?? []).filter((id): id is string => Boolean(id));
  const recipients = (await findRecipients(tx, { userIds, entityId: event.to.entityId })).filter(
    (r) => r.id !== event.actorUserId,
  );
  if (!recipients.length) return;
  const appUrl = deps.config.APP_URL;
  const mailed = recipients.filter(
    (r) => !r.emailOff.includes(event.type) && !event.alreadyMailed?.includes(r.id),
  );
  const unsubscribeOf = (r: (typeof recipients)[number]): UnsubscribeLink => {
    const query = new URLSearchParams({ token: r.unsubscribeToken, type: event.type });
    return {
      url: `${appUrl}/unsubscribe?${query.toString()}`,
      label: NOTIFICATION_TYPE_LABELS[event.type],
    };
  };
  const envelopeOf = (r: (typeof recipients)[number]) => ({
    to: r.email,
    recipientUserId: r.id,
    senderUserId: event.actorUserId ?? null,
  });
  const coalesced = event.coalescedMail;
  const mails = coalesced
    ? []
    : mailed.map((r) => {
        const unsubscribe = unsubscribeOf(r);
        const firstName = r.firstName || null;
        return outboxRow(
          envelopeOf(r),
          event.mail
            ? event.mail({ firstName }, unsubscribe)
            : notificationMail({
                firstName,
                subject: event.title,
                body: event.body,
                url: event.link ? `${appUrl}${event.link}` : null,
                unsubscribe,
              }),
        );
      });
  await insertNotifications(
    tx,
    (event.mailOnly ? [] : recipients).map((r) => ({
      userId: r.id,
      type: event.type,
      title: event.title,
      body: event.body,
      link: event.link,
    })),
    mails,
  );
  if (coalesced) {
    await enqueueCoalescedMails(
      tx,
      coalesced.topic,
      coalesced.windowMs,
      mailed.map((r) => ({
        envelope: envelopeOf(r),
        items: coalesced.items,
        render: (items) =>
          coalesced.mail({ firstName: r.firstName || null }, unsubscribeOf(r), items),
      })),
    );
  }
}

function toNotification(row: NotificationRow): Notification {
  return {
    notification_id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

type ListQuery = z.output<typeof notificationsQuerySchema>;

export async function listForUser(deps: Deps, user: AuthUser, query: ListQuery) {
  const before = query.before ? await findNotification(deps.db, user.id, query.before) : null;
  if (query.before && !before) throw badRequest('before must be one of your notifications');
  const [rows, unreadThreads] = await Promise.all([
    listNotifications(deps.db, user.id, before ?? null, query.limit + 1),
    // The bell's one request also says how many conversations wait (docs/decisions/050).
    unreadThreadCount(deps.db, user),
  ]);
  return {
    notifications: rows.slice(0, query.limit).map(toNotification),
    unread_count: await countUnread(deps.db, user.id, UNREAD_COUNT_CAP),
    unread_threads: unreadThreads,
    has_more: rows.length > query.limit,
  };
}

export async function markAsRead(
  deps: Deps,
  user: AuthUser,
  body: z.output<typeof markReadSchema>,
) {
  const marked = await markRead(deps.db, user.id, 'all' in body ? 'all' : body.ids);
  return {
    message: NOTIFICATION_MESSAGES.marked,
    marked,
    unread_count: await countUnread(deps.db, user.id, UNREAD_COUNT_CAP),
  };
}

/** Only the events the caller's role can receive (docs/decisions/027). */
export async function getPreferences(deps: Deps, user: AuthUser) {
  const settings = await findSettings(deps.db, user.id);
  const off = settings?.emailOff ?? [];
  return { email: notificationTypesFor(user.role).filter((t) => !off.includes(t)) };
}

/**
 * Sets the mail choice of the events the role can receive; the choices of the others stay as they
 * were (a user whose company is approved later gets its events by mail unless they said no).
 */
export async function setPreferences(deps: Deps, user: AuthUser, email: NotificationType[]) {
  const own = notificationTypesFor(user.role);
  const before = (await findSettings(deps.db, user.id))?.emailOff ?? [];
  await saveEmailOff(
    deps.db,
    user.id,
    NOTIFICATION_TYPES.filter((t) => (own.includes(t) ? !email.includes(t) : before.includes(t))),
  );
  return {
    message: NOTIFICATION_MESSAGES.preferencesSaved,
    email: own.filter((t) => email.includes(t)),
  };
}

/** The one-click link of a notification mail: no login, the token names the user. */
export async function unsubscribe(deps: Deps, token: string, type: NotificationType) {
  if (!(await unsubscribeByToken(deps.db, token, type)))
    throw notFound(NOTIFICATION_MESSAGES.badUnsubscribeLink);
  return { message: NOTIFICATION_MESSAGES.unsubscribed(NOTIFICATION_TYPE_LABELS[type]) };
}
